import type { Labels } from '../components/labels.js';
import { createLocaleFormats } from '../components/locale-formats.js';
import { createPackLabels } from './pack-labels.js';

/** The locale the German labels are written for: give it to `AgentMessagesProvider` with them. */
export const locale = 'de';

/** The text direction of German, for the app's root element. */
export const direction = 'ltr';

const formats = createLocaleFormats(locale);
const { number, plural } = formats;

/** Every string the components show, in German (plurals and numbers through `Intl` for `de`). */
export const labels: Labels = createPackLabels(formats, {
  // Approval rules
  ruleText: (tool, pattern) =>
    pattern === null ? `${tool} (jeder Aufruf)` : `${tool}: ${pattern}`,
  decidedByRule: (decision, rule) =>
    decision === 'allow' ? `Erlaubt durch Regel ${rule}` : `Abgelehnt durch Regel ${rule}`,
  revokeRule: 'Widerrufen',
  revokeRuleNamed: (rule) => `Regel ${rule} widerrufen`,
  ruleRevoked: 'Regel widerrufen',
  approvalRules: 'Freigaberegeln',
  rulesHeading: 'Regeln',
  rulesEmpty:
    'Noch keine Regeln. Wählen Sie bei einer Anfrage „Immer erlauben“, um eine anzulegen.',
  logHeading: 'Entscheidungen',
  logEmpty: 'Noch keine Entscheidungen',
  exportLog: 'Protokoll exportieren (JSON)',
  ruleColumns: {
    tool: 'Tool',
    pattern: 'Muster',
    behavior: 'Aktion',
    scope: 'Gültig',
    added: 'Hinzugefügt',
    uses: 'Verwendet',
  },
  logColumns: {
    time: 'Zeit',
    tool: 'Tool',
    arguments: 'Argumente',
    decision: 'Entscheidung',
    decidedBy: 'Entschieden von',
  },
  anyInvocation: 'Jeder Aufruf',
  ruleScope: { once: 'Einmal', session: 'Diese Sitzung', always: 'Immer' },
  ruleBehavior: {
    allow: 'Erlauben',
    deny: 'Ablehnen',
    ask: 'Nachfragen',
    passthrough: 'Durchreichen',
  },
  approvalDecision: { allow: 'Erlaubt', deny: 'Abgelehnt' },
  decidedBy: (by, rule) => (by === 'user' ? 'Sie' : rule === null ? 'Eine Regel' : `Regel ${rule}`),
  timesUsed: (n) => (n === 0 ? 'Noch nicht' : plural(n, { one: '# Mal', other: '# Mal' })),
  olderDecisions: { one: '# ältere Entscheidung', other: '# ältere Entscheidungen' },
  policyProblems: (n) =>
    `${plural(n, { one: '# Problem', other: '# Probleme' })} mit den Regeln oder ihrem Speicher`,
  // Chat
  composerLabel: 'Nachricht',
  composerPlaceholder: 'Nachricht senden…',
  send: 'Senden',
  stop: 'Stoppen',
  composerAwaitingConfirmation: 'Beantworten Sie zuerst die Freigabeanfrage oben',
  sendFailed: 'Ihre Nachricht wurde nicht gesendet. Versuchen Sie es erneut.',
  queueMessage: 'Einreihen',
  queuedMessages: 'Nachrichten in der Warteschlange',
  queuedMessage: (position) => `Nachricht in der Warteschlange ${number(position)}`,
  sendNow: 'Jetzt senden',
  steer: 'Steuern',
  steerFailed: 'Nicht in die laufende Antwort aufgenommen; sie wartet in der Warteschlange.',
  removeQueued: 'Entfernen',
  restoreQueued: 'Wiederherstellen',
  queuedMessageState: { queued: 'Wartet', sent: 'Gesendet', cancelled: 'Abgebrochen' },
  queuedFiles: { one: '# Datei', other: '# Dateien' },
  queuePausedByStop: 'Warteschlange angehalten: Die Antwort wurde gestoppt.',
  queuePausedByError: 'Warteschlange angehalten: Etwas ist schiefgelaufen.',
  resumeQueue: 'Fortsetzen',
  attachFiles: 'Dateien anhängen',
  attachments: 'Anhänge',
  dropFiles: 'Dateien zum Anhängen hier ablegen',
  removeAttachment: (name) => `${name} entfernen`,
  attachmentTooLarge: (name, limit) => `${name} ist größer als ${limit}`,
  attachmentTypeRejected: (name) => `${name}: Dateien dieses Typs können nicht angehängt werden`,
  tooManyAttachments: (max) =>
    `Sie können höchstens ${plural(max, { one: '# Datei', other: '# Dateien' })} anhängen`,
  branches: 'Versionen',
  previousBranch: 'Vorherige Version',
  nextBranch: 'Nächste Version',
  branchCounter: (position, total) => `${number(position)} / ${number(total)}`,
  branchPosition: (position, total) => `Version ${number(position)} von ${number(total)}`,
  subagentRun: (name, n) =>
    `Subagent${name === null ? '' : ` ${name}`}: ${plural(n, { one: '# Nachricht', other: '# Nachrichten' })}`,
  messageActions: 'Nachrichtenaktionen',
  copyFailed: 'Kopieren fehlgeschlagen',
  retry: 'Erneut versuchen',
  edit: 'Bearbeiten',
  editMessage: 'Nachricht bearbeiten',
  save: 'Speichern',
  cancel: 'Abbrechen',
  goodResponse: 'Gute Antwort',
  badResponse: 'Schlechte Antwort',
  // Protocol views
  dataPart: (name) => `Daten: ${name}`,
  dataPartFailed: (name) =>
    `Die Ansicht ${name} konnte nicht angezeigt werden; stattdessen werden ihre Daten gezeigt.`,
  interruptTitle: 'Der Agent braucht Ihre Eingabe',
  interruptSubmit: 'Absenden',
  interruptCancel: 'Abbrechen',
  interruptRequired: 'erforderlich',
  interruptJsonAnswer: 'Antwort (JSON)',
  interruptInvalidJson: 'Kein gültiges JSON',
  interruptNoChoice: '—',
  interruptInvalidNumber: 'Geben Sie eine Zahl ein',
  interruptSending: 'Wird gesendet…',
  interruptSent: 'Antwort gesendet',
  interruptFailed: 'Die Antwort konnte nicht gesendet werden. Versuchen Sie es erneut.',
  // Messages and blocks
  roles: { user: 'Sie', assistant: 'Assistent', system: 'System', tool: 'Tool' },
  replyStatus: {
    idle: 'Bereit',
    connecting: 'Verbinde…',
    streaming: 'Antwortet…',
    'awaiting-confirmation': 'Wartet auf Ihre Freigabe',
    'awaiting-external': 'Wartet auf ein externes Tool',
    done: 'Fertig',
    error: 'Fehlgeschlagen',
    interrupted: 'Unterbrochen',
    exceeded: 'Gestoppt: zu viele Schritte',
    cancelled: 'Abgebrochen',
  },
  finishedReason: {
    completed: 'Abgeschlossen',
    interrupted: 'Vom Benutzer unterbrochen',
    exceed_max_iters: 'Nach Erreichen der maximalen Schrittzahl gestoppt',
    error: 'Fehlgeschlagen',
  },
  toolCallState: {
    pending: 'Ausstehend',
    asking: 'Freigabe nötig',
    allowed: 'Erlaubt',
    submitted: 'Läuft extern',
    finished: 'Beendet',
  },
  toolResultState: {
    running: 'Läuft',
    success: 'Erfolgreich',
    error: 'Fehlgeschlagen',
    interrupted: 'Unterbrochen',
    denied: 'Abgelehnt',
  },
  media: { image: 'Bild', audio: 'Audio', video: 'Video', document: 'Dokument', file: 'Datei' },
  thinking: 'Denkt nach…',
  thoughtFor: (seconds) => `${formats.duration(seconds)} nachgedacht`,
  redactedThinking: 'Gedankengang vom Anbieter ausgeblendet',
  reasoning: 'Gedanken',
  copy: 'Kopieren',
  copied: 'Kopiert',
  showRaw: 'Rohdaten anzeigen',
  showAll: (characters) =>
    `Alles anzeigen (${plural(characters, { one: '# Zeichen', other: '# Zeichen' })})`,
  showLess: 'Weniger anzeigen',
  blockFailed: (type) => `Dieser Block (${type}) konnte nicht angezeigt werden.`,
  unsupportedContent: (type) => `Nicht unterstützter Inhalt: ${type}`,
  arguments: 'Argumente',
  result: 'Ergebnis',
  remoteTool: 'Läuft in Ihrer App',
  noArguments: 'Keine Argumente',
  argumentsInPrompt: 'In der Freigabeanfrage unten angezeigt',
  invalidArguments: 'Kein gültiges JSON: so angezeigt, wie empfangen',
  noOutput: 'Keine Ausgabe',
  systemReminder: 'Systemhinweis',
  hiddenCharacter: (codePoint) => `Verborgenes Zeichen ${codePoint} (wird nicht kopiert)`,
  hiddenCharacters:
    'Enthält verborgene Zeichen, angezeigt als [U+…] und beim Kopieren weggelassen.',
  outputCapped: (shown, total) =>
    `Die ersten ${plural(shown, { one: '# Zeichen', other: '# Zeichen' })} von ${number(total)} werden angezeigt`,
  showMore: (n) => `${number(n)} weitere anzeigen`,
  jsonEntries: { one: '# Eintrag', other: '# Einträge' },
  startedAt: (date) => `Gestartet ${formats.date(date)}`,
  tokens: (input, output) =>
    `${plural(input, { one: '# Token', other: '# Tokens' })} ein · ${plural(output, { one: '# Token', other: '# Tokens' })} aus`,
  cacheTokens: { one: '# Token aus dem Cache', other: '# Tokens aus dem Cache' },
  loadMedia: (host) => `Von ${host} laden`,
  blockedUrl: 'Blockierter Link',
  unresolvedMedia: (name) => `${name} (nicht verfügbar)`,
  mediaLoading: 'Wird geladen…',
  mediaBlocked: (reason) => `Blockiert: ${reason}`,
  mediaFailed: (name) => `${name} konnte nicht geladen werden`,
  downloadFile: (name) => `${name} herunterladen`,
  viewImage: (alt) => `Bild öffnen: ${alt}`,
  documentPreview: (name) => `Vorschau von ${name}`,
  openDocument: (host) => `Auf ${host} öffnen`,
  pageList: (pages) =>
    `${pages.length === 1 ? 'Seite' : 'Seiten'} ${pages.map((page) => number(page)).join(', ')}`,
  download: 'Herunterladen',
  openImage: 'Bild öffnen',
  close: 'Schließen',
  transcript: 'Transkript',
  pages: { one: '# Seite', other: '# Seiten' },
  sources: 'Quellen',
  citation: (index) => `Quelle ${number(index)}`,
  citationPage: (page) => `Seite ${number(page)}`,
  opensInNewTab: '(öffnet in neuem Tab)',
  linksTo: (host) => `verweist auf ${host}`,
  thisSite: 'diese Website',
  blockedImage: 'Blockiertes Bild',
  taskDone: 'Erledigt',
  taskOpen: 'Nicht erledigt',
  footnotes: 'Fußnoten',
  backToReference: (index) => `Zurück zu Verweis ${number(index)}`,
  allow: 'Erlauben',
  alwaysAllow: (tool, rule) =>
    `${tool} immer erlauben${rule === null ? ' (jeder Aufruf)' : `: ${rule}`}`,
  deny: 'Ablehnen',
  allowAll: 'Alle erlauben',
  denyAll: 'Alle ablehnen',
  confirmationTitle: {
    one: 'Der Agent möchte ein Tool ausführen',
    other: 'Der Agent möchte # Tools ausführen',
  },
  sending: 'Wird gesendet…',
  decisionFailed: 'Ihre Entscheidung konnte nicht gesendet werden. Versuchen Sie es erneut.',
  decisionSent: (confirmed) =>
    confirmed ? 'Erlaubt. Warte auf den Agenten…' : 'Abgelehnt. Warte auf den Agenten…',
  duplicateKeys:
    'Diese Argumente wiederholen einen Schlüssel, und Tools lesen womöglich einen der beiden Werte: genau so angezeigt, wie gesendet.',
  reviewArguments:
    'Diese Argumente sind lang: Zeigen Sie sie ganz an, bevor Sie den Aufruf erlauben.',
  confirmationArming: 'Gleich verfügbar',
  error: 'Fehler',
  hint: 'Hinweis',
  contextCompacted: (tokens) =>
    tokens === null
      ? 'Kontext verdichtet'
      : `Kontext verdichtet – ${plural(tokens, { one: '# Token', other: '# Tokens' })} zusammengefasst`,
  branchSummary: (label) =>
    label === null ? 'Zusammenfassung des Zweigs' : `Zusammenfassung des Zweigs: ${label}`,
  dismiss: 'Schließen',
  listLabel: 'Unterhaltung',
  listEmpty: 'Noch keine Nachrichten',
  listLoading: 'Wird geladen…',
  listLoadingOlder: 'Frühere Nachrichten werden geladen…',
  replyPending: (name) => `${name} denkt nach…`,
  jumpToLatest: 'Zur neuesten Nachricht',
  newMessages: { one: '# neue Nachricht', other: '# neue Nachrichten' },
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
  a2uiLoading: 'Oberfläche wird geladen …',
  a2uiMissing:
    'Für diese Oberfläche ist kein A2UI-Renderer eingerichtet; stattdessen wird ihr Inhalt gezeigt.',
  a2uiFailed:
    'Diese Oberfläche konnte nicht angezeigt werden; stattdessen wird ihr Inhalt gezeigt.',
  // MCP Apps
  mcpAppTitle: (name) => `App: ${name}`,
  mcpAppLoading: 'App wird geladen …',
  mcpAppFailed: 'Die App konnte nicht geladen werden.',
  mcpAppTimeout: 'Die App ist nicht gestartet.',
  mcpAppBlocked: 'Blockiert: Die App hat zu viele Nachrichten gesendet.',
});
