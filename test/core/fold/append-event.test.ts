import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type {
  AgentEvent,
  DataBlock,
  HintBlock,
  Msg,
  TextBlock,
  ThinkingBlock,
  ToolCallBlock,
  ToolResultBlock,
} from '../../../src/core.js';
import {
  appendEvent,
  dataBlock,
  textBlock,
  toolCallBlock,
  toolResultBlock,
  userMsg,
} from '../../../src/core.js';
import { createEventFactory } from '../../fixtures/events.js';
import { apply, at, bashRule, must, reply, snapshot, toolCalls } from './helpers.js';

const T0 = '2026-01-01T00:00:00.000000';

/* -------------------------------------------------------------------------------------------------
 * Guard
 * -----------------------------------------------------------------------------------------------*/

describe('appendEvent: the reply_id guard', () => {
  it('returns the same message for an event of another reply', () => {
    const f = createEventFactory();
    const msg = apply(reply('r1'), f.textStart('r1', 't1'));
    for (const event of [
      f.textStart('r2', 't2'),
      f.textDelta('r2', 't1', 'x'),
      f.textEnd('r2', 't1'),
      f.replyEnd('r2'),
      f.modelCallEnd('r2', 1, 1),
      f.toolCallStart('r2', 'c1', 'Bash'),
    ]) {
      expect(appendEvent(msg, event)).toBe(msg);
    }
  });

  it('ignores CUSTOM and anything without a reply_id (Python would raise AttributeError)', () => {
    const f = createEventFactory();
    const msg = reply('r1');
    expect(appendEvent(msg, f.custom('state_updated', { a: 1 }))).toBe(msg);
    const noReply = {
      id: 'x',
      created_at: T0,
      metadata: {},
      type: 'TEXT_BLOCK_START',
      block_id: 'b',
    };
    expect(appendEvent(msg, noReply as unknown as AgentEvent)).toBe(msg);
  });

  it('changes nothing for REPLY_START, MODEL_CALL_START, EXCEED_MAX_ITERS and USER_INTERRUPT', () => {
    const f = createEventFactory();
    const msg = reply('r1');
    expect(appendEvent(msg, f.replyStart('r1'))).toBe(msg);
    expect(appendEvent(msg, f.modelCallStart('r1', 'qwen'))).toBe(msg);
    expect(appendEvent(msg, f.make('EXCEED_MAX_ITERS', { reply_id: 'r1', name: 'Friday' }))).toBe(
      msg,
    );
    expect(appendEvent(msg, f.make('USER_INTERRUPT', { reply_id: 'r1' }))).toBe(msg);
  });

  it('leaves the message unchanged, without throwing, for junk', () => {
    const msg = reply('r1');
    for (const junk of [
      null,
      undefined,
      42,
      'TEXT_BLOCK_DELTA',
      [],
      {},
      { type: 'NOPE', reply_id: 'r1' },
    ]) {
      expect(appendEvent(msg, junk as unknown as AgentEvent)).toBe(msg);
    }
    // The right type but a field of the wrong kind.
    const bad = {
      id: 'x',
      created_at: T0,
      metadata: {},
      type: 'TEXT_BLOCK_DELTA',
      reply_id: 'r1',
      block_id: 'b',
      delta: 5,
    };
    expect(appendEvent(msg, bad as unknown as AgentEvent)).toBe(msg);
  });

  it('applies events to a user-role message too (role is only checked at construction)', () => {
    const f = createEventFactory();
    const msg = userMsg('hi', { id: 'u1' });
    const next = appendEvent(msg, f.toolCallStart('u1', 'c1', 'Bash'));
    expect(next.content.map((b) => b.type)).toEqual(['text', 'tool_call']);
  });
});

/* -------------------------------------------------------------------------------------------------
 * Text and thinking
 * -----------------------------------------------------------------------------------------------*/

describe('appendEvent: text and thinking blocks', () => {
  it('TEXT_BLOCK_START appends an empty, open text block stamped with the event time', () => {
    const f = createEventFactory();
    const start = f.textStart('r1', 't1');
    const msg = apply(reply(), start);
    expect(msg.content).toEqual([
      { type: 'text', text: '', id: 't1', created_at: start.created_at, finished_at: null },
    ]);
  });

  it('TEXT_BLOCK_DELTA appends to the text, unicode included', () => {
    const f = createEventFactory();
    const msg = apply(
      reply(),
      f.textStart('r1', 't1'),
      f.textDelta('r1', 't1', 'Hello, '),
      f.textDelta('r1', 't1', '世界 👋🏽'),
      f.textDelta('r1', 't1', '\u0301!'),
    );
    expect(at<TextBlock>(msg, 0).text).toBe('Hello, 世界 👋🏽\u0301!');
  });

  it('THINKING_BLOCK_* stream into the thinking field', () => {
    const f = createEventFactory();
    const start = f.thinkingStart('r1', 'k1');
    const end = f.thinkingEnd('r1', 'k1');
    const msg = apply(
      reply(),
      start,
      f.thinkingDelta('r1', 'k1', 'let me '),
      f.thinkingDelta('r1', 'k1', 'think'),
      end,
    );
    expect(msg.content).toEqual([
      {
        type: 'thinking',
        thinking: 'let me think',
        id: 'k1',
        created_at: start.created_at,
        finished_at: end.created_at,
      },
    ]);
  });

  it('looks blocks up by type and id: a text delta never reaches a thinking block with the same id', () => {
    const f = createEventFactory();
    const thinkingOnly = apply(reply(), f.thinkingStart('r1', 'b'));
    expect(appendEvent(thinkingOnly, f.textDelta('r1', 'b', 'x'))).toBe(thinkingOnly);
    expect(appendEvent(thinkingOnly, f.textEnd('r1', 'b'))).toBe(thinkingOnly);

    const both = apply(
      reply(),
      f.thinkingStart('r1', 'b'),
      f.textStart('r1', 'b'),
      f.textDelta('r1', 'b', 'answer'),
      f.thinkingDelta('r1', 'b', 'reasoning'),
    );
    expect(at<ThinkingBlock>(both, 0).thinking).toBe('reasoning');
    expect(at<TextBlock>(both, 1).text).toBe('answer');
    const ended = appendEvent(both, f.textEnd('r1', 'b'));
    expect(at(ended, 0).finished_at).toBeNull();
    expect(at(ended, 1).finished_at).not.toBeNull();
  });

  it('a delta for a block that does not exist changes nothing', () => {
    const f = createEventFactory();
    const msg = apply(reply(), f.textStart('r1', 't1'));
    expect(appendEvent(msg, f.textDelta('r1', 'ghost', 'x'))).toBe(msg);
    expect(appendEvent(msg, f.thinkingDelta('r1', 't1', 'x'))).toBe(msg);
    expect(appendEvent(msg, f.thinkingEnd('r1', 'ghost'))).toBe(msg);
  });

  it('a repeated START appends a second block with the same id and later deltas go to the first', () => {
    const f = createEventFactory();
    const msg = apply(
      reply(),
      f.textStart('r1', 't1'),
      f.textDelta('r1', 't1', 'a'),
      f.textStart('r1', 't1'),
      f.textDelta('r1', 't1', 'b'),
    );
    expect(msg.content.map((b) => [b.type, b.id, (b as TextBlock).text])).toEqual([
      ['text', 't1', 'ab'],
      ['text', 't1', ''],
    ]);
    // END also targets the first one.
    const ended = appendEvent(msg, f.textEnd('r1', 't1'));
    expect(at(ended, 0).finished_at).not.toBeNull();
    expect(at(ended, 1).finished_at).toBeNull();
  });

  it('END sets finished_at to the event time, a repeated END overwrites it, deltas after END still apply', () => {
    const f = createEventFactory();
    const end1 = f.textEnd('r1', 't1');
    const end2 = f.textEnd('r1', 't1');
    let msg = apply(reply(), f.textStart('r1', 't1'), f.textDelta('r1', 't1', 'a'), end1);
    expect(at(msg, 0).finished_at).toBe(end1.created_at);
    msg = apply(msg, f.textDelta('r1', 't1', 'b'));
    expect(at<TextBlock>(msg, 0).text).toBe('ab');
    expect(at(msg, 0).finished_at).toBe(end1.created_at);
    msg = apply(msg, end2);
    expect(at(msg, 0).finished_at).toBe(end2.created_at);
    expect(end2.created_at).not.toBe(end1.created_at);
    // The same END again changes nothing.
    expect(appendEvent(msg, end2)).toBe(msg);
  });

  it('an empty delta returns the same message', () => {
    const f = createEventFactory();
    const msg = apply(reply(), f.textStart('r1', 't1'), f.thinkingStart('r1', 'k1'));
    expect(appendEvent(msg, f.textDelta('r1', 't1', ''))).toBe(msg);
    expect(appendEvent(msg, f.thinkingDelta('r1', 'k1', ''))).toBe(msg);
  });
});

/* -------------------------------------------------------------------------------------------------
 * Data blocks
 * -----------------------------------------------------------------------------------------------*/

function dataOf(msg: Msg, index = 0): string {
  const source = at<DataBlock>(msg, index).source;
  if (source.type !== 'base64') throw new Error('not base64');
  return source.data;
}

describe('appendEvent: data blocks', () => {
  it('DATA_BLOCK_START appends an empty base64 data block with the media type', () => {
    const f = createEventFactory();
    const start = f.dataStart('r1', 'd1', 'audio/wav');
    expect(apply(reply(), start).content).toEqual([
      {
        type: 'data',
        id: 'd1',
        source: { type: 'base64', data: '', media_type: 'audio/wav' },
        name: null,
        created_at: start.created_at,
        finished_at: null,
      },
    ]);
  });

  it('merges chunks as bytes: "YQ==" + "Yg==" is "YWI="', () => {
    const f = createEventFactory();
    const msg = apply(
      reply(),
      f.dataStart('r1', 'd1', 'text/plain'),
      f.dataDelta('r1', 'd1', 'YQ=='),
      f.dataDelta('r1', 'd1', 'Yg=='),
    );
    expect(dataOf(msg)).toBe('YWI=');
    expect(Buffer.from(dataOf(msg), 'base64').toString()).toBe('ab');
  });

  it('re-assembles random bytes split in random chunks to the same bytes as Buffer', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 0, maxLength: 4096 }),
        fc.array(fc.nat(), { maxLength: 40 }),
        (bytes, cuts) => {
          const points = [
            ...new Set(cuts.map((c) => (bytes.length === 0 ? 0 : c % bytes.length))),
          ].sort((a, b) => a - b);
          const bounds = [0, ...points, bytes.length];
          const f = createEventFactory();
          const events: AgentEvent[] = [f.dataStart('r1', 'd1', 'application/octet-stream')];
          for (let i = 0; i + 1 < bounds.length; i++) {
            const chunk = bytes.subarray(must(bounds[i]), must(bounds[i + 1]));
            events.push(f.dataDelta('r1', 'd1', Buffer.from(chunk).toString('base64')));
          }
          const data = dataOf(apply(reply(), ...events));
          expect(data).toBe(Buffer.from(bytes).toString('base64'));
          expect(Buffer.from(data, 'base64').equals(Buffer.from(bytes))).toBe(true);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('ignores the delta media_type', () => {
    const f = createEventFactory();
    const msg = apply(
      reply(),
      f.dataStart('r1', 'd1', 'image/png'),
      f.dataDelta('r1', 'd1', 'YQ==', 'image/jpeg'),
    );
    expect(at<DataBlock>(msg, 0).source.media_type).toBe('image/png');
  });

  it('an empty chunk is a no-op', () => {
    const f = createEventFactory();
    const msg = apply(
      reply(),
      f.dataStart('r1', 'd1', 'image/png'),
      f.dataDelta('r1', 'd1', 'YQ=='),
    );
    expect(appendEvent(msg, f.dataDelta('r1', 'd1', ''))).toBe(msg);
  });

  it('invalid base64 leaves the message unchanged and does not throw', () => {
    const f = createEventFactory();
    const msg = apply(
      reply(),
      f.dataStart('r1', 'd1', 'image/png'),
      f.dataDelta('r1', 'd1', 'YQ=='),
    );
    for (const bad of ['abc', 'YQ=', 'YQ', 'Y']) {
      expect(() => appendEvent(msg, f.dataDelta('r1', 'd1', bad))).not.toThrow();
      expect(appendEvent(msg, f.dataDelta('r1', 'd1', bad))).toBe(msg);
    }
    expect(dataOf(apply(msg, f.dataDelta('r1', 'd1', 'Yg==')))).toBe('YWI=');
  });

  it('a chunk with no base64 characters decodes to no bytes, as in Python, and changes nothing', () => {
    const f = createEventFactory();
    const msg = apply(
      reply(),
      f.dataStart('r1', 'd1', 'image/png'),
      f.dataDelta('r1', 'd1', 'YQ=='),
    );
    expect(appendEvent(msg, f.dataDelta('r1', 'd1', '!!!!'))).toBe(msg);
  });

  it('skips line breaks in a chunk, as Python b64decode does', () => {
    const f = createEventFactory();
    const msg = apply(
      reply(),
      f.dataStart('r1', 'd1', 'text/plain'),
      f.dataDelta('r1', 'd1', 'YW\nI='),
      f.dataDelta('r1', 'd1', 'Yw=='),
    );
    expect(Buffer.from(dataOf(msg), 'base64').toString()).toBe('abc');
  });

  it('extends base64 data that came from history, even when it is not canonical', () => {
    const f = createEventFactory();
    const history = reply('r1', [
      dataBlock({ type: 'base64', data: 'YWI=\n', media_type: 'text/plain' }, { id: 'd1' }),
    ]);
    const msg = apply(history, f.dataDelta('r1', 'd1', 'Yw=='));
    expect(Buffer.from(dataOf(msg), 'base64').toString()).toBe('abc');
  });

  it('a delta for a missing block, or for a block holding a URL, changes nothing', () => {
    const f = createEventFactory();
    const msg = reply('r1', [
      dataBlock(
        { type: 'url', url: 'https://example.com/a.png', media_type: 'image/png' },
        { id: 'u1' },
      ),
    ]);
    expect(appendEvent(msg, f.dataDelta('r1', 'ghost', 'YQ=='))).toBe(msg);
    expect(appendEvent(msg, f.dataDelta('r1', 'u1', 'YQ=='))).toBe(msg);
    expect(appendEvent(msg, f.dataEnd('r1', 'ghost'))).toBe(msg);
  });

  it('DATA_BLOCK_END sets finished_at', () => {
    const f = createEventFactory();
    const end = f.dataEnd('r1', 'd1');
    const msg = apply(
      reply(),
      f.dataStart('r1', 'd1', 'image/png'),
      f.dataDelta('r1', 'd1', 'YQ=='),
      end,
    );
    expect(at(msg, 0).finished_at).toBe(end.created_at);
  });
});

/* -------------------------------------------------------------------------------------------------
 * Hint
 * -----------------------------------------------------------------------------------------------*/

describe('appendEvent: HINT_BLOCK', () => {
  it('appends a hint that is finished at once', () => {
    const f = createEventFactory();
    const source = '{"label": "System", "sublabel": "Reminder"}';
    const event = f.hint('r1', 'h1', 'Remember the plan', source);
    expect(apply(reply(), event).content).toEqual([
      {
        type: 'hint',
        hint: 'Remember the plan',
        id: 'h1',
        source,
        created_at: event.created_at,
        finished_at: event.created_at,
      },
    ]);
  });

  it('keeps a list hint and a null source', () => {
    const f = createEventFactory();
    const parts = [textBlock('a', { id: 'x', created_at: T0 })];
    const msg = apply(reply(), f.hint('r1', 'h1', parts));
    expect(at<HintBlock>(msg, 0).hint).toEqual(parts);
    expect(at<HintBlock>(msg, 0).source).toBeNull();
  });
});

/* -------------------------------------------------------------------------------------------------
 * Tool calls
 * -----------------------------------------------------------------------------------------------*/

describe('appendEvent: tool calls', () => {
  it('TOOL_CALL_START appends a pending call with empty input and no rules', () => {
    const f = createEventFactory();
    const start = f.toolCallStart('r1', 'c1', 'Bash');
    expect(apply(reply(), start).content).toEqual([
      {
        type: 'tool_call',
        id: 'c1',
        name: 'Bash',
        input: '',
        state: 'pending',
        suggested_rules: [],
        created_at: start.created_at,
        finished_at: null,
      },
    ]);
  });

  it('TOOL_CALL_DELTA concatenates raw fragments (never parsed); END stamps finished_at but keeps state', () => {
    const f = createEventFactory();
    const end = f.toolCallEnd('r1', 'c1');
    const msg = apply(
      reply(),
      f.toolCallStart('r1', 'c1', 'Bash'),
      f.toolCallDelta('r1', 'c1', '{"comm'),
      f.toolCallDelta('r1', 'c1', 'and": "ls'),
      end,
    );
    const call = at<ToolCallBlock>(msg, 0);
    expect(call.input).toBe('{"command": "ls');
    expect(call.finished_at).toBe(end.created_at);
    expect(call.state).toBe('pending');
  });

  it('a repeated TOOL_CALL_START appends again and deltas go to the first; missing calls are skipped', () => {
    const f = createEventFactory();
    const msg = apply(
      reply(),
      f.toolCallStart('r1', 'c1', 'A'),
      f.toolCallStart('r1', 'c1', 'B'),
      f.toolCallDelta('r1', 'c1', '{}'),
    );
    expect(toolCalls(msg).map((c) => [c.name, c.input])).toEqual([
      ['A', '{}'],
      ['B', ''],
    ]);
    expect(appendEvent(msg, f.toolCallDelta('r1', 'ghost', 'x'))).toBe(msg);
    expect(appendEvent(msg, f.toolCallEnd('r1', 'ghost'))).toBe(msg);
  });

  it('a tool event finds its call by tool_call_id even when it also carries a block_id', () => {
    const f = createEventFactory();
    const msg = apply(reply(), f.toolCallStart('r1', 'c1', 'Bash'));
    const stray = Object.create(null) as object;
    for (const blockId of ['c1', 'other', stray]) {
      const delta = { ...f.toolCallDelta('r1', 'c1', '{}'), block_id: blockId } as AgentEvent;
      expect(toolCalls(appendEvent(msg, delta))[0]?.input).toBe('{}');
      const end = { ...f.toolCallEnd('r1', 'c1'), block_id: blockId } as AgentEvent;
      expect(appendEvent(msg, end)).not.toBe(msg);
    }
  });
});

/* -------------------------------------------------------------------------------------------------
 * Tool results
 * -----------------------------------------------------------------------------------------------*/

function outputOf(msg: Msg, index: number) {
  return at<ToolResultBlock>(msg, index).output;
}

describe('appendEvent: tool results', () => {
  it('TOOL_RESULT_START appends a running result with an empty output list', () => {
    const f = createEventFactory();
    const start = f.toolResultStart('r1', 'c1', 'Bash');
    expect(apply(reply(), start).content).toEqual([
      {
        type: 'tool_result',
        id: 'c1',
        name: 'Bash',
        output: [],
        state: 'running',
        metadata: {},
        created_at: start.created_at,
        finished_at: null,
      },
    ]);
  });

  it('consecutive text deltas merge into one text block', () => {
    const f = createEventFactory();
    const first = f.toolResultText('r1', 'c1', 'line 1\n');
    const msg = apply(
      reply(),
      f.toolResultStart('r1', 'c1', 'Bash'),
      first,
      f.toolResultText('r1', 'c1', 'line 2'),
    );
    expect(outputOf(msg, 0)).toEqual([
      {
        type: 'text',
        text: 'line 1\nline 2',
        id: 'c1:0',
        created_at: first.created_at,
        finished_at: null,
      },
    ]);
  });

  it('a string output is converted to a text block first, then the delta merges into it', () => {
    const f = createEventFactory();
    const history = reply('r1', [
      toolResultBlock({ id: 'c1', name: 'Read', output: 'ok', created_at: T0 }),
    ]);
    const msg = apply(history, f.toolResultText('r1', 'c1', '!'));
    const output = outputOf(msg, 0);
    expect(Array.isArray(output)).toBe(true);
    expect((output as TextBlock[]).map((b) => [b.type, b.text, b.id])).toEqual([
      ['text', 'ok!', 'c1:0'],
    ]);
  });

  it('text after data starts a new text block', () => {
    const f = createEventFactory();
    const msg = apply(
      reply(),
      f.toolResultStart('r1', 'c1', 'Shot'),
      f.toolResultText('r1', 'c1', 'a'),
      f.toolResultData('r1', 'c1', 'img', { data: 'YQ==' }),
      f.toolResultText('r1', 'c1', 'b'),
      f.toolResultText('r1', 'c1', 'c'),
    );
    const output = outputOf(msg, 0) as (TextBlock | DataBlock)[];
    expect(output.map((b) => [b.type, b.id, b.type === 'text' ? b.text : b.source.type])).toEqual([
      ['text', 'c1:0', 'a'],
      ['data', 'img', 'base64'],
      ['text', 'c1:2', 'bc'],
    ]);
  });

  it('an empty text delta on an empty output still appends an (empty) text block, as Python does', () => {
    const f = createEventFactory();
    const started = apply(reply(), f.toolResultStart('r1', 'c1', 'Bash'));
    const msg = apply(started, f.toolResultText('r1', 'c1', ''));
    expect(outputOf(msg, 0)).toMatchObject([{ type: 'text', text: '' }]);
    // With a text block last it changes nothing.
    expect(appendEvent(msg, f.toolResultText('r1', 'c1', ''))).toBe(msg);
  });

  it('data deltas always append, even with the same block_id; base64 is kept as sent', () => {
    const f = createEventFactory();
    const d1 = f.toolResultData('r1', 'c1', 'img', { data: 'YQ==' });
    const msg = apply(
      reply(),
      f.toolResultStart('r1', 'c1', 'Shot'),
      d1,
      f.toolResultData('r1', 'c1', 'img', { data: 'Yg==' }, 'image/jpeg'),
    );
    expect(outputOf(msg, 0)).toEqual([
      {
        type: 'data',
        id: 'img',
        source: { type: 'base64', data: 'YQ==', media_type: 'image/png' },
        name: null,
        created_at: d1.created_at,
        finished_at: null,
      },
      expect.objectContaining({
        type: 'data',
        id: 'img',
        source: { type: 'base64', data: 'Yg==', media_type: 'image/jpeg' },
      }),
    ]);
  });

  it('URL data deltas append a URL source, normalised like pydantic AnyUrl', () => {
    const f = createEventFactory();
    const msg = apply(
      reply(),
      f.toolResultStart('r1', 'c1', 'Search'),
      f.toolResultData('r1', 'c1', 'u1', { url: 'https://example.com' }),
      f.toolResultData('r1', 'c1', 'u2', { url: 'https://example.com/a b.png' }, 'image/png'),
    );
    const output = outputOf(msg, 0) as DataBlock[];
    expect(output.map((b) => b.source)).toEqual([
      { type: 'url', url: 'https://example.com/', media_type: 'image/png' },
      { type: 'url', url: 'https://example.com/a%20b.png', media_type: 'image/png' },
    ]);
  });

  it('an unparseable URL leaves the message unchanged', () => {
    const f = createEventFactory();
    const msg = apply(reply(), f.toolResultStart('r1', 'c1', 'Search'));
    expect(appendEvent(msg, f.toolResultData('r1', 'c1', 'u1', { url: 'not a url' }))).toBe(msg);
  });

  it('a data delta converts a string output first', () => {
    const f = createEventFactory();
    const history = reply('r1', [
      toolResultBlock({ id: 'c1', name: 'Read', output: 'ok', created_at: T0 }),
    ]);
    const msg = apply(history, f.toolResultData('r1', 'c1', 'img', { data: 'YQ==' }));
    expect((outputOf(msg, 0) as (TextBlock | DataBlock)[]).map((b) => [b.type, b.id])).toEqual([
      ['text', 'c1:0'],
      ['data', 'img'],
    ]);
  });

  it('deltas for a missing result change nothing; deltas after TOOL_RESULT_END still apply', () => {
    const f = createEventFactory();
    const msg = apply(
      reply(),
      f.toolResultStart('r1', 'c1', 'Bash'),
      f.toolResultText('r1', 'c1', 'a'),
      f.toolResultEnd('r1', 'c1', 'success'),
    );
    expect(appendEvent(msg, f.toolResultText('r1', 'ghost', 'x'))).toBe(msg);
    expect(appendEvent(msg, f.toolResultData('r1', 'ghost', 'i', { data: 'YQ==' }))).toBe(msg);
    const late = apply(msg, f.toolResultText('r1', 'c1', 'b'));
    expect(outputOf(late, 0)).toMatchObject([{ type: 'text', text: 'ab' }]);
    expect(at<ToolResultBlock>(late, 0).state).toBe('success');
  });

  it('TOOL_RESULT_END sets state, replaces metadata, stamps finished_at and finishes the paired call', () => {
    const f = createEventFactory();
    const end = f.toolResultEnd('r1', 'c1', 'error', { exit_code: 1 });
    let msg = apply(
      reply(),
      f.toolCallStart('r1', 'c1', 'Bash'),
      f.toolCallEnd('r1', 'c1'),
      f.toolResultStart('r1', 'c1', 'Bash'),
      f.toolResultEnd('r1', 'c1', 'success', { a: 1, keep: true }),
    );
    expect(at<ToolCallBlock>(msg, 0).state).toBe('finished');
    msg = apply(msg, end);
    const result = at<ToolResultBlock>(msg, 1);
    expect(result.state).toBe('error');
    expect(result.metadata).toEqual({ exit_code: 1 });
    expect(result.finished_at).toBe(end.created_at);
  });

  it('TOOL_RESULT_END without a result block changes nothing, and does not finish the call', () => {
    const f = createEventFactory();
    const msg = apply(reply(), f.toolCallStart('r1', 'c1', 'Bash'));
    expect(appendEvent(msg, f.toolResultEnd('r1', 'c1', 'success'))).toBe(msg);
    expect(at<ToolCallBlock>(msg, 0).state).toBe('pending');
  });

  it('TOOL_RESULT_END without a paired call still settles the result', () => {
    const f = createEventFactory();
    const msg = apply(
      reply(),
      f.toolResultStart('r1', 'c1', 'Bash'),
      f.toolResultEnd('r1', 'c1', 'interrupted'),
    );
    expect(msg.content).toHaveLength(1);
    expect(at<ToolResultBlock>(msg, 0).state).toBe('interrupted');
  });

  it('TOOL_RESULT_END finishes only the first call with that id, from any state', () => {
    const f = createEventFactory();
    const msg = apply(
      reply(),
      f.toolCallStart('r1', 'c1', 'A'),
      f.toolCallStart('r1', 'c1', 'B'),
      f.make('REQUIRE_EXTERNAL_EXECUTION', {
        reply_id: 'r1',
        tool_calls: [toolCallBlock({ id: 'c1', name: 'A' })],
      }),
      f.toolResultStart('r1', 'c1', 'A'),
      f.toolResultEnd('r1', 'c1', 'success'),
    );
    expect(toolCalls(msg).map((c) => c.state)).toEqual(['finished', 'pending']);
  });
});

/* -------------------------------------------------------------------------------------------------
 * Confirmation and external execution
 * -----------------------------------------------------------------------------------------------*/

function withCallIn(state: ToolCallBlock['state']): Msg {
  return reply('r1', [
    textBlock('before', { id: 't0', created_at: T0 }),
    toolCallBlock({ id: 'c1', name: 'Bash', input: '{"command":"ls"}', state, created_at: T0 }),
    toolCallBlock({ id: 'c2', name: 'Read', input: '{}', state: 'pending', created_at: T0 }),
  ]);
}

describe('appendEvent: REQUIRE_USER_CONFIRM', () => {
  it.each(['pending', 'asking', 'allowed', 'submitted', 'finished'] as const)(
    'parks a call as asking from %s and takes its suggested rules',
    (state) => {
      const f = createEventFactory();
      const msg = apply(
        withCallIn(state),
        f.make('REQUIRE_USER_CONFIRM', {
          reply_id: 'r1',
          tool_calls: [
            toolCallBlock({
              id: 'c1',
              name: 'Edited',
              input: '{"command":"rm"}',
              state: 'asking',
              suggested_rules: [bashRule],
            }),
          ],
        }),
      );
      const call = at<ToolCallBlock>(msg, 1);
      expect(call.state).toBe('asking');
      expect(call.suggested_rules).toEqual([bashRule]);
      // name and input of the event are not copied
      expect(call.name).toBe('Bash');
      expect(call.input).toBe('{"command":"ls"}');
      expect(at<ToolCallBlock>(msg, 2).state).toBe('pending');
    },
  );

  it('overwrites suggested_rules, even with an empty list', () => {
    const f = createEventFactory();
    const ask = (rules: (typeof bashRule)[]) =>
      f.make('REQUIRE_USER_CONFIRM', {
        reply_id: 'r1',
        tool_calls: [toolCallBlock({ id: 'c1', name: 'Bash', suggested_rules: rules })],
      });
    const msg = apply(withCallIn('pending'), ask([bashRule]), ask([]));
    expect(at<ToolCallBlock>(msg, 1).suggested_rules).toEqual([]);
    expect(at<ToolCallBlock>(msg, 1).state).toBe('asking');
  });

  it('ignores unknown ids (same message when none match)', () => {
    const f = createEventFactory();
    const msg = withCallIn('pending');
    const event = f.make('REQUIRE_USER_CONFIRM', {
      reply_id: 'r1',
      tool_calls: [toolCallBlock({ id: 'nope', name: 'X' })],
    });
    expect(appendEvent(msg, event)).toBe(msg);
    const mixed = f.make('REQUIRE_USER_CONFIRM', {
      reply_id: 'r1',
      tool_calls: [
        toolCallBlock({ id: 'nope', name: 'X' }),
        toolCallBlock({ id: 'c2', name: 'Read' }),
      ],
    });
    expect(toolCalls(apply(msg, mixed)).map((c) => c.state)).toEqual(['pending', 'asking']);
  });
});

describe('appendEvent: USER_CONFIRM_RESULT', () => {
  const decide = (f: ReturnType<typeof createEventFactory>, ...decisions: [string, boolean][]) =>
    f.make('USER_CONFIRM_RESULT', {
      reply_id: 'r1',
      confirm_results: decisions.map(([id, confirmed]) => ({
        confirmed,
        tool_call: toolCallBlock({ id, name: 'Edited', input: '{"edited":true}', state: 'asking' }),
        rules: confirmed ? [bashRule] : null,
      })),
    });

  it('moves an asking call to allowed when confirmed, without copying edits or rules', () => {
    const f = createEventFactory();
    const msg = apply(withCallIn('asking'), decide(f, ['c1', true]));
    const call = at<ToolCallBlock>(msg, 1);
    expect(call.state).toBe('allowed');
    expect(call.name).toBe('Bash');
    expect(call.input).toBe('{"command":"ls"}');
    expect(call.suggested_rules).toEqual([]);
  });

  it('moves an asking call to finished when denied', () => {
    const f = createEventFactory();
    expect(at<ToolCallBlock>(apply(withCallIn('asking'), decide(f, ['c1', false])), 1).state).toBe(
      'finished',
    );
  });

  it.each(['pending', 'allowed', 'submitted', 'finished'] as const)(
    'ignores a stale decision for a %s call',
    (state) => {
      const f = createEventFactory();
      const msg = withCallIn(state);
      expect(appendEvent(msg, decide(f, ['c1', true]))).toBe(msg);
      expect(appendEvent(msg, decide(f, ['c1', false]))).toBe(msg);
    },
  );

  it('applies several decisions; a repeated decision changes nothing', () => {
    const f = createEventFactory();
    const both = reply('r1', [
      toolCallBlock({ id: 'c1', name: 'A', state: 'asking', created_at: T0 }),
      toolCallBlock({ id: 'c2', name: 'B', state: 'asking', created_at: T0 }),
    ]);
    const msg = apply(both, decide(f, ['c1', true], ['c2', false], ['ghost', true]));
    expect(toolCalls(msg).map((c) => c.state)).toEqual(['allowed', 'finished']);
    expect(appendEvent(msg, decide(f, ['c1', false], ['c2', true]))).toBe(msg);
  });
});

describe('appendEvent: external execution', () => {
  it('REQUIRE_EXTERNAL_EXECUTION sets matching calls to submitted from any state', () => {
    const f = createEventFactory();
    for (const state of ['pending', 'asking', 'allowed', 'finished'] as const) {
      const msg = apply(
        withCallIn(state),
        f.make('REQUIRE_EXTERNAL_EXECUTION', {
          reply_id: 'r1',
          tool_calls: [
            toolCallBlock({ id: 'c1', name: 'Bash' }),
            toolCallBlock({ id: 'ghost', name: 'X' }),
          ],
        }),
      );
      expect(toolCalls(msg).map((c) => c.state)).toEqual(['submitted', 'pending']);
    }
  });

  it('REQUIRE_EXTERNAL_EXECUTION for an already submitted call returns the same message', () => {
    const f = createEventFactory();
    const msg = withCallIn('submitted');
    const event = f.make('REQUIRE_EXTERNAL_EXECUTION', {
      reply_id: 'r1',
      tool_calls: [toolCallBlock({ id: 'c1', name: 'Bash' })],
    });
    expect(appendEvent(msg, event)).toBe(msg);
  });

  it('EXTERNAL_EXECUTION_RESULT appends new results, stamping finished_at only when null, and leaves the call submitted', () => {
    const f = createEventFactory();
    const open = toolResultBlock({
      id: 'c1',
      name: 'Bash',
      output: 'done',
      state: 'success',
      created_at: T0,
    });
    const closed = toolResultBlock({
      id: 'c2',
      name: 'Read',
      output: 'x',
      state: 'success',
      created_at: T0,
      finished_at: T0,
    });
    const event = f.make('EXTERNAL_EXECUTION_RESULT', {
      reply_id: 'r1',
      execution_results: [open, closed],
    });
    const before = snapshot(event);
    const msg = apply(withCallIn('submitted'), event);
    expect(msg.content.slice(3)).toEqual([{ ...open, finished_at: event.created_at }, closed]);
    expect(at<ToolCallBlock>(msg, 1).state).toBe('submitted');
    // The event object is not mutated (Python stamps it in place).
    expect(event).toEqual(before);
    expect(open.finished_at).toBeNull();
  });

  it('skips ids that had a result before the event, but appends duplicates within one event', () => {
    const f = createEventFactory();
    const existing = apply(withCallIn('submitted'), f.toolResultStart('r1', 'c1', 'Bash'));
    const r = (id: string, output: string) =>
      toolResultBlock({ id, name: 'X', output, state: 'success', created_at: T0 });
    const event = f.make('EXTERNAL_EXECUTION_RESULT', {
      reply_id: 'r1',
      execution_results: [r('c1', 'dup of existing'), r('c2', 'first'), r('c2', 'second')],
    });
    const msg = apply(existing, event);
    const results = msg.content.filter((b): b is ToolResultBlock => b.type === 'tool_result');
    expect(results.map((b) => [b.id, b.output])).toEqual([
      ['c1', []],
      ['c2', 'first'],
      ['c2', 'second'],
    ]);
  });

  it('is a no-op (same message) when every result already exists, as in the real service flow', () => {
    const f = createEventFactory();
    const msg = apply(withCallIn('submitted'), f.toolResultStart('r1', 'c1', 'Bash'));
    const event = f.make('EXTERNAL_EXECUTION_RESULT', {
      reply_id: 'r1',
      execution_results: [
        toolResultBlock({ id: 'c1', name: 'Bash', output: 'out', state: 'success' }),
      ],
    });
    expect(appendEvent(msg, event)).toBe(msg);
  });
});

/* -------------------------------------------------------------------------------------------------
 * Reply and model call
 * -----------------------------------------------------------------------------------------------*/

describe('appendEvent: MODEL_CALL_END and REPLY_END', () => {
  it('MODEL_CALL_END creates usage, then adds each of the four counters', () => {
    const f = createEventFactory();
    const first = f.make('MODEL_CALL_END', {
      reply_id: 'r1',
      input_tokens: 10,
      output_tokens: 2,
      cache_input_tokens: 3,
      cache_creation_input_tokens: 4,
      finished_reason: 'interrupted',
    });
    let msg = apply(reply(), first);
    expect(msg.usage).toEqual({
      input_tokens: 10,
      output_tokens: 2,
      cache_input_tokens: 3,
      cache_creation_input_tokens: 4,
    });
    expect(msg.finished_reason).toBeNull();
    msg = apply(msg, {
      ...first,
      id: 'again',
      input_tokens: 5,
      output_tokens: 7,
      cache_input_tokens: 1,
      cache_creation_input_tokens: 2,
    });
    expect(msg.usage).toEqual({
      input_tokens: 15,
      output_tokens: 9,
      cache_input_tokens: 4,
      cache_creation_input_tokens: 6,
    });
    // A call without usage (all zeros) adds nothing.
    expect(apply(msg, f.modelCallEnd('r1', 0, 0))).toBe(msg);
    // ...but on a reply without usage it creates zeroed usage, as Python does.
    expect(apply(reply(), f.modelCallEnd('r1', 0, 0)).usage).toEqual({
      input_tokens: 0,
      output_tokens: 0,
      cache_input_tokens: 0,
      cache_creation_input_tokens: 0,
    });
  });

  it('MODEL_CALL_END from an older server without cache counters counts them as 0', () => {
    const old = {
      id: 'm',
      created_at: T0,
      type: 'MODEL_CALL_END',
      reply_id: 'r1',
      input_tokens: 4,
      output_tokens: 1,
    };
    const msg = appendEvent(reply(), old as unknown as AgentEvent);
    expect(msg.usage).toEqual({
      input_tokens: 4,
      output_tokens: 1,
      cache_input_tokens: 0,
      cache_creation_input_tokens: 0,
    });
  });

  it('REPLY_END sets finished_at, finished_reason and error; a second one overwrites all three', () => {
    const f = createEventFactory();
    const failed = f.replyEnd('r1', 'error', { type: 'rate_limit', message: 'slow down' });
    let msg = apply(reply(), failed);
    expect([msg.finished_at, msg.finished_reason, msg.error]).toEqual([
      failed.created_at,
      'error',
      { type: 'rate_limit', message: 'slow down' },
    ]);
    const done = f.replyEnd('r1');
    msg = apply(msg, done);
    expect([msg.finished_at, msg.finished_reason, msg.error]).toEqual([
      done.created_at,
      'completed',
      null,
    ]);
  });

  it('REPLY_END from an older server without finished_reason means completed', () => {
    const old = { id: 'e', created_at: T0, type: 'REPLY_END', session_id: 's', reply_id: 'r1' };
    const msg = appendEvent(reply(), old as unknown as AgentEvent);
    expect([msg.finished_at, msg.finished_reason, msg.error]).toEqual([T0, 'completed', null]);
  });

  it('events after REPLY_END still apply', () => {
    const f = createEventFactory();
    const msg = apply(
      reply(),
      f.textStart('r1', 't1'),
      f.replyEnd('r1'),
      f.textDelta('r1', 't1', 'late'),
    );
    expect(at<TextBlock>(msg, 0).text).toBe('late');
  });
});

/* -------------------------------------------------------------------------------------------------
 * Identity
 * -----------------------------------------------------------------------------------------------*/

describe('appendEvent: purity and identity', () => {
  it('returns a new message, keeps untouched blocks and never mutates its input', () => {
    const f = createEventFactory();
    const msg = apply(
      reply(),
      f.thinkingStart('r1', 'k1'),
      f.textStart('r1', 't1'),
      f.toolCallStart('r1', 'c1', 'Bash'),
      f.toolResultStart('r1', 'c1', 'Bash'),
      f.toolResultText('r1', 'c1', 'x'),
    );
    const before = snapshot(msg);
    const blocks = [...msg.content];

    const next = appendEvent(msg, f.textDelta('r1', 't1', 'hi'));
    expect(next).not.toBe(msg);
    expect(next.content).not.toBe(msg.content);
    expect(next.content[1]).not.toBe(blocks[1]);
    for (const i of [0, 2, 3]) expect(next.content[i]).toBe(blocks[i]);
    expect(msg).toEqual(before);

    const result = appendEvent(msg, f.toolResultText('r1', 'c1', 'y'));
    for (const i of [0, 1, 2]) expect(result.content[i]).toBe(blocks[i]);
    expect(msg).toEqual(before);
    expect(outputOf(msg, 3)).toMatchObject([{ text: 'x' }]);

    const appended = appendEvent(msg, f.textStart('r1', 't2'));
    for (const i of [0, 1, 2, 3]) expect(appended.content[i]).toBe(blocks[i]);
    expect(msg.content).toHaveLength(4);
    expect(msg).toEqual(before);
  });

  it('folding two different events into the same message gives independent results', () => {
    const f = createEventFactory();
    const msg = apply(reply(), f.textStart('r1', 't1'), f.textDelta('r1', 't1', 'a'));
    const a = appendEvent(msg, f.textDelta('r1', 't1', 'b'));
    const b = appendEvent(msg, f.textStart('r1', 't2'));
    const c = appendEvent(b, f.textDelta('r1', 't2', 'c'));
    const d = appendEvent(a, f.textStart('r1', 't3'));
    expect(at<TextBlock>(a, 0).text).toBe('ab');
    expect(b.content.map((x) => x.id)).toEqual(['t1', 't2']);
    expect(at<TextBlock>(c, 1).text).toBe('c');
    expect(d.content.map((x) => x.id)).toEqual(['t1', 't3']);
    expect(appendEvent(d, f.textDelta('r1', 't2', 'x'))).toBe(d);
    expect(at<TextBlock>(msg, 0).text).toBe('a');
  });

  it('a fork of history keeps first-match lookup (a repeated id on one branch, another order on the other)', () => {
    const f = createEventFactory();
    const msg = apply(reply(), f.textStart('r1', 't0'));
    const lineA = apply(msg, f.thinkingStart('r1', 'x'), f.textStart('r1', 'K'));
    const lineB = apply(
      msg,
      f.textStart('r1', 'K'),
      f.textStart('r1', 'K'),
      f.textDelta('r1', 'K', 'b'),
    );
    expect(lineB.content.map((x) => (x as TextBlock).text)).toEqual(['', 'b', '']);
    expect(at<TextBlock>(apply(lineA, f.textDelta('r1', 'K', 'a')), 2).text).toBe('a');
  });
});
