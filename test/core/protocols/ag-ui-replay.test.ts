import { describe, expect, it } from 'vitest';
import { createAgUiState, foldAgUiEvents, reduceAgUiEvent } from '../../../src/ag-ui.js';
import type { ContentBlock } from '../../../src/core.js';

const shown = [
  { type: 'RUN_STARTED', threadId: 't', runId: 'r1' },
  { type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' },
  { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'Hello' },
  { type: 'TEXT_MESSAGE_END', messageId: 'm1' },
  { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'search', parentMessageId: 'm1' },
  { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{"q":1}' },
  { type: 'TOOL_CALL_END', toolCallId: 'c1' },
];

function blocks(events: unknown[]): ContentBlock[] {
  const state = foldAgUiEvents(events);
  return state.messages.flatMap((message) => message.content);
}

describe('AG-UI: a message streamed again after it was shown (a replay)', () => {
  it('keeps the text while the replay matches, and follows it from where it differs', () => {
    const same = blocks([
      ...shown,
      { type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'Hel' },
    ]);
    expect(same.find((block) => block.type === 'text')).toMatchObject({ text: 'Hello' });

    const differs = blocks([
      ...shown,
      { type: 'TEXT_MESSAGE_START', messageId: 'm1', role: 'assistant' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'Hel' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'p!' },
    ]);
    expect(differs.find((block) => block.type === 'text')).toMatchObject({
      text: 'Help!',
      finished_at: null,
    });
  });

  it('does the same for a tool call’s arguments', () => {
    const differs = blocks([
      ...shown,
      { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'search', parentMessageId: 'm1' },
      { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{"q":' },
      { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '2}' },
    ]);
    expect(differs.find((block) => block.type === 'tool_call')).toMatchObject({
      input: '{"q":2}',
      finished_at: null,
    });
  });
});

describe('AG-UI: a delta for a stream that another event just ended', () => {
  // A chunk stream stays open across a delta of another lane (`subagentRunId`); the next delta of
  // the parent lane ends it (an implicit END) before it is folded, so it reopens the stream.
  it.each([
    ['TEXT_MESSAGE_CHUNK', 'TEXT_MESSAGE_CONTENT', 'messageId'],
    ['TOOL_CALL_CHUNK', 'TOOL_CALL_ARGS', 'toolCallId'],
  ])('reopens it in one batch as when events come one by one (%s)', (chunk, delta, idField) => {
    const events = [
      { type: 'RUN_STARTED', threadId: 't', runId: 'r1' },
      { type: chunk, [idField]: 'm1', toolCallName: 'search', delta: 'a' },
      { type: delta, [idField]: 'm1', delta: 'b', subagentRunId: 'sub' },
      { type: delta, [idField]: 'm1', delta: 'c' },
    ];
    let oneByOne = createAgUiState();
    for (const event of events) oneByOne = reduceAgUiEvent(oneByOne, event);
    const batch = foldAgUiEvents(events);
    expect(batch.messages).toEqual(oneByOne.messages);
    expect(batch.messages[0]).toMatchObject({ finished_at: null });
    expect(batch.diagnostics.map((diagnostic) => diagnostic.detail)).toContain('not-open');
  });
});
