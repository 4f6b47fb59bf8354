/*
 * react-agent-messages/ag-ui: AG-UI 1.0 (CopilotKit, Mastra, LangGraph, …) — its adapter (events and
 * messages into the canonical model, state, JSON Patch, interrupts, activities), its stream driver and
 * the React binding over any AG-UI agent. Nothing of `@ag-ui/client` is bundled: agents are read
 * structurally.
 */

export type { Diagnostic } from './core/model/diagnostic.js';
export type { MessageStreamProtocol } from './core/protocols/protocol-types.js';
export { agUiProtocol } from './core/protocols/ag-ui/driver.js';
export type * from './core/protocols/ag-ui/types.js';
export type { JsonPatchResult } from './core/protocols/ag-ui/json-patch.js';
export { applyJsonPatch } from './core/protocols/ag-ui/json-patch.js';
export { createAgUiResume } from './core/protocols/ag-ui/resume.js';
export type {
  AgUiFormError,
  AgUiFormField,
  AgUiFormOption,
  AgUiFormResult,
} from './core/protocols/ag-ui/response-form.js';
export {
  buildAgUiFormPayload,
  readAgUiResponseForm,
} from './core/protocols/ag-ui/response-form.js';
export { createAgUiState } from './core/protocols/ag-ui/state.js';
export { foldAgUiEvents, reduceAgUiEvent } from './core/protocols/ag-ui/reduce.js';
export { fromAgUiMessages } from './core/protocols/ag-ui/messages.js';
export * from './bindings/ag-ui/use-ag-ui-agent.js';
export type * from './bindings/ag-ui/agent-like.js';
export * from './bindings/ag-ui/resumable-fetch.js';
export type { AgUiFrontendTool } from './bindings/ag-ui/frontend-tools.js';
export type { AgUiInputPart } from './bindings/ag-ui/file-parts.js';
export type * from './bindings/agent-chat.js';
