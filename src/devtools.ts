/*
 * react-agent-messages/devtools: a recorder of what the app's stores and hooks receive (every
 * protocol), recordings as NDJSON files (redacted on export), folding and replaying them, and
 * the inspector panel. Importing it in a browser installs the recorder (`defaultRecorder`); an app
 * that never imports it carries only the core's tiny tap, which keeps nothing.
 */

export type { Diagnostic } from './core/model/diagnostic.js';
export type { Msg } from './core/model/message.js';
export type { MessageStreamProtocolName } from './core/protocols/protocol-types.js';
export type {
  DevtoolsAppKind,
  DevtoolsHook,
  DevtoolsTap,
  DevtoolsTapInfo,
} from './core/client/devtools-hook.js';
export * from './devtools/recording/index.js';
export * from './devtools/panel/agent-devtools.js';
export type { DevtoolsPlacement } from './devtools/panel/devtools-resizer.js';
export * from './devtools/panel/devtools-inspector.js';
