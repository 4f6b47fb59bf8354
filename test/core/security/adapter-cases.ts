import { readFileSync } from 'node:fs';
import { foldEvents, parseAgentEvent } from '../../../src/core.js';
import { fromAgentScopeMsg } from '../../../src/agentscope.js';
import { foldAiSdkStream, fromAiSdkMessages } from '../../../src/ai-sdk.js';
import { foldAgUiEvents, fromAgUiMessages } from '../../../src/ag-ui.js';
import { foldAgentFlowStream, fromAgentFlowMessages } from '../../../src/agentflow.js';
import {
  foldOperatorUseEvents,
  fromOperatorUseMessage,
  fromOperatorUseSession,
} from '../../../src/operator-use.js';
import { recordedSession } from '../../fixtures/stream-events.js';

/*
 * One realistic input for each reader of each adapter, for the hostile-input property tests to
 * change: prototype keys, deep values, collisions.
 */

const json = (path: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8'));
const jsonl = (path: string): unknown[] =>
  readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as unknown);

const AI_SDK_CHUNKS: unknown[] = [
  { type: 'start', messageId: 'm1', messageMetadata: { trace: { id: 't' } } },
  { type: 'source-url', sourceId: 's1', url: 'https://example.com/a', title: 'A' },
  { type: 'text-start', id: 't1' },
  { type: 'text-delta', id: 't1', delta: 'See [1].' },
  { type: 'text-end', id: 't1' },
  { type: 'source-document', sourceId: 's2', mediaType: 'text/plain', title: 'B' },
  { type: 'data-weather', id: 'd1', data: { city: 'Paris', temperature: { value: 20 } } },
  { type: 'tool-input-available', toolCallId: 'c1', toolName: 'bash', input: { command: 'ls' } },
  { type: 'tool-approval-request', approvalId: 'ap1', toolCallId: 'c1' },
  { type: 'message-metadata', messageMetadata: { usage: { inputTokens: 1 } } },
  { type: 'finish', finishReason: 'stop' },
];

const AG_UI_EVENTS = json('fixtures/ag-ui/full-conversation.json') as unknown[];
const AG_UI_STATE_EVENTS: unknown[] = [
  { type: 'RUN_STARTED', threadId: 't1', runId: 'r1' },
  { type: 'STATE_SNAPSHOT', snapshot: { todos: [{ title: 'a' }], meta: { owner: 'x' } } },
  { type: 'STATE_DELTA', delta: [{ op: 'add', path: '/meta/next', value: { n: 1 } }] },
  { type: 'CUSTOM', name: 'note', value: { text: 'hi' } },
  { type: 'RUN_FINISHED', threadId: 't1', runId: 'r1' },
];

/** An adapter's reader and an input it reads cleanly. */
export interface AdapterCase {
  readonly name: string;
  readonly input: unknown;
  readonly read: (input: unknown) => unknown;
}

/** Every adapter, each reader of it once. */
export const ADAPTER_CASES: readonly AdapterCase[] = [
  {
    name: 'AgentScope 1.x',
    input: json('fixtures/agentscope/legacy-1x-assistant.json'),
    read: fromAgentScopeMsg,
  },
  {
    name: 'AgentScope events',
    input: JSON.parse(JSON.stringify(recordedSession())) as unknown,
    read: (input) => {
      const parsed = (input as unknown[]).map((event) => parseAgentEvent(event));
      const conversation = foldEvents(
        parsed.flatMap((result) => (result.ok ? [result.value] : [])),
      );
      const errors = parsed.flatMap((result) =>
        result.ok ? [] : [{ code: 'invalid-event', message: result.error }],
      );
      // The conversation keeps its messages behind a getter: shown here as a plain field.
      const diagnostics = [...conversation.diagnostics, ...errors];
      return { conversation, messages: conversation.messages, diagnostics };
    },
  },
  {
    name: 'AgentScope 2.x',
    input: json('fixtures/agentscope/v2-complete-utc.json'),
    read: fromAgentScopeMsg,
  },
  {
    name: 'AI SDK messages',
    input: json('fixtures/ai-sdk/every-part.json'),
    read: (input) => fromAiSdkMessages(input as never),
  },
  { name: 'AI SDK stream', input: AI_SDK_CHUNKS, read: (input) => foldAiSdkStream(input as never) },
  { name: 'AG-UI events', input: AG_UI_EVENTS, read: (input) => foldAgUiEvents(input as never) },
  {
    name: 'AG-UI state',
    input: AG_UI_STATE_EVENTS,
    read: (input) => foldAgUiEvents(input as never),
  },
  {
    name: 'AG-UI messages',
    input: (AG_UI_EVENTS[1] as { messages: unknown[] }).messages,
    read: fromAgUiMessages,
  },
  {
    name: 'AgentFlow messages',
    input: [json('../demo/fixtures/agentflow-message.json')],
    read: fromAgentFlowMessages,
  },
  {
    name: 'AgentFlow stream',
    input: jsonl('../demo/fixtures/agentflow-stream.ndjson'),
    read: (input) => foldAgentFlowStream(input as never),
  },
  {
    name: 'Operator-Use message',
    input: json('fixtures/operator-use/message-assistant-tool-calls.json'),
    read: fromOperatorUseMessage,
  },
  {
    name: 'Operator-Use events',
    input: jsonl('fixtures/operator-use/rpc-events-tools.jsonl'),
    read: (input) => foldOperatorUseEvents(input as never),
  },
  {
    name: 'Operator-Use session',
    input: jsonl('fixtures/operator-use/session-branch-summary.jsonl'),
    read: (input) => fromOperatorUseSession(input as never),
  },
];
