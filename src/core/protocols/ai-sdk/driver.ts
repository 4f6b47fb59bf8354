import { fromAiSdkMessages } from './messages.js';
import { createAiSdkStreamState, foldAiSdkStream } from './stream.js';
import type { AiSdkStreamState } from './stream-state.js';
import { stateWithMessages } from './stream-state.js';
import { createAiSdkApprovalResponse } from './tool-state.js';
import { defineProtocol } from '../define-protocol.js';

/**
 * The AI SDK UI message stream (a `toUIMessageStreamResponse()` body, SSE ending in
 * `data: [DONE]`) for `useMessageStream`, folded by `foldAiSdkStream`; `initialHistory` takes
 * `UIMessage[]`, and `confirm()` hands `{ id, approved, reason }` to `onConfirm`.
 * @example useMessageStream({ source, protocol: aiSdkProtocol, onConfirm: sendApproval })
 */
export const aiSdkProtocol = /* @__PURE__ */ defineProtocol<AiSdkStreamState>({
  name: 'ai-sdk',
  createState: (history) => {
    if (history === undefined) return createAiSdkStreamState();
    const { messages, diagnostics } = fromAiSdkMessages(history);
    return stateWithMessages(messages, diagnostics);
  },
  fold: (state, frames) => foldAiSdkStream(frames, state),
  messages: (state) => state.messages,
  diagnostics: (state) => state.diagnostics,
  answer: (decision) => createAiSdkApprovalResponse(decision),
});
