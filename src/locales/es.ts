import type { Labels } from '../components/labels.js';
import { createPackLabels } from './pack-labels.js';
import words from './es.json' with { type: 'json' };

/** The locale the Spanish labels are written for: give it to `AgentMessagesProvider` with them. */
export const locale = 'es';

/** The text direction of Spanish, for the app's root element. */
export const direction = 'ltr';

/** Every string the components show, in Spanish (plurals and numbers through `Intl` for `es`). */
export const labels: Labels = createPackLabels(locale, ({ number, plural, ...formats }) => ({
  ...words,
  // Approval rules
  ruleText: (tool, pattern) =>
    pattern === null ? `${tool} (cualquier llamada)` : `${tool}: ${pattern}`,
  decidedByRule: (decision, rule) =>
    decision === 'allow' ? `Permitido por la regla ${rule}` : `Denegado por la regla ${rule}`,
  revokeRuleNamed: (rule) => `Revocar la regla ${rule}`,
  decidedBy: (by, rule) => (by === 'user' ? 'Tú' : rule === null ? 'Una regla' : `Regla ${rule}`),
  timesUsed: (n) =>
    n === 0 ? 'Aún no' : plural(n, { one: '# vez', many: '# de veces', other: '# veces' }),
  policyProblems: (n) =>
    `${plural(n, { one: '# problema', many: '# de problemas', other: '# problemas' })} con las reglas o su almacenamiento`,
  // Chat
  queuedMessage: (position) => `Mensaje en cola ${number(position)}`,
  removeAttachment: (name) => `Quitar ${name}`,
  attachmentTooLarge: (name, limit) => `${name} supera ${limit}`,
  attachmentTypeRejected: (name) => `${name}: no se pueden adjuntar archivos de este tipo`,
  tooManyAttachments: (max) =>
    `Puedes adjuntar como máximo ${plural(max, { one: '# archivo', many: '# de archivos', other: '# archivos' })}`,
  branchCounter: (position, total) => `${number(position)} / ${number(total)}`,
  branchPosition: (position, total) => `Versión ${number(position)} de ${number(total)}`,
  subagentRun: (name, n) =>
    `Subagente${name === null ? '' : ` ${name}`}: ${plural(n, { one: '# mensaje', many: '# de mensajes', other: '# mensajes' })}`,
  // Protocol views
  dataPart: (name) => `Datos: ${name}`,
  dataPartFailed: (name) =>
    `No se pudo mostrar la vista ${name}; en su lugar se muestran sus datos.`,
  // Messages and blocks
  thoughtFor: (seconds) => `Pensó durante ${formats.duration(seconds)}`,
  showAll: (characters) =>
    `Mostrar todo (${plural(characters, { one: '# carácter', many: '# de caracteres', other: '# caracteres' })})`,
  blockFailed: (type) => `No se pudo mostrar este bloque (${type}).`,
  unsupportedContent: (type) => `Contenido no compatible: ${type}`,
  hiddenCharacter: (codePoint) => `Carácter oculto ${codePoint} (no se copia)`,
  outputCapped: (shown, total) =>
    `Se muestran los primeros ${plural(shown, { one: '# carácter', many: '# de caracteres', other: '# caracteres' })} de ${number(total)}`,
  showMore: (n) => `Mostrar ${number(n)} más`,
  startedAt: (date) => `Iniciada el ${formats.date(date)}`,
  tokens: (input, output) =>
    `${plural(input, { one: '# token', many: '# de tokens', other: '# tokens' })} de entrada · ${plural(output, { one: '# token', many: '# de tokens', other: '# tokens' })} de salida`,
  loadMedia: (host) => `Cargar desde ${host}`,
  unresolvedMedia: (name) => `${name} (no disponible)`,
  mediaBlocked: (reason) => `Bloqueado: ${reason}`,
  mediaFailed: (name) => `No se pudo cargar ${name}`,
  downloadFile: (name) => `Descargar ${name}`,
  viewImage: (alt) => `Abrir imagen: ${alt}`,
  documentPreview: (name) => `Vista previa de ${name}`,
  openDocument: (host) => `Abrir en ${host}`,
  pageList: (pages) =>
    `${pages.length === 1 ? 'Página' : 'Páginas'} ${pages.map((page) => number(page)).join(', ')}`,
  citation: (index) => `Fuente ${number(index)}`,
  citationPage: (page) => `Página ${number(page)}`,
  linksTo: (host) => `enlaza a ${host}`,
  backToReference: (index) => `Volver a la referencia ${number(index)}`,
  alwaysAllow: (tool, rule) =>
    `Permitir siempre ${tool}${rule === null ? ' (cualquier llamada)' : `: ${rule}`}`,
  decisionSent: (confirmed) =>
    confirmed ? 'Permitido. Esperando al agente…' : 'Denegado. Esperando al agente…',
  contextCompacted: (tokens) =>
    tokens === null
      ? 'Contexto compactado'
      : `Contexto compactado: ${plural(tokens, { one: '# token resumido', many: '# de tokens resumidos', other: '# tokens resumidos' })}`,
  branchSummary: (label) =>
    label === null ? 'Resumen de la rama' : `Resumen de la rama: ${label}`,
  replyPending: (name) => `${name} está pensando…`,
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
  // MCP Apps
  mcpAppTitle: (name) => `Aplicación: ${name}`,
}));
