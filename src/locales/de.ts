import type { Labels } from '../components/labels.js';
import { createPackLabels } from './pack-labels.js';
import words from './de.json' with { type: 'json' };

/** The locale the German labels are written for: give it to `AgentMessagesProvider` with them. */
export const locale = 'de';

/** The text direction of German, for the app's root element. */
export const direction = 'ltr';

/** Every string the components show, in German (plurals and numbers through `Intl` for `de`). */
export const labels: Labels = createPackLabels(locale, ({ number, plural, ...formats }) => ({
  ...words,
  // Approval rules
  ruleText: (tool, pattern) =>
    pattern === null ? `${tool} (jeder Aufruf)` : `${tool}: ${pattern}`,
  decidedByRule: (decision, rule) =>
    decision === 'allow' ? `Erlaubt durch Regel ${rule}` : `Abgelehnt durch Regel ${rule}`,
  revokeRuleNamed: (rule) => `Regel ${rule} widerrufen`,
  decidedBy: (by, rule) => (by === 'user' ? 'Sie' : rule === null ? 'Eine Regel' : `Regel ${rule}`),
  timesUsed: (n) => (n === 0 ? 'Noch nicht' : plural(n, { one: '# Mal', other: '# Mal' })),
  policyProblems: (n) =>
    `${plural(n, { one: '# Problem', other: '# Probleme' })} mit den Regeln oder ihrem Speicher`,
  // Chat
  queuedMessage: (position) => `Nachricht in der Warteschlange ${number(position)}`,
  removeAttachment: (name) => `${name} entfernen`,
  attachmentTooLarge: (name, limit) => `${name} ist größer als ${limit}`,
  attachmentTypeRejected: (name) => `${name}: Dateien dieses Typs können nicht angehängt werden`,
  tooManyAttachments: (max) =>
    `Sie können höchstens ${plural(max, { one: '# Datei', other: '# Dateien' })} anhängen`,
  branchCounter: (position, total) => `${number(position)} / ${number(total)}`,
  branchPosition: (position, total) => `Version ${number(position)} von ${number(total)}`,
  subagentRun: (name, n) =>
    `Subagent${name === null ? '' : ` ${name}`}: ${plural(n, { one: '# Nachricht', other: '# Nachrichten' })}`,
  // Protocol views
  dataPart: (name) => `Daten: ${name}`,
  dataPartFailed: (name) =>
    `Die Ansicht ${name} konnte nicht angezeigt werden; stattdessen werden ihre Daten gezeigt.`,
  // Messages and blocks
  thoughtFor: (seconds) => `${formats.duration(seconds)} nachgedacht`,
  showAll: (characters) =>
    `Alles anzeigen (${plural(characters, { one: '# Zeichen', other: '# Zeichen' })})`,
  blockFailed: (type) => `Dieser Block (${type}) konnte nicht angezeigt werden.`,
  unsupportedContent: (type) => `Nicht unterstützter Inhalt: ${type}`,
  hiddenCharacter: (codePoint) => `Verborgenes Zeichen ${codePoint} (wird nicht kopiert)`,
  outputCapped: (shown, total) =>
    `Die ersten ${plural(shown, { one: '# Zeichen', other: '# Zeichen' })} von ${number(total)} werden angezeigt`,
  showMore: (n) => `${number(n)} weitere anzeigen`,
  startedAt: (date) => `Gestartet ${formats.date(date)}`,
  tokens: (input, output) =>
    `${plural(input, { one: '# Token', other: '# Tokens' })} ein · ${plural(output, { one: '# Token', other: '# Tokens' })} aus`,
  loadMedia: (host) => `Von ${host} laden`,
  unresolvedMedia: (name) => `${name} (nicht verfügbar)`,
  mediaBlocked: (reason) => `Blockiert: ${reason}`,
  mediaFailed: (name) => `${name} konnte nicht geladen werden`,
  downloadFile: (name) => `${name} herunterladen`,
  viewImage: (alt) => `Bild öffnen: ${alt}`,
  documentPreview: (name) => `Vorschau von ${name}`,
  openDocument: (host) => `Auf ${host} öffnen`,
  pageList: (pages) =>
    `${pages.length === 1 ? 'Seite' : 'Seiten'} ${pages.map((page) => number(page)).join(', ')}`,
  citation: (index) => `Quelle ${number(index)}`,
  citationPage: (page) => `Seite ${number(page)}`,
  linksTo: (host) => `verweist auf ${host}`,
  backToReference: (index) => `Zurück zu Verweis ${number(index)}`,
  alwaysAllow: (tool, rule) =>
    `${tool} immer erlauben${rule === null ? ' (jeder Aufruf)' : `: ${rule}`}`,
  decisionSent: (confirmed) =>
    confirmed ? 'Erlaubt. Warte auf den Agenten…' : 'Abgelehnt. Warte auf den Agenten…',
  contextCompacted: (tokens) =>
    tokens === null
      ? 'Kontext verdichtet'
      : `Kontext verdichtet – ${plural(tokens, { one: '# Token', other: '# Tokens' })} zusammengefasst`,
  branchSummary: (label) =>
    label === null ? 'Zusammenfassung des Zweigs' : `Zusammenfassung des Zweigs: ${label}`,
  replyPending: (name) => `${name} denkt nach…`,
  textFinished: (name, excerpt) => `${name}: ${excerpt}`,
  replyEnded: (name, status) =>
    ({
      done: `${name} hat die Antwort beendet`,
      error: 'Antwort fehlgeschlagen',
      interrupted: 'Antwort unterbrochen',
      exceeded: 'Antwort gestoppt: zu viele Schritte',
    })[status],
  toolEnded: (name, state) =>
    ({
      running: `Tool ${name} läuft`,
      success: `Tool ${name} beendet`,
      error: `Tool ${name} fehlgeschlagen`,
      interrupted: `Tool ${name} unterbrochen`,
      denied: `Tool ${name} abgelehnt`,
    })[state],
  approvalNeeded: (name) => `Freigabe nötig: Tool ${name}`,
  // Activities
  activity: (type) => `Aktivität: ${type}`,
  activityFailed: (type) =>
    `Die Ansicht ${type} ist fehlgeschlagen; stattdessen wird ihr Inhalt gezeigt.`,
  // MCP Apps
  mcpAppTitle: (name) => `App: ${name}`,
}));
