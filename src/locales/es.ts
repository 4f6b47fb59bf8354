import type { Labels } from '../components/labels.js';
import { createLocaleFormats } from '../components/locale-formats.js';
import { createPackLabels } from './pack-labels.js';

/** The locale the Spanish labels are written for: give it to `AgentMessagesProvider` with them. */
export const locale = 'es';

/** The text direction of Spanish, for the app's root element. */
export const direction = 'ltr';

const formats = createLocaleFormats(locale);
const { number, plural } = formats;

/** Every string the components show, in Spanish (plurals and numbers through `Intl` for `es`). */
export const labels: Labels = createPackLabels(formats, {
  // Approval rules
  ruleText: (tool, pattern) =>
    pattern === null ? `${tool} (cualquier llamada)` : `${tool}: ${pattern}`,
  decidedByRule: (decision, rule) =>
    decision === 'allow' ? `Permitido por la regla ${rule}` : `Denegado por la regla ${rule}`,
  revokeRule: 'Revocar',
  revokeRuleNamed: (rule) => `Revocar la regla ${rule}`,
  ruleRevoked: 'Regla revocada',
  approvalRules: 'Reglas de aprobación',
  rulesHeading: 'Reglas',
  rulesEmpty: 'Aún no hay reglas. Elige «Permitir siempre» en una solicitud para añadir una.',
  logHeading: 'Decisiones',
  logEmpty: 'Aún no hay decisiones',
  exportLog: 'Exportar registro (JSON)',
  ruleColumns: {
    tool: 'Herramienta',
    pattern: 'Patrón',
    behavior: 'Acción',
    scope: 'Duración',
    added: 'Añadida',
    uses: 'Usos',
  },
  logColumns: {
    time: 'Hora',
    tool: 'Herramienta',
    arguments: 'Argumentos',
    decision: 'Decisión',
    decidedBy: 'Decidido por',
  },
  anyInvocation: 'Cualquier llamada',
  ruleScope: { once: 'Una vez', session: 'Esta sesión', always: 'Siempre' },
  ruleBehavior: { allow: 'Permitir', deny: 'Denegar', ask: 'Preguntar', passthrough: 'Transferir' },
  approvalDecision: { allow: 'Permitido', deny: 'Denegado' },
  decidedBy: (by, rule) => (by === 'user' ? 'Tú' : rule === null ? 'Una regla' : `Regla ${rule}`),
  timesUsed: (n) =>
    n === 0 ? 'Aún no' : plural(n, { one: '# vez', many: '# de veces', other: '# veces' }),
  olderDecisions: {
    one: '# decisión anterior',
    many: '# de decisiones anteriores',
    other: '# decisiones anteriores',
  },
  policyProblems: (n) =>
    `${plural(n, { one: '# problema', many: '# de problemas', other: '# problemas' })} con las reglas o su almacenamiento`,
  // Chat
  composerLabel: 'Mensaje',
  composerPlaceholder: 'Envía un mensaje…',
  send: 'Enviar',
  stop: 'Detener',
  composerAwaitingConfirmation: 'Primero responde a la solicitud de aprobación de arriba',
  sendFailed: 'Tu mensaje no se envió. Inténtalo de nuevo.',
  queueMessage: 'Poner en cola',
  queuedMessages: 'Mensajes en cola',
  queuedMessage: (position) => `Mensaje en cola ${number(position)}`,
  sendNow: 'Enviar ahora',
  removeQueued: 'Quitar',
  restoreQueued: 'Restaurar',
  queuedMessageState: { queued: 'En cola', sent: 'Enviado', cancelled: 'Cancelado' },
  queuedFiles: { one: '# archivo', other: '# archivos' },
  queuePausedByStop: 'Cola en pausa: se detuvo la respuesta.',
  queuePausedByError: 'Cola en pausa: algo salió mal.',
  resumeQueue: 'Reanudar',
  attachFiles: 'Adjuntar archivos',
  attachments: 'Archivos adjuntos',
  dropFiles: 'Suelta archivos para adjuntarlos',
  removeAttachment: (name) => `Quitar ${name}`,
  attachmentTooLarge: (name, limit) => `${name} supera ${limit}`,
  attachmentTypeRejected: (name) => `${name}: no se pueden adjuntar archivos de este tipo`,
  tooManyAttachments: (max) =>
    `Puedes adjuntar como máximo ${plural(max, { one: '# archivo', many: '# de archivos', other: '# archivos' })}`,
  branches: 'Versiones',
  previousBranch: 'Versión anterior',
  nextBranch: 'Versión siguiente',
  branchCounter: (position, total) => `${number(position)} / ${number(total)}`,
  branchPosition: (position, total) => `Versión ${number(position)} de ${number(total)}`,
  subagentRun: (name, n) =>
    `Subagente${name === null ? '' : ` ${name}`}: ${plural(n, { one: '# mensaje', many: '# de mensajes', other: '# mensajes' })}`,
  messageActions: 'Acciones del mensaje',
  copyFailed: 'No se pudo copiar',
  retry: 'Reintentar',
  edit: 'Editar',
  editMessage: 'Editar mensaje',
  save: 'Guardar',
  cancel: 'Cancelar',
  goodResponse: 'Buena respuesta',
  badResponse: 'Mala respuesta',
  // Protocol views
  dataPart: (name) => `Datos: ${name}`,
  dataPartFailed: (name) =>
    `No se pudo mostrar la vista ${name}; en su lugar se muestran sus datos.`,
  interruptTitle: 'El agente necesita tu respuesta',
  interruptSubmit: 'Enviar',
  interruptCancel: 'Cancelar',
  interruptRequired: 'obligatorio',
  interruptJsonAnswer: 'Respuesta (JSON)',
  interruptInvalidJson: 'JSON no válido',
  interruptNoChoice: '—',
  interruptInvalidNumber: 'Introduce un número',
  interruptSending: 'Enviando…',
  interruptSent: 'Respuesta enviada',
  interruptFailed: 'No se pudo enviar la respuesta. Inténtalo de nuevo.',
  // Messages and blocks
  roles: { user: 'Tú', assistant: 'Asistente', system: 'Sistema', tool: 'Herramienta' },
  replyStatus: {
    idle: 'Inactivo',
    connecting: 'Conectando…',
    streaming: 'Respondiendo…',
    'awaiting-confirmation': 'Esperando tu aprobación',
    'awaiting-external': 'Esperando una herramienta externa',
    done: 'Listo',
    error: 'Error',
    interrupted: 'Interrumpida',
    exceeded: 'Detenida: demasiados pasos',
    cancelled: 'Cancelado',
  },
  finishedReason: {
    completed: 'Completada',
    interrupted: 'Interrumpida por el usuario',
    exceed_max_iters: 'Detenida al alcanzar el número máximo de pasos',
    error: 'Error',
  },
  toolCallState: {
    pending: 'Pendiente',
    asking: 'Requiere aprobación',
    allowed: 'Permitida',
    submitted: 'En ejecución externa',
    finished: 'Finalizada',
  },
  toolResultState: {
    running: 'En ejecución',
    success: 'Correcto',
    error: 'Error',
    interrupted: 'Interrumpido',
    denied: 'Denegado',
  },
  media: {
    image: 'Imagen',
    audio: 'Audio',
    video: 'Vídeo',
    document: 'Documento',
    file: 'Archivo',
  },
  thinking: 'Pensando…',
  thoughtFor: (seconds) => `Pensó durante ${formats.duration(seconds)}`,
  redactedThinking: 'Razonamiento oculto por el proveedor',
  reasoning: 'Razonamiento',
  copy: 'Copiar',
  copied: 'Copiado',
  showRaw: 'Ver datos sin procesar',
  showAll: (characters) =>
    `Mostrar todo (${plural(characters, { one: '# carácter', many: '# de caracteres', other: '# caracteres' })})`,
  showLess: 'Mostrar menos',
  blockFailed: (type) => `No se pudo mostrar este bloque (${type}).`,
  unsupportedContent: (type) => `Contenido no compatible: ${type}`,
  arguments: 'Argumentos',
  result: 'Resultado',
  remoteTool: 'Se ejecuta en tu app',
  noArguments: 'Sin argumentos',
  argumentsInPrompt: 'Se muestran en la solicitud de aprobación de abajo',
  invalidArguments: 'JSON no válido: se muestra tal como llegó',
  noOutput: 'Sin salida',
  systemReminder: 'Nota del sistema',
  hiddenCharacter: (codePoint) => `Carácter oculto ${codePoint} (no se copia)`,
  hiddenCharacters: 'Contiene caracteres ocultos, mostrados como [U+…] y omitidos al copiar.',
  outputCapped: (shown, total) =>
    `Se muestran los primeros ${plural(shown, { one: '# carácter', many: '# de caracteres', other: '# caracteres' })} de ${number(total)}`,
  showMore: (n) => `Mostrar ${number(n)} más`,
  jsonEntries: { one: '# elemento', many: '# de elementos', other: '# elementos' },
  startedAt: (date) => `Iniciada el ${formats.date(date)}`,
  tokens: (input, output) =>
    `${plural(input, { one: '# token', many: '# de tokens', other: '# tokens' })} de entrada · ${plural(output, { one: '# token', many: '# de tokens', other: '# tokens' })} de salida`,
  cacheTokens: {
    one: '# token en caché',
    many: '# de tokens en caché',
    other: '# tokens en caché',
  },
  loadMedia: (host) => `Cargar desde ${host}`,
  blockedUrl: 'Enlace bloqueado',
  unresolvedMedia: (name) => `${name} (no disponible)`,
  mediaLoading: 'Cargando…',
  mediaBlocked: (reason) => `Bloqueado: ${reason}`,
  mediaFailed: (name) => `No se pudo cargar ${name}`,
  downloadFile: (name) => `Descargar ${name}`,
  viewImage: (alt) => `Abrir imagen: ${alt}`,
  documentPreview: (name) => `Vista previa de ${name}`,
  openDocument: (host) => `Abrir en ${host}`,
  pageList: (pages) =>
    `${pages.length === 1 ? 'Página' : 'Páginas'} ${pages.map((page) => number(page)).join(', ')}`,
  download: 'Descargar',
  openImage: 'Abrir imagen',
  close: 'Cerrar',
  transcript: 'Transcripción',
  pages: { one: '# página', many: '# de páginas', other: '# páginas' },
  sources: 'Fuentes',
  citation: (index) => `Fuente ${number(index)}`,
  citationPage: (page) => `Página ${number(page)}`,
  opensInNewTab: '(se abre en una pestaña nueva)',
  linksTo: (host) => `enlaza a ${host}`,
  thisSite: 'este sitio',
  blockedImage: 'Imagen bloqueada',
  taskDone: 'Hecho',
  taskOpen: 'Sin hacer',
  footnotes: 'Notas al pie',
  backToReference: (index) => `Volver a la referencia ${number(index)}`,
  allow: 'Permitir',
  alwaysAllow: (tool, rule) =>
    `Permitir siempre ${tool}${rule === null ? ' (cualquier llamada)' : `: ${rule}`}`,
  deny: 'Denegar',
  allowAll: 'Permitir todo',
  denyAll: 'Denegar todo',
  confirmationTitle: {
    one: 'El agente quiere ejecutar una herramienta',
    many: 'El agente quiere ejecutar # de herramientas',
    other: 'El agente quiere ejecutar # herramientas',
  },
  sending: 'Enviando…',
  decisionFailed: 'No se pudo enviar tu decisión. Inténtalo de nuevo.',
  decisionSent: (confirmed) =>
    confirmed ? 'Permitido. Esperando al agente…' : 'Denegado. Esperando al agente…',
  duplicateKeys:
    'Estos argumentos repiten una clave y las herramientas pueden leer cualquiera de los dos valores: se muestran exactamente como se enviaron.',
  reviewArguments:
    'Estos argumentos son largos: muéstralos completos antes de permitir la llamada.',
  confirmationArming: 'Disponible en un momento',
  error: 'Error',
  hint: 'Nota',
  contextCompacted: (tokens) =>
    tokens === null
      ? 'Contexto compactado'
      : `Contexto compactado: ${plural(tokens, { one: '# token resumido', many: '# de tokens resumidos', other: '# tokens resumidos' })}`,
  branchSummary: (label) =>
    label === null ? 'Resumen de la rama' : `Resumen de la rama: ${label}`,
  dismiss: 'Descartar',
  listLabel: 'Conversación',
  listEmpty: 'Aún no hay mensajes',
  listLoading: 'Cargando…',
  listLoadingOlder: 'Cargando mensajes anteriores…',
  replyPending: (name) => `${name} está pensando…`,
  jumpToLatest: 'Ir al más reciente',
  newMessages: {
    one: '# mensaje nuevo',
    many: '# de mensajes nuevos',
    other: '# mensajes nuevos',
  },
  textFinished: (name, excerpt) => `${name}: ${excerpt}`,
  replyEnded: (name, status) =>
    ({
      done: `${name} terminó de responder`,
      error: 'La respuesta falló',
      interrupted: 'Respuesta interrumpida',
      exceeded: 'Respuesta detenida: demasiados pasos',
    })[status],
  toolEnded: (name, state) =>
    ({
      running: `Herramienta ${name} en ejecución`,
      success: `Herramienta ${name} finalizada`,
      error: `La herramienta ${name} falló`,
      interrupted: `Herramienta ${name} interrumpida`,
      denied: `Herramienta ${name} denegada`,
    })[state],
  approvalNeeded: (name) => `Se requiere aprobación: herramienta ${name}`,
  // Activities
  activity: (type) => `Actividad: ${type}`,
  activityFailed: (type) => `La vista ${type} falló; se muestra su contenido en su lugar.`,
  a2uiLoading: 'Cargando la interfaz…',
  a2uiMissing:
    'No hay ningún renderizador A2UI configurado para esta interfaz; se muestra su contenido en su lugar.',
  a2uiFailed: 'No se pudo mostrar esta interfaz; se muestra su contenido en su lugar.',
  // MCP Apps
  mcpAppTitle: (name) => `Aplicación: ${name}`,
  mcpAppLoading: 'Cargando la aplicación…',
  mcpAppFailed: 'No se pudo cargar la aplicación.',
  mcpAppTimeout: 'La aplicación no se inició.',
  mcpAppBlocked: 'Bloqueada: la aplicación envió demasiados mensajes.',
});
