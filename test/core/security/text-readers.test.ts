import { describe, expect, it } from 'vitest';
import { parseAgUiSse } from '../../../src/core/protocols/ag-ui/reduce.js';
import { foldAiSdkStream } from '../../../src/ai-sdk.js';
import { foldAgUiEvents } from '../../../src/ag-ui.js';
import { foldAgentFlowStream } from '../../../src/agentflow.js';
import { foldOperatorUseEvents, fromOperatorUseSession } from '../../../src/operator-use.js';
import { textLines } from '../../../src/core/stream/text-lines.js';

/*
 * Every whole-text reader reads lines alike: a byte-order mark first, CRLF, a lone CR and blank
 * lines change nothing. A BOM once hid the first line of an AI SDK log: a first-line tool call
 * `rm -rf ~` vanished.
 */

/** The same lines as the text a careful producer writes, and as hostile or odd ones do. */
function variants(lines: readonly unknown[]): string[] {
  const texts = lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line)));
  return [
    `\uFEFF${texts.join('\n')}`,
    `\uFEFF${texts.join('\r\n')}\r\n`,
    texts.join('\r'),
    `\n\n${texts.join('\n\n  \n')}\n\n`,
    `\uFEFF\r\n${texts.join('\r\n\t\r\n')}`,
  ];
}

const aiSdk = [
  {
    type: 'tool-input-available',
    toolCallId: 'c1',
    toolName: 'bash',
    input: { command: 'rm -rf ~' },
  },
  { type: 'start', messageId: 'm1' },
  { type: 'text-start', id: 't1' },
  { type: 'text-delta', id: 't1', delta: 'Done.' },
  { type: 'text-end', id: 't1' },
  { type: 'finish' },
];

const agUi = [
  { type: 'RUN_STARTED', threadId: 't1', runId: 'r1' },
  { type: 'TEXT_MESSAGE_START', messageId: 'a1', role: 'assistant' },
  { type: 'TEXT_MESSAGE_CONTENT', messageId: 'a1', delta: 'hello' },
  { type: 'TEXT_MESSAGE_END', messageId: 'a1' },
  { type: 'RUN_FINISHED', threadId: 't1', runId: 'r1' },
];

const agentFlow = [
  {
    event: 'message',
    run_id: 'r1',
    thread_id: 't1',
    message: {
      message_id: 'm1',
      role: 'assistant',
      content: [{ type: 'tool_call', id: 'c1', name: 'bash', args: { command: 'rm -rf ~' } }],
      delta: false,
      timestamp: 1718000020,
    },
  },
];

const toolMessage = {
  role: 'assistant',
  id: 'a1',
  timestamp: 1718000105000,
  contents: [{ type: 'tool_call', id: 'c1', name: 'bash', args: { command: 'rm -rf ~' } }],
};
const operatorUseEvents = [{ type: 'message_end', message: toolMessage }, { type: 'agent_start' }];
const operatorUseSession = [
  { type: 'session', version: 3, id: 's1', timestamp: '2026-01-01T00:00:00.000Z', cwd: '/' },
  {
    type: 'message',
    id: 'e1',
    parentId: null,
    timestamp: '2026-01-01T00:00:01.000Z',
    message: toolMessage,
  },
];

const plain = (lines: readonly unknown[]) => lines.map((line) => JSON.stringify(line)).join('\n');

describe('whole-text readers: BOM, CRLF, CR and blank lines', () => {
  it('textLines drops the BOM, splits on CRLF, LF and CR, and numbers lines as an editor does', () => {
    expect(textLines('\uFEFFa\r\nb\rc\n\n  \nd')).toEqual([
      { number: 1, text: 'a' },
      { number: 2, text: 'b' },
      { number: 3, text: 'c' },
      { number: 6, text: 'd' },
    ]);
  });

  it.each(variants(aiSdk).map((text, index) => [index, text] as const))(
    'AI SDK NDJSON (variant %i) keeps the first-line tool call',
    (_, text) => {
      const expected = foldAiSdkStream(plain(aiSdk));
      expect(expected.messages[0]?.content[0]).toMatchObject({ type: 'tool_call', id: 'c1' });
      expect(foldAiSdkStream(text).messages).toEqual(expected.messages);
      expect(foldAiSdkStream(text).diagnostics).toEqual(expected.diagnostics);
    },
  );

  it('AI SDK SSE with a BOM reads its first frame', () => {
    const sse = (bom: string) =>
      bom + aiSdk.map((chunk) => `data: ${JSON.stringify(chunk)}\r\n\r\n`).join('');
    expect(foldAiSdkStream(sse('\uFEFF')).messages).toEqual(foldAiSdkStream(plain(aiSdk)).messages);
  });

  it.each(variants(agUi).map((text, index) => [index, text] as const))(
    'AG-UI JSON lines (variant %i)',
    (_, text) => {
      expect(parseAgUiSse(text).events).toEqual(agUi);
      expect(foldAgUiEvents(text).messages).toEqual(foldAgUiEvents(agUi).messages);
    },
  );

  it('AG-UI SSE with a BOM before a single frame reads it', () => {
    const frame = { type: 'RUN_STARTED', threadId: 't1', runId: 'r1' };
    expect(parseAgUiSse(`\uFEFFdata: ${JSON.stringify(frame)}\r\n\r\n`).events).toEqual([frame]);
  });

  it.each(variants(agentFlow).map((text, index) => [index, text] as const))(
    'AgentFlow NDJSON (variant %i)',
    (_, text) => {
      const expected = foldAgentFlowStream(agentFlow);
      expect(expected.messages).toHaveLength(1);
      expect(foldAgentFlowStream(text).messages).toEqual(expected.messages);
      expect(foldAgentFlowStream(text).diagnostics).toEqual(expected.diagnostics);
    },
  );

  it.each(variants(operatorUseEvents).map((text, index) => [index, text] as const))(
    'Operator-Use RPC events (variant %i)',
    (_, text) => {
      const expected = foldOperatorUseEvents(operatorUseEvents);
      expect(expected.messages).toHaveLength(1);
      expect(foldOperatorUseEvents(text).messages).toEqual(expected.messages);
      expect(foldOperatorUseEvents(text).diagnostics).toEqual(expected.diagnostics);
    },
  );

  it.each(variants(operatorUseSession).map((text, index) => [index, text] as const))(
    'Operator-Use session JSONL (variant %i)',
    (_, text) => {
      const expected = fromOperatorUseSession(plain(operatorUseSession));
      expect(expected.messages).toHaveLength(1);
      expect(fromOperatorUseSession(text).messages).toEqual(expected.messages);
    },
  );
});
