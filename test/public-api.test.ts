import { describe, expect, it } from 'vitest';

// The public surface only ever grows on purpose: a change here is a change to the API.
// `/core` holds no protocol's adapter or driver: those are in their entries (below).
const coreExports = [
  'AGENT_EVENT_TYPES',
  'MessageStreamError',
  'REPLY_FINISHED_REASONS',
  'TOOL_CALL_STATES',
  'TOOL_RESULT_STATES',
  'agUiHistoryShape',
  'appendEvent',
  'appendMessages',
  'assistantMsg',
  'base64Source',
  'checkUrl',
  'createApprovalPolicy',
  'createConfirmResult',
  'createConversation',
  'createHistoryWindow',
  'createLocalStorageApprovalStorage',
  'createMemoryApprovalStorage',
  'createMessageStreamStore',
  'currentTimestamp',
  'cutHistory',
  'dataBlock',
  'foldEvents',
  'generateId',
  'getReplyStatus',
  'hasInvisibleCharacters',
  'hintBlock',
  'historyCuts',
  'isPrivateHost',
  'isSafeInlineType',
  'mediaKindOf',
  'mergeHistoryPage',
  'mergeLiveMessages',
  'messageText',
  'msgHistoryShape',
  'normalizeMediaType',
  'pageAfter',
  'pageAround',
  'pageBefore',
  'pageOf',
  'parseAgentEvent',
  'parseContentBlock',
  'parseMsg',
  'parseTimestamp',
  'proposalsFor',
  'readDataPart',
  'readEventStream',
  'readPartialJson',
  'recordDecision',
  'reduceConversation',
  'revealInvisible',
  'searchMessages',
  'systemMsg',
  'textBlock',
  'thinkingBlock',
  'toDataUrl',
  'toolCallBlock',
  'toolResultBlock',
  'uiMessageHistoryShape',
  'userMsg',
  'validateMsg',
];

// The first import of an entry transforms its whole source tree: seconds on a busy machine.
const IMPORT_TIMEOUT = 60_000;

describe('react-agent-messages/core', () => {
  it(
    'exports exactly the documented names',
    async () => {
      const core = await import('../src/core.js');
      expect(Object.keys(core).sort()).toEqual(coreExports);
    },
    IMPORT_TIMEOUT,
  );

  it('runs without React or a DOM: this project runs in plain Node', async () => {
    expect(typeof (globalThis as { document?: unknown }).document).toBe('undefined');
    const { foldEvents } = await import('../src/core.js');
    expect(foldEvents([]).messages).toEqual([]);
  });
});

// Each protocol's entry: its adapter (history converter, stream fold, answer builder), its driver
// and, where one exists, its React binding. Types are pinned by the API reports.
const protocolExports: Record<string, string[]> = {
  agentscope: [
    'AGENT_EVENT_TYPES',
    'agentScopeProtocol',
    'appendEvent',
    'createConfirmResult',
    'foldEvents',
    'fromAgentScopeMsg',
    'parseAgentEvent',
    'readEventStream',
    'reduceConversation',
  ],
  agentflow: [
    'agentFlowProtocol',
    'createAgentFlowStreamState',
    'foldAgentFlowStream',
    'fromAgentFlowMessage',
    'fromAgentFlowMessages',
    'isAgentFlowMediaUrl',
    'reduceAgentFlowChunk',
  ],
  'operator-use': [
    'createOperatorUseEventState',
    'foldOperatorUseEvents',
    'fromOperatorUseMessage',
    'fromOperatorUseSession',
    'operatorUseBranches',
    'operatorUseProtocol',
    'reduceOperatorUseEvent',
  ],
  'ai-sdk': [
    'AI_SDK_TOOL_STATES',
    'aiSdkProtocol',
    'aiSdkToolInfo',
    'createAiSdkApprovalResponse',
    'createAiSdkMessageConverter',
    'createAiSdkStreamState',
    'foldAiSdkStream',
    'fromAiSdkMessage',
    'fromAiSdkMessages',
    'reduceAiSdkChunk',
    'useAiSdkChat',
  ],
  'ag-ui': [
    'agUiProtocol',
    'applyJsonPatch',
    'buildAgUiFormPayload',
    'createAgUiResume',
    'createAgUiState',
    'createResumableAgUiFetch',
    'foldAgUiEvents',
    'fromAgUiMessages',
    'readAgUiResponseForm',
    'reduceAgUiEvent',
    'useAgUiAgent',
  ],
};

const protocolEntries = {
  agentscope: () => import('../src/agentscope.js'),
  agentflow: () => import('../src/agentflow.js'),
  'operator-use': () => import('../src/operator-use.js'),
  'ai-sdk': () => import('../src/ai-sdk.js'),
  'ag-ui': () => import('../src/ag-ui.js'),
};

describe('react-agent-messages/<protocol>', () => {
  for (const [name, load] of Object.entries(protocolEntries)) {
    it(
      `${name} exports exactly its adapter, driver and binding`,
      async () => {
        expect(Object.keys(await load()).sort()).toEqual(protocolExports[name]);
      },
      IMPORT_TIMEOUT,
    );
  }

  it(
    'leaves no protocol adapter in the root entry',
    async () => {
      const rootNames = new Set(Object.keys(await import('../src/index.js')));
      const protocolOnly = Object.values(protocolExports)
        .flat()
        .filter((name) => !coreExports.includes(name));
      expect(protocolOnly.filter((name) => rootNames.has(name))).toEqual([]);
    },
    IMPORT_TIMEOUT,
  );
});
