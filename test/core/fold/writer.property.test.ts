/*
 * Properties of the conversation writer over random operation sequences: writing them in batches
 * of any size publishes the same conversation as writing them one by one, a published state never
 * changes afterwards, and writing from an earlier state (a fork) leaves its successors alone.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ContentBlock, Msg, ToolCallState } from '../../../src/core.js';
import { blankMsg, toolCallBlock, toolResultBlock } from '../../../src/core/model/factories.js';
import type { DiagnosticCode } from '../../../src/core/fold/diagnostic-code.js';
import { ConversationWriter } from '../../../src/core/fold/writer.js';
import type { WriterState } from '../../../src/core/fold/writer-state.js';
import { emptyWriterState } from '../../../src/core/fold/writer-state.js';

type Op =
  | { k: 'push'; id: string; name: string; call: string | null }
  | { k: 'upsert'; id: string; name: string; call: string | null }
  | { k: 'insert'; m: number; id: string }
  | { k: 'replace-all' }
  | { k: 'edit'; m: number; name: string }
  | { k: 'open'; m: number; kind: 'text' | 'thinking' | 'tool_call'; id: string }
  | { k: 'append'; m: number; b: number; delta: string }
  | { k: 'close'; m: number; b: number; at: string | null }
  | { k: 'state'; m: number; b: number; state: ToolCallState }
  | { k: 'result'; m: number; b: number; beside: boolean }
  | { k: 'report'; code: DiagnosticCode; message: string };

const ids = fc.constantFrom('a', 'b', 'c', 'd', 'e');
const slot = fc.nat({ max: 40 });
const delta = fc.string({ unit: 'grapheme', maxLength: 6 });

const op = fc.oneof(
  fc.record({
    k: fc.constantFrom('push' as const, 'upsert' as const),
    id: ids,
    name: fc.constantFrom('user', 'agent'),
    call: fc.option(fc.constantFrom('c1', 'c2')),
  }),
  fc.record({ k: fc.constant('insert' as const), m: slot, id: ids }),
  fc.record({ k: fc.constant('replace-all' as const) }),
  fc.record({ k: fc.constant('edit' as const), m: slot, name: fc.constantFrom('x', 'y') }),
  fc.record({
    k: fc.constant('open' as const),
    m: slot,
    kind: fc.constantFrom('text' as const, 'thinking' as const, 'tool_call' as const),
    id: fc.constantFrom('b1', 'b2', 'c1', 'c2'),
  }),
  fc.record({ k: fc.constant('append' as const), m: slot, b: slot, delta }),
  fc.record({ k: fc.constant('append' as const), m: slot, b: slot, delta }),
  fc.record({
    k: fc.constant('close' as const),
    m: slot,
    b: slot,
    at: fc.option(fc.constantFrom('t1', 't2')),
  }),
  fc.record({
    k: fc.constant('state' as const),
    m: slot,
    b: slot,
    state: fc.constantFrom<ToolCallState>('pending', 'asking', 'finished'),
  }),
  fc.record({ k: fc.constant('result' as const), m: slot, b: slot, beside: fc.boolean() }),
  fc.record({
    k: fc.constant('report' as const),
    code: fc.constantFrom<DiagnosticCode>('not-open', 'repaired', 'dropped'),
    message: fc.string({ maxLength: 4 }),
  }),
) as fc.Arbitrary<Op>;

function block(kind: 'text' | 'thinking' | 'tool_call', id: string): ContentBlock {
  const base = { id, created_at: 't0', finished_at: null };
  if (kind === 'text') return { type: 'text', text: '', ...base };
  if (kind === 'thinking') return { type: 'thinking', thinking: '', ...base };
  return toolCallBlock({ id, name: 'search', input: '', created_at: 't0' });
}

function apply(writer: ConversationWriter, o: Op): void {
  if (o.k === 'push' || o.k === 'upsert') {
    const content =
      o.call === null
        ? []
        : [toolCallBlock({ id: o.call, name: 'f', input: '{}', created_at: 't0' })];
    writer[o.k](blankMsg({ id: o.id, name: o.name, content }));
    return;
  }
  if (o.k === 'report') return writer.report(o.code, o.message, { detail: 'why', path: '$[0]' });
  if (o.k === 'replace-all') {
    const all: Msg[] = [];
    for (let i = writer.length - 1; i >= 0; i--) all.push(writer.message(i) as Msg);
    return writer.replaceAll(all);
  }
  if (writer.length === 0) return;
  const position = o.m % writer.length;
  if (o.k === 'insert') return writer.insert(position, blankMsg({ id: o.id }));
  if (o.k === 'edit') {
    writer.edit(position).name = o.name;
    return;
  }
  if (o.k === 'open') {
    const at = writer.openBlock(position, block(o.kind, o.id));
    // A call just opened is found by its id.
    if (o.kind === 'tool_call') expect(writer.findCall(o.id)).toEqual({ position, at });
    return;
  }
  const content = (writer.message(position) as Msg).content;
  if (content.length === 0) return;
  const at = o.b % content.length;
  if (o.k === 'append') return writer.appendText(position, at, o.delta);
  if (o.k === 'close') return writer.closeBlock(position, at, o.at);
  if (o.k === 'state') return writer.setToolState(position, at, o.state);
  const id = content[at]?.id ?? 'r';
  const result = toolResultBlock({ id, name: 'f', output: 'ok', created_at: 't0' });
  writer.attachResult(position, result, o.beside ? at : undefined);
}

/** Writes `ops` from `base` in batches of the given sizes; every published state, in order. */
function write(ops: readonly Op[], sizes: readonly number[], base = emptyWriterState()) {
  const states: WriterState[] = [base];
  let state = base;
  let next = 0;
  let turn = 0;
  while (next < ops.length) {
    const size = Math.max(1, sizes[turn++ % Math.max(1, sizes.length)] ?? 1);
    const writer = new ConversationWriter(state);
    for (const o of ops.slice(next, next + size)) apply(writer, o);
    next += size;
    states.push((state = writer.finish()));
  }
  return states;
}

const snapshot = (state: WriterState) =>
  structuredClone({ messages: state.messages, diagnostics: state.diagnostics });

const view = (state: WriterState) => ({
  messages: state.messages,
  diagnostics: state.diagnostics,
});

describe('ConversationWriter', () => {
  it('writes the same conversation in batches of any size as one by one', () => {
    fc.assert(
      fc.property(
        fc.array(op, { maxLength: 80 }),
        fc.array(fc.integer({ min: 1, max: 30 }), { maxLength: 6 }),
        (ops, sizes) => {
          const single = write(ops, [1]).at(-1) as WriterState;
          const batched = write(ops, sizes).at(-1) as WriterState;
          expect(view(batched)).toEqual(view(single));
          // Every message is found by its id: the first one holding it.
          for (const msg of batched.messages) {
            expect(batched.getMessage(msg.id)).toBe(batched.messages.find((m) => m.id === msg.id));
          }
        },
      ),
      { numRuns: 200 },
    );
  }, 60_000);

  it('never changes a published state', () => {
    fc.assert(
      fc.property(
        fc.array(op, { maxLength: 80 }),
        fc.array(fc.integer({ min: 1, max: 10 }), { maxLength: 6 }),
        (ops, sizes) => {
          const states: WriterState[] = [];
          const snapshots: ReturnType<typeof snapshot>[] = [];
          let state = emptyWriterState();
          let next = 0;
          for (let turn = 0; next < ops.length; turn++) {
            const size = Math.max(1, sizes[turn % Math.max(1, sizes.length)] ?? 1);
            const writer = new ConversationWriter(state);
            for (const o of ops.slice(next, next + size)) apply(writer, o);
            next += size;
            state = writer.finish();
            states.push(state);
            snapshots.push(snapshot(state));
          }
          states.forEach((published, i) => expect(snapshot(published)).toEqual(snapshots[i]));
        },
      ),
      { numRuns: 150 },
    );
  }, 60_000);

  it('writes from an earlier state as from a fresh copy of it, leaving its successors alone', () => {
    fc.assert(
      fc.property(
        fc.array(op, { minLength: 1, maxLength: 60 }),
        fc.array(op, { minLength: 1, maxLength: 30 }),
        fc.nat(),
        (ops, forkOps, pick) => {
          const states = write(ops, [3]);
          const before = states.map(snapshot);
          const earlier = states[pick % states.length] as WriterState;
          const forked = write(forkOps, [forkOps.length], earlier).at(-1) as WriterState;
          const copy = new ConversationWriter(emptyWriterState());
          for (const msg of earlier.messages) copy.push(msg);
          const fresh = write(forkOps, [forkOps.length], copy.finish()).at(-1);
          expect(forked.messages).toEqual(fresh?.messages);
          states.forEach((state, i) => {
            expect(snapshot(state)).toEqual(before[i]);
            // Every earlier state still finds each of its messages.
            for (const msg of state.messages)
              expect(state.messages).toContain(state.getMessage(msg.id));
          });
        },
      ),
      { numRuns: 150 },
    );
  }, 60_000);

  it('keeps the latest 500 diagnostics in one log, with the protocol detail', () => {
    const writer = new ConversationWriter(emptyWriterState());
    for (let i = 0; i < 520; i++)
      writer.report('not-open', `delta ${i}`, { detail: 'step-not-open' });
    const { diagnostics } = writer.finish();
    expect(diagnostics).toHaveLength(500);
    expect(diagnostics[0]).toEqual({
      code: 'not-open',
      message: 'delta 20',
      detail: 'step-not-open',
    });
    expect(diagnostics.at(-1)?.message).toBe('delta 519');
  });

  it('attaches a result beside its call and finds the call after the insertion', () => {
    let writer = new ConversationWriter(emptyWriterState());
    const position = writer.push(blankMsg({ id: 'm' }));
    const call = writer.openBlock(position, block('tool_call', 'c1'));
    writer.openBlock(position, block('text', 'after'));
    const state = writer.finish();
    writer = new ConversationWriter(state);
    writer.appendText(position, call, '{"q":1}');
    writer.setToolState(position, call, 'finished');
    const at = writer.attachResult(
      position,
      toolResultBlock({ id: 'c1', name: 'f', output: 'ok' }),
      call,
    );
    const next = writer.finish();
    expect(next.messages[0]?.content.map((b) => b.type)).toEqual([
      'tool_call',
      'tool_result',
      'text',
    ]);
    expect(at).toBe(1);
    expect(next.messages[0]?.content[0]).toMatchObject({ input: '{"q":1}', state: 'finished' });
    // The state before is as it was; the untouched text block keeps its identity.
    expect(state.messages[0]?.content.map((b) => b.type)).toEqual(['tool_call', 'text']);
    expect(next.messages[0]?.content[2]).toBe(state.messages[0]?.content[1]);
    expect(new ConversationWriter(next).findCall('c1')).toEqual({ position, at: 0 });
  });

  it('finds a message put in place of another under its new id', () => {
    const writer = new ConversationWriter(emptyWriterState());
    writer.push(blankMsg({ id: 'draft' }));
    writer.push(blankMsg({ id: 'later' }));
    writer.set(0, blankMsg({ id: 'final' }));
    expect(writer.position('final')).toBe(0);
    expect(writer.position('draft')).toBe(-1);
    const state = writer.finish();
    expect(state.getMessage('final')?.id).toBe('final');
    expect(new ConversationWriter(state).position('final')).toBe(0);
  });
});
