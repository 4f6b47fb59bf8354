import { fromAgentFlowMessages } from './messages.js';
import { createAgentFlowStreamState, foldAgentFlowStream } from './stream.js';
import type { AgentFlowStreamState } from './stream-work.js';
import { defineProtocol } from '../define-protocol.js';

/**
 * AgentFlow `StreamChunk`s (NDJSON `{ event, message, … }`) for `useMessageStream`, folded by
 * `foldAgentFlowStream`; `initialHistory` takes AgentFlow messages. AgentFlow answers an
 * interrupt with a new run, which the app builds from `protocolState.interrupt`: `confirm()`
 * has nothing to send.
 */
export const agentFlowProtocol = /* @__PURE__ */ defineProtocol<AgentFlowStreamState>({
  name: 'agentflow',
  createState: (history) => {
    const state = createAgentFlowStreamState();
    if (history === undefined) return state;
    const { messages, diagnostics } = fromAgentFlowMessages(history);
    return { ...state, messages, diagnostics };
  },
  fold: (state, frames) => foldAgentFlowStream(frames, state),
  messages: (state) => state.messages,
  diagnostics: (state) => state.diagnostics,
  answer: () => null,
});
