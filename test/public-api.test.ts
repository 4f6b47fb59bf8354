import { describe, expect, it } from 'vitest';

// The public surface only ever grows on purpose: a change here is a change to the API.
const coreExports = [
  'AGENT_EVENT_TYPES',
  'AI_SDK_TOOL_STATES',
  'MessageStreamError',
  'REPLY_FINISHED_REASONS',
  'TOOL_CALL_STATES',
  'TOOL_RESULT_STATES',
  'aiSdkToolInfo',
  'appendEvent',
  'appendMessages',
  'applyJsonPatch',
  'assistantMsg',
  'base64Source',
  'checkUrl',
  'createAgUiResume',
  'createAgUiState',
  'createAgentFlowStreamState',
  'createAiSdkApprovalResponse',
  'createAiSdkMessageConverter',
  'createAiSdkSseDecoder',
  'createAiSdkStreamState',
  'createApprovalPolicy',
  'createConfirmResult',
  'createConversation',
  'createLocalStorageApprovalStorage',
  'createMemoryApprovalStorage',
  'createMessageStreamStore',
  'createOperatorUseEventState',
  'currentTimestamp',
  'dataBlock',
  'foldAgUiEvents',
  'foldAgentFlowStream',
  'foldAiSdkStream',
  'foldEvents',
  'foldOperatorUseEvents',
  'fromAgUiMessages',
  'fromAgentFlowMessage',
  'fromAgentFlowMessages',
  'fromAgentScopeMsg',
  'fromAiSdkMessage',
  'fromAiSdkMessages',
  'fromOperatorUseMessage',
  'fromOperatorUseSession',
  'generateId',
  'getReplyStatus',
  'hasInvisibleCharacters',
  'hintBlock',
  'isAgentFlowMediaUrl',
  'isPrivateHost',
  'isSafeInlineType',
  'mediaKindOf',
  'normalizeMediaType',
  'parseAgUiSse',
  'parseAgentEvent',
  'parseContentBlock',
  'parseMsg',
  'parseTimestamp',
  'proposalsFor',
  'readEventStream',
  'recordConfirmDecision',
  'reduceAgUiEvent',
  'reduceAgentFlowChunk',
  'reduceAiSdkChunk',
  'reduceConversation',
  'reduceOperatorUseEvent',
  'revealInvisible',
  'systemMsg',
  'textBlock',
  'thinkingBlock',
  'toDataUrl',
  'toolCallBlock',
  'toolResultBlock',
  'userMsg',
  'validateMsg',
];

describe('react-agent-messages/core', () => {
  it('exports exactly the documented names', async () => {
    const core = await import('../src/core.js');
    expect(Object.keys(core).sort()).toEqual(coreExports);
  });

  it('runs without React or a DOM: this project runs in plain Node', async () => {
    expect(typeof (globalThis as { document?: unknown }).document).toBe('undefined');
    const { foldEvents } = await import('../src/core.js');
    expect(foldEvents([]).messages).toEqual([]);
  });
});
