import type { Labels } from '../components/labels.js';
import { createLocaleFormats } from '../components/locale-formats.js';
import { createPackLabels } from './pack-labels.js';

/** The locale the French labels are written for: give it to `AgentMessagesProvider` with them. */
export const locale = 'fr';

/** The text direction of French, for the app's root element. */
export const direction = 'ltr';

const formats = createLocaleFormats(locale);
const { number, plural } = formats;

/** French puts a no-break space before `:`, `?`, `!` and `;`. */
const nb = '\u00a0';

/** Every string the components show, in French (plurals and numbers through `Intl` for `fr`). */
export const labels: Labels = createPackLabels(formats, {
  // Approval rules
  ruleText: (tool, pattern) =>
    pattern === null ? `${tool} (tout appel)` : `${tool}${nb}: ${pattern}`,
  decidedByRule: (decision, rule) =>
    decision === 'allow' ? `Autorisé par la règle ${rule}` : `Refusé par la règle ${rule}`,
  revokeRule: 'Révoquer',
  revokeRuleNamed: (rule) => `Révoquer la règle ${rule}`,
  ruleRevoked: 'Règle révoquée',
  approvalRules: 'Règles d’autorisation',
  rulesHeading: 'Règles',
  rulesEmpty: `Aucune règle pour l’instant. Choisissez «${nb}Toujours autoriser${nb}» sur une demande pour en ajouter une.`,
  logHeading: 'Décisions',
  logEmpty: 'Aucune décision pour l’instant',
  exportLog: 'Exporter le journal (JSON)',
  ruleColumns: {
    tool: 'Outil',
    pattern: 'Motif',
    behavior: 'Action',
    scope: 'Durée',
    added: 'Ajoutée',
    uses: 'Utilisée',
  },
  logColumns: {
    time: 'Heure',
    tool: 'Outil',
    arguments: 'Arguments',
    decision: 'Décision',
    decidedBy: 'Décidé par',
  },
  anyInvocation: 'Tout appel',
  ruleScope: { once: 'Une fois', session: 'Cette session', always: 'Toujours' },
  ruleBehavior: {
    allow: 'Autoriser',
    deny: 'Refuser',
    ask: 'Demander',
    passthrough: 'Transmettre',
  },
  approvalDecision: { allow: 'Autorisé', deny: 'Refusé' },
  decidedBy: (by, rule) => (by === 'user' ? 'Vous' : rule === null ? 'Une règle' : `Règle ${rule}`),
  timesUsed: (n) =>
    n === 0 ? 'Pas encore' : plural(n, { one: '# fois', many: '# de fois', other: '# fois' }),
  olderDecisions: {
    one: '# décision plus ancienne',
    many: '# de décisions plus anciennes',
    other: '# décisions plus anciennes',
  },
  policyProblems: (n) =>
    `${plural(n, { one: '# problème', many: '# de problèmes', other: '# problèmes' })} avec les règles ou leur stockage`,
  // Chat
  composerLabel: 'Message',
  composerPlaceholder: 'Envoyer un message…',
  send: 'Envoyer',
  stop: 'Arrêter',
  composerAwaitingConfirmation: 'Répondez d’abord à la demande d’autorisation ci-dessus',
  sendFailed: 'Votre message n’a pas été envoyé. Réessayez.',
  queueMessage: 'Mettre en file',
  queuedMessages: 'Messages en attente',
  queuedMessage: (position) => `Message en attente ${number(position)}`,
  sendNow: 'Envoyer maintenant',
  steer: 'Orienter',
  steerFailed: 'Non ajouté à la réponse en cours ; il attend dans la file.',
  removeQueued: 'Retirer',
  restoreQueued: 'Rétablir',
  queuedMessageState: { queued: 'En attente', sent: 'Envoyé', cancelled: 'Annulé' },
  queuedFiles: { one: '# fichier', other: '# fichiers' },
  queuePausedByStop: 'File en pause : la réponse a été arrêtée.',
  queuePausedByError: 'File en pause : un problème est survenu.',
  resumeQueue: 'Reprendre',
  attachFiles: 'Joindre des fichiers',
  attachments: 'Pièces jointes',
  dropFiles: 'Déposez des fichiers pour les joindre',
  removeAttachment: (name) => `Retirer ${name}`,
  attachmentTooLarge: (name, limit) => `${name} dépasse ${limit}`,
  attachmentTypeRejected: (name) => `${name}${nb}: ce type de fichier ne peut pas être joint`,
  tooManyAttachments: (max) =>
    `Vous pouvez joindre au plus ${plural(max, { one: '# fichier', many: '# de fichiers', other: '# fichiers' })}`,
  branches: 'Versions',
  previousBranch: 'Version précédente',
  nextBranch: 'Version suivante',
  branchCounter: (position, total) => `${number(position)} / ${number(total)}`,
  branchPosition: (position, total) => `Version ${number(position)} sur ${number(total)}`,
  subagentRun: (name, n) =>
    `Sous-agent${name === null ? '' : ` ${name}`}${nb}: ${plural(n, { one: '# message', many: '# de messages', other: '# messages' })}`,
  messageActions: 'Actions du message',
  copyFailed: 'Échec de la copie',
  retry: 'Réessayer',
  edit: 'Modifier',
  editMessage: 'Modifier le message',
  save: 'Enregistrer',
  cancel: 'Annuler',
  goodResponse: 'Bonne réponse',
  badResponse: 'Mauvaise réponse',
  // Protocol views
  dataPart: (name) => `Données${nb}: ${name}`,
  dataPartFailed: (name) =>
    `La vue ${name} n’a pas pu être affichée${nb}; ses données sont affichées à la place.`,
  interruptTitle: 'L’agent a besoin de votre réponse',
  interruptSubmit: 'Envoyer',
  interruptCancel: 'Annuler',
  interruptRequired: 'obligatoire',
  interruptJsonAnswer: 'Réponse (JSON)',
  interruptInvalidJson: 'JSON non valide',
  interruptNoChoice: '—',
  interruptInvalidNumber: 'Saisissez un nombre',
  interruptSending: 'Envoi…',
  interruptSent: 'Réponse envoyée',
  interruptFailed: 'La réponse n’a pas pu être envoyée. Réessayez.',
  // Messages and blocks
  roles: { user: 'Vous', assistant: 'Assistant', system: 'Système', tool: 'Outil' },
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
  finishedReason: {
    completed: 'Terminé',
    interrupted: 'Interrompu par l’utilisateur',
    exceed_max_iters: 'Arrêté après avoir atteint le nombre maximal d’étapes',
    error: 'Échec',
  },
  toolCallState: {
    pending: 'En attente',
    asking: 'Autorisation requise',
    allowed: 'Autorisé',
    submitted: 'Exécution externe',
    finished: 'Terminé',
  },
  toolResultState: {
    running: 'En cours',
    success: 'Réussi',
    error: 'Échec',
    interrupted: 'Interrompu',
    denied: 'Refusé',
  },
  media: { image: 'Image', audio: 'Audio', video: 'Vidéo', document: 'Document', file: 'Fichier' },
  thinking: 'Réflexion…',
  thoughtFor: (seconds) => `Réflexion pendant ${formats.duration(seconds)}`,
  redactedThinking: 'Raisonnement masqué par le fournisseur',
  reasoning: 'Réflexions',
  copy: 'Copier',
  copied: 'Copié',
  showRaw: 'Afficher les données brutes',
  showAll: (characters) =>
    `Tout afficher (${plural(characters, { one: '# caractère', many: '# de caractères', other: '# caractères' })})`,
  showLess: 'Afficher moins',
  blockFailed: (type) => `Ce bloc (${type}) n’a pas pu être affiché.`,
  unsupportedContent: (type) => `Contenu non pris en charge${nb}: ${type}`,
  arguments: 'Arguments',
  result: 'Résultat',
  remoteTool: 'S’exécute dans votre app',
  noArguments: 'Aucun argument',
  argumentsInPrompt: 'Affichés dans la demande d’autorisation ci-dessous',
  invalidArguments: `JSON non valide${nb}: affiché tel que reçu`,
  noOutput: 'Aucune sortie',
  systemReminder: 'Note système',
  hiddenCharacter: (codePoint) => `Caractère masqué ${codePoint} (non copié)`,
  hiddenCharacters:
    'Contient des caractères masqués, affichés comme [U+…] et omis lors de la copie.',
  outputCapped: (shown, total) =>
    `Affichage des ${plural(shown, { one: '# premier caractère', many: '# premiers caractères', other: '# premiers caractères' })} sur ${number(total)}`,
  showMore: (n) => `Afficher ${number(n)} de plus`,
  jsonEntries: { one: '# élément', many: '# d’éléments', other: '# éléments' },
  startedAt: (date) => `Commencé le ${formats.date(date)}`,
  tokens: (input, output) =>
    `${plural(input, { one: '# jeton', many: '# de jetons', other: '# jetons' })} en entrée · ${plural(output, { one: '# jeton', many: '# de jetons', other: '# jetons' })} en sortie`,
  cacheTokens: {
    one: '# jeton en cache',
    many: '# de jetons en cache',
    other: '# jetons en cache',
  },
  loadMedia: (host) => `Charger depuis ${host}`,
  blockedUrl: 'Lien bloqué',
  unresolvedMedia: (name) => `${name} (non disponible)`,
  mediaLoading: 'Chargement…',
  mediaBlocked: (reason) => `Bloqué${nb}: ${reason}`,
  mediaFailed: (name) => `Impossible de charger ${name}`,
  downloadFile: (name) => `Télécharger ${name}`,
  viewImage: (alt) => `Ouvrir l’image${nb}: ${alt}`,
  documentPreview: (name) => `Aperçu de ${name}`,
  openDocument: (host) => `Ouvrir sur ${host}`,
  pageList: (pages) =>
    `${pages.length === 1 ? 'Page' : 'Pages'} ${pages.map((page) => number(page)).join(', ')}`,
  download: 'Télécharger',
  openImage: 'Ouvrir l’image',
  close: 'Fermer',
  transcript: 'Transcription',
  pages: { one: '# page', many: '# de pages', other: '# pages' },
  sources: 'Sources',
  citation: (index) => `Source ${number(index)}`,
  citationPage: (page) => `Page ${number(page)}`,
  opensInNewTab: '(s’ouvre dans un nouvel onglet)',
  linksTo: (host) => `renvoie vers ${host}`,
  thisSite: 'ce site',
  blockedImage: 'Image bloquée',
  taskDone: 'Fait',
  taskOpen: 'À faire',
  footnotes: 'Notes de bas de page',
  backToReference: (index) => `Retour à la référence ${number(index)}`,
  allow: 'Autoriser',
  alwaysAllow: (tool, rule) =>
    `Toujours autoriser ${tool}${rule === null ? ' (tout appel)' : `${nb}: ${rule}`}`,
  deny: 'Refuser',
  allowAll: 'Tout autoriser',
  denyAll: 'Tout refuser',
  confirmationTitle: {
    one: 'L’agent veut exécuter un outil',
    many: 'L’agent veut exécuter # d’outils',
    other: 'L’agent veut exécuter # outils',
  },
  sending: 'Envoi…',
  decisionFailed: 'Votre décision n’a pas pu être envoyée. Réessayez.',
  decisionSent: (confirmed) =>
    confirmed ? 'Autorisé. En attente de l’agent…' : 'Refusé. En attente de l’agent…',
  duplicateKeys: `Ces arguments répètent une clé, et les outils peuvent lire l’une ou l’autre valeur${nb}: affichés exactement tels qu’envoyés.`,
  reviewArguments: `Ces arguments sont longs${nb}: affichez-les en entier avant d’autoriser l’appel.`,
  confirmationArming: 'Disponible dans un instant',
  error: 'Erreur',
  hint: 'Note',
  contextCompacted: (tokens) =>
    tokens === null
      ? 'Contexte compacté'
      : `Contexte compacté — ${plural(tokens, { one: '# jeton résumé', many: '# de jetons résumés', other: '# jetons résumés' })}`,
  branchSummary: (label) =>
    label === null ? 'Résumé de la branche' : `Résumé de la branche${nb}: ${label}`,
  dismiss: 'Fermer',
  listLabel: 'Conversation',
  listEmpty: 'Aucun message pour l’instant',
  listLoading: 'Chargement…',
  listLoadingOlder: 'Chargement des messages précédents…',
  replyPending: (name) => `${name} réfléchit…`,
  jumpToLatest: 'Aller au plus récent',
  newMessages: {
    one: '# nouveau message',
    many: '# de nouveaux messages',
    other: '# nouveaux messages',
  },
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
  a2uiLoading: 'Chargement de l’interface…',
  a2uiMissing:
    'Aucun moteur de rendu A2UI n’est configuré pour cette interface ; son contenu est affiché à la place.',
  a2uiFailed: 'Cette interface n’a pas pu être affichée ; son contenu est affiché à la place.',
  // MCP Apps
  mcpAppTitle: (name) => `Application : ${name}`,
  mcpAppLoading: 'Chargement de l’application…',
  mcpAppFailed: 'L’application n’a pas pu être chargée.',
  mcpAppTimeout: 'L’application n’a pas démarré.',
  mcpAppBlocked: 'Bloquée : l’application a envoyé trop de messages.',
});
