import { foldAgUiEvents } from './reduce.js';
import { createAgUiResume } from './resume.js';
import { createAgUiState } from './state.js';
import type { AgUiState } from './types.js';
import { defineProtocol } from '../define-protocol.js';

/**
 * AG-UI 1.0 events (what an `HttpAgent` reads: SSE of `RUN_STARTED` … `RUN_FINISHED`) for
 * `useMessageStream`, folded by `foldAgUiEvents`; `initialHistory` takes AG-UI `Message[]` (read
 * as a `MESSAGES_SNAPSHOT`), and `confirm()` hands the `resume` list (`ResumeEntry[]`, one entry
 * per open interrupt) to `onConfirm`. The agent's `state` and `interrupts` are in `protocolState`.
 * A run dropped mid-way is posted again with `Last-Event-ID`, the id of the last frame read: a
 * server that keeps its runs answers what came after it (the same body names the same run).
 * @example useMessageStream({ source, protocol: agUiProtocol, onConfirm: (resume) => run(resume) })
 */
export const agUiProtocol = /* @__PURE__ */ defineProtocol<AgUiState>({
  name: 'ag-ui',
  resumable: true,
  createState: (history) =>
    history === undefined
      ? createAgUiState()
      : foldAgUiEvents([{ type: 'MESSAGES_SNAPSHOT', messages: history }]),
  fold: (state, frames) => foldAgUiEvents(frames, state),
  messages: (state) => state.messages,
  diagnostics: (state) => state.diagnostics,
  answer: (decision, state) => {
    const resume = createAgUiResume(state.interrupts, [decision]);
    return resume.length > 0 ? resume : null;
  },
});
