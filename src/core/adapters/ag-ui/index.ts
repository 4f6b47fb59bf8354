export type {
  AgUiActivity,
  AgUiCustomEvent,
  AgUiInterrupt,
  AgUiMessagesResult,
  AgUiRawEvent,
  AgUiResumeEntry,
  AgUiRun,
  AgUiRunStatus,
  AgUiState,
  AgUiStep,
  AgUiSubagent,
} from './types.js';
export type { AgUiSseResult } from './reduce.js';
export { foldAgUiEvents, parseAgUiSse, reduceAgUiEvent } from './reduce.js';
export { createAgUiState } from './state.js';
export { fromAgUiMessages } from './messages.js';
export type { AgUiDecision } from './resume.js';
export { createAgUiResume } from './resume.js';
export type { JsonPatchResult } from './json-patch.js';
export { applyJsonPatch } from './json-patch.js';
