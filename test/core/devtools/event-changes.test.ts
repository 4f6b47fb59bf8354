/*
 * What the event list shows beside each frame: what it changed (message and block, before and
 * after), and its type and ids, read in each protocol's own terms from real fixture frames.
 */
import { describe, expect, it } from 'vitest';
import type { EventChange } from '../../../src/devtools.js';
import { describeEvent, eventChanges } from '../../../src/devtools.js';
import { corpusNamed } from './corpora.js';
import { recordCorpus } from './record.js';

const kinds = (changes: readonly EventChange[]) =>
  changes.map(({ messageId, blockId, kind }) => ({ messageId, blockId, kind }));

describe('eventChanges', () => {
  const session = recordCorpus(corpusNamed('ag-ui: a full conversation'));

  it('a message that starts is added; its first text adds a block', () => {
    expect(kinds(eventChanges(session, 2))).toEqual([
      { messageId: 'a0', blockId: undefined, kind: 'added' },
    ]);
    const [text] = eventChanges(session, 3);
    expect(text).toMatchObject({ messageId: 'a0', kind: expect.stringMatching(/added|changed/) });
    expect(JSON.stringify(text?.after)).toContain('Let me look that up in the warehouse');
  });

  it('arguments that stream in change the call block, with before and after', () => {
    const [change] = eventChanges(session, 15);
    expect(change).toMatchObject({ messageId: 'a1', blockId: 'c1', kind: 'changed' });
    expect(JSON.stringify(change?.before)).not.toContain('sales');
    expect(JSON.stringify(change?.after)).toContain('sales');
  });

  it('is empty for an event out of range', () => {
    expect(eventChanges(session, -1)).toEqual([]);
    expect(eventChanges(session, session.events.length)).toEqual([]);
  });
});

describe('describeEvent', () => {
  it('reads AG-UI events', () => {
    const { log } = corpusNamed('ag-ui: a full conversation');
    expect(describeEvent('ag-ui', log[3])).toEqual({
      type: 'TEXT_MESSAGE_CONTENT',
      messageId: 'a0',
    });
    expect(describeEvent('ag-ui', log[14])).toEqual({
      type: 'TOOL_CALL_START',
      messageId: 'a1',
      blockId: 'c1',
      toolCallId: 'c1',
    });
  });

  it('reads AgentScope events', () => {
    const { log } = corpusNamed('agentscope');
    const call = log.find((event) => (event as { type: string }).type === 'TOOL_CALL_START');
    expect(describeEvent('agentscope', call)).toEqual({
      type: 'TOOL_CALL_START',
      messageId: 'r1',
      blockId: 'call-1',
      toolCallId: 'call-1',
    });
  });

  it('reads AI SDK chunks, the [DONE] frame and useChat lists', () => {
    const { log } = corpusNamed('ai-sdk: the demo');
    const start = log.find((frame) => (frame as { type?: string }).type === 'start');
    const input = log.find((frame) => (frame as { type?: string }).type === 'tool-input-start');
    expect(describeEvent('ai-sdk', start)).toMatchObject({
      type: 'start',
      messageId: expect.any(String),
    });
    expect(describeEvent('ai-sdk', input)).toMatchObject({
      type: 'tool-input-start',
      toolCallId: (input as { toolCallId: string }).toolCallId,
    });
    expect(describeEvent('ai-sdk', '[DONE]')).toEqual({ type: '[DONE]' });
    expect(describeEvent('ai-sdk', [{ id: 'u1' }, { id: 'a1' }])).toEqual({
      type: 'messages',
      messageId: 'a1',
    });
  });

  it('reads AgentFlow chunks and Operator-Use events', () => {
    const flow = corpusNamed('agentflow: demo').log;
    expect(describeEvent('agentflow', flow[0])).toEqual({ type: 'message', messageId: 'u-1' });
    const use = corpusNamed('operator-use: demo').log;
    const start = use.find((event) => (event as { type: string }).type === 'tool_execution_start');
    expect(describeEvent('operator-use', start)).toMatchObject({
      type: 'tool_execution_start',
      toolCallId: 'call_1',
    });
  });

  it('never throws on what is not an event', () => {
    for (const frame of [null, 3, true, {}, { type: 7 }, 'x'.repeat(100), []])
      expect(() => describeEvent('agentscope', frame)).not.toThrow();
    expect(describeEvent('ag-ui', null)).toEqual({ type: 'null' });
    expect(describeEvent('operator-use', {})).toEqual({ type: 'unknown' });
    expect(describeEvent('ag-ui', 'x'.repeat(100))).toEqual({ type: 'text' });
  });
});
