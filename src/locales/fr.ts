import type { Labels } from '../components/labels.js';
import { createPackLabels } from './pack-labels.js';
import words from './fr.json' with { type: 'json' };

/** The locale the French labels are written for: give it to `AgentMessagesProvider` with them. */
export const locale = 'fr';

/** The text direction of French, for the app's root element. */
export const direction = 'ltr';

/** French puts a no-break space before `:`, `?`, `!` and `;`. */
const nb = '\u00a0';

/** Every string the components show, in French (plurals and numbers through `Intl` for `fr`). */
export const labels: Labels = createPackLabels(locale, ({ number, plural, ...formats }) => ({
  ...words,
  // Approval rules
  ruleText: (tool, pattern) =>
    pattern === null ? `${tool} (tout appel)` : `${tool}${nb}: ${pattern}`,
  decidedByRule: (decision, rule) =>
    decision === 'allow' ? `Autorisé par la règle ${rule}` : `Refusé par la règle ${rule}`,
  revokeRuleNamed: (rule) => `Révoquer la règle ${rule}`,
  rulesEmpty: `Aucune règle pour l’instant. Choisissez «${nb}Toujours autoriser${nb}» sur une demande pour en ajouter une.`,
  decidedBy: (by, rule) => (by === 'user' ? 'Vous' : rule === null ? 'Une règle' : `Règle ${rule}`),
  timesUsed: (n) =>
    n === 0 ? 'Pas encore' : plural(n, { one: '# fois', many: '# de fois', other: '# fois' }),
  policyProblems: (n) =>
    `${plural(n, { one: '# problème', many: '# de problèmes', other: '# problèmes' })} avec les règles ou leur stockage`,
  // Chat
  queuedMessage: (position) => `Message en attente ${number(position)}`,
  removeAttachment: (name) => `Retirer ${name}`,
  attachmentTooLarge: (name, limit) => `${name} dépasse ${limit}`,
  attachmentTypeRejected: (name) => `${name}${nb}: ce type de fichier ne peut pas être joint`,
  tooManyAttachments: (max) =>
    `Vous pouvez joindre au plus ${plural(max, { one: '# fichier', many: '# de fichiers', other: '# fichiers' })}`,
  branchCounter: (position, total) => `${number(position)} / ${number(total)}`,
  branchPosition: (position, total) => `Version ${number(position)} sur ${number(total)}`,
  subagentRun: (name, n) =>
    `Sous-agent${name === null ? '' : ` ${name}`}${nb}: ${plural(n, { one: '# message', many: '# de messages', other: '# messages' })}`,
  // Protocol views
  dataPart: (name) => `Données${nb}: ${name}`,
  dataPartFailed: (name) =>
    `La vue ${name} n’a pas pu être affichée${nb}; ses données sont affichées à la place.`,
  // Messages and blocks
  replyStatus: {
    idle: 'Inactif',
    connecting: 'Connexion…',
    streaming: 'Réponse en cours…',
    'awaiting-confirmation': 'En attente de votre autorisation',
    'awaiting-external': 'En attente d’un outil externe',
    done: 'Terminé',
    error: 'Échec',
    interrupted: 'Interrompu',
    exceeded: `Arrêté${nb}: trop d’étapes`,
    cancelled: 'Annulé',
  },
  thoughtFor: (seconds) => `Réflexion pendant ${formats.duration(seconds)}`,
  showAll: (characters) =>
    `Tout afficher (${plural(characters, { one: '# caractère', many: '# de caractères', other: '# caractères' })})`,
  blockFailed: (type) => `Ce bloc (${type}) n’a pas pu être affiché.`,
  unsupportedContent: (type) => `Contenu non pris en charge${nb}: ${type}`,
  invalidArguments: `JSON non valide${nb}: affiché tel que reçu`,
  hiddenCharacter: (codePoint) => `Caractère masqué ${codePoint} (non copié)`,
  outputCapped: (shown, total) =>
    `Affichage des ${plural(shown, { one: '# premier caractère', many: '# premiers caractères', other: '# premiers caractères' })} sur ${number(total)}`,
  showMore: (n) => `Afficher ${number(n)} de plus`,
  startedAt: (date) => `Commencé le ${formats.date(date)}`,
  tokens: (input, output) =>
    `${plural(input, { one: '# jeton', many: '# de jetons', other: '# jetons' })} en entrée · ${plural(output, { one: '# jeton', many: '# de jetons', other: '# jetons' })} en sortie`,
  loadMedia: (host) => `Charger depuis ${host}`,
  unresolvedMedia: (name) => `${name} (non disponible)`,
  mediaBlocked: (reason) => `Bloqué${nb}: ${reason}`,
  mediaFailed: (name) => `Impossible de charger ${name}`,
  downloadFile: (name) => `Télécharger ${name}`,
  viewImage: (alt) => `Ouvrir l’image${nb}: ${alt}`,
  documentPreview: (name) => `Aperçu de ${name}`,
  openDocument: (host) => `Ouvrir sur ${host}`,
  pageList: (pages) =>
    `${pages.length === 1 ? 'Page' : 'Pages'} ${pages.map((page) => number(page)).join(', ')}`,
  citation: (index) => `Source ${number(index)}`,
  citationPage: (page) => `Page ${number(page)}`,
  linksTo: (host) => `renvoie vers ${host}`,
  backToReference: (index) => `Retour à la référence ${number(index)}`,
  alwaysAllow: (tool, rule) =>
    `Toujours autoriser ${tool}${rule === null ? ' (tout appel)' : `${nb}: ${rule}`}`,
  decisionSent: (confirmed) =>
    confirmed ? 'Autorisé. En attente de l’agent…' : 'Refusé. En attente de l’agent…',
  duplicateKeys: `Ces arguments répètent une clé, et les outils peuvent lire l’une ou l’autre valeur${nb}: affichés exactement tels qu’envoyés.`,
  reviewArguments: `Ces arguments sont longs${nb}: affichez-les en entier avant d’autoriser l’appel.`,
  contextCompacted: (tokens) =>
    tokens === null
      ? 'Contexte compacté'
      : `Contexte compacté — ${plural(tokens, { one: '# jeton résumé', many: '# de jetons résumés', other: '# jetons résumés' })}`,
  branchSummary: (label) =>
    label === null ? 'Résumé de la branche' : `Résumé de la branche${nb}: ${label}`,
  replyPending: (name) => `${name} réfléchit…`,
  textFinished: (name, excerpt) => `${name}${nb}: ${excerpt}`,
  replyEnded: (name, status) =>
    ({
      done: `${name} a fini de répondre`,
      error: 'La réponse a échoué',
      interrupted: 'Réponse interrompue',
      exceeded: `Réponse arrêtée${nb}: trop d’étapes`,
    })[status],
  toolEnded: (name, state) =>
    ({
      running: `Outil ${name} en cours`,
      success: `Outil ${name} terminé`,
      error: `Échec de l’outil ${name}`,
      interrupted: `Outil ${name} interrompu`,
      denied: `Outil ${name} refusé`,
    })[state],
  approvalNeeded: (name) => `Autorisation requise${nb}: outil ${name}`,
  // Activities
  activity: (type) => `Activité : ${type}`,
  activityFailed: (type) => `L’affichage ${type} a échoué ; son contenu est affiché à la place.`,
  // MCP Apps
  mcpAppTitle: (name) => `Application : ${name}`,
}));
