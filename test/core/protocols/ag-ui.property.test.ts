import fc from 'fast-check';
import jsonpatch from 'fast-json-patch';
import { describe, expect, it } from 'vitest';
import { type JsonValue } from '../../../src/core.js';
import { parseAgUiSse } from '../../../src/core/protocols/ag-ui/reduce.js';
import {
  applyJsonPatch,
  type AgUiState,
  createAgUiState,
  foldAgUiEvents,
  reduceAgUiEvent,
} from '../../../src/ag-ui.js';
import { validateMsg } from '../../../src/core/model/parse/message-reader.js';

/* -------------------------------------------------------------------------------------------------
 * Event logs shaped like the protocol
 * -----------------------------------------------------------------------------------------------*/

type Event = Record<string, unknown>;

const word = fc.constantFrom('a', 'b ', 'ü', '世', '🙂', '{"x":', '1}', '', '\n');
const deltas = fc.array(word, { minLength: 1, maxLength: 4 });

/** One well-formed step of a run; ids come from its position so steps never collide. */
const step = (n: number): fc.Arbitrary<Event[]> =>
  fc.oneof<fc.Arbitrary<Event[]>[]>(
    deltas.map((parts) => [
      { type: 'TEXT_MESSAGE_START', messageId: `m${n}`, role: 'assistant' },
      ...parts.map((delta) => ({ type: 'TEXT_MESSAGE_CONTENT', messageId: `m${n}`, delta })),
      { type: 'TEXT_MESSAGE_END', messageId: `m${n}` },
    ]),
    deltas.map((parts) => [
      { type: 'REASONING_MESSAGE_START', messageId: `r${n}`, role: 'reasoning' },
      ...parts.map((delta) => ({ type: 'REASONING_MESSAGE_CONTENT', messageId: `r${n}`, delta })),
      { type: 'REASONING_MESSAGE_END', messageId: `r${n}` },
    ]),
    fc.tuple(deltas, fc.boolean(), fc.boolean()).map(([parts, parent, answered]) => [
      {
        type: 'TOOL_CALL_START',
        toolCallId: `c${n}`,
        toolCallName: 'f',
        ...(parent ? { parentMessageId: `p${n}` } : {}),
      },
      ...parts.map((delta) => ({ type: 'TOOL_CALL_ARGS', toolCallId: `c${n}`, delta })),
      { type: 'TOOL_CALL_END', toolCallId: `c${n}` },
      ...(answered
        ? [
            {
              type: 'TOOL_CALL_RESULT',
              messageId: `t${n}`,
              toolCallId: `c${n}`,
              content: [{ type: 'text', text: 'ok' }],
            },
          ]
        : []),
    ]),
    deltas.map((parts) =>
      parts.map((delta, i) => ({
        type: 'TEXT_MESSAGE_CHUNK',
        ...(i === 0 ? { messageId: `k${n}` } : {}),
        delta,
      })),
    ),
    fc.integer({ min: 0, max: 9 }).map((value) => [
      { type: 'STATE_SNAPSHOT', snapshot: { n: value, list: [] } },
      {
        type: 'STATE_DELTA',
        delta: [
          { op: 'add', path: '/list/-', value },
          { op: 'replace', path: '/n', value: value + 1 },
        ],
      },
    ]),
    fc.constant([
      {
        type: 'ACTIVITY_SNAPSHOT',
        messageId: `act${n}`,
        activityType: 'plan',
        content: { steps: [] },
      },
      {
        type: 'ACTIVITY_DELTA',
        messageId: `act${n}`,
        activityType: 'plan',
        patch: [{ op: 'add', path: '/steps/-', value: n }],
      },
    ]),
    fc.constant([
      { type: 'STEP_STARTED', stepName: `s${n}` },
      { type: 'STEP_FINISHED', stepName: `s${n}` },
    ]),
  );

const runOutcome = fc.oneof(
  fc.constant(undefined),
  fc.constant({ type: 'cancelled' }),
  fc.constant({ type: 'interrupt', interrupts: [{ id: 'i1', reason: 'input', message: 'ok?' }] }),
);

/** A log of whole runs: every stream it opens, it ends. */
const wellFormedLog: fc.Arbitrary<Event[]> = fc
  .array(fc.tuple(fc.array(fc.nat(), { minLength: 1, maxLength: 4 }), runOutcome, fc.boolean()), {
    minLength: 1,
    maxLength: 3,
  })
  .chain((runs) =>
    fc.tuple(
      ...runs.map(([steps, outcome, failed], r) =>
        fc.tuple(...steps.map((_, s) => step(r * 10 + s))).map((parts) => [
          { type: 'RUN_STARTED', threadId: 't', runId: `run${r}` },
          ...parts.flat(),
          failed
            ? { type: 'RUN_ERROR', message: 'boom' }
            : {
                type: 'RUN_FINISHED',
                threadId: 't',
                runId: `run${r}`,
                ...(outcome ? { outcome } : {}),
              },
        ]),
      ),
    ),
  )
  .map((runs) => runs.flat());

const EVENT_TYPES = [
  'TEXT_MESSAGE_START',
  'TEXT_MESSAGE_CONTENT',
  'TEXT_MESSAGE_END',
  'TEXT_MESSAGE_CHUNK',
  'TOOL_CALL_START',
  'TOOL_CALL_ARGS',
  'TOOL_CALL_END',
  'TOOL_CALL_CHUNK',
  'TOOL_CALL_RESULT',
  'STATE_SNAPSHOT',
  'STATE_DELTA',
  'MESSAGES_SNAPSHOT',
  'ACTIVITY_SNAPSHOT',
  'ACTIVITY_DELTA',
  'RAW',
  'CUSTOM',
  'RUN_STARTED',
  'RUN_FINISHED',
  'RUN_ERROR',
  'STEP_STARTED',
  'STEP_FINISHED',
  'REASONING_START',
  'REASONING_MESSAGE_START',
  'REASONING_MESSAGE_CONTENT',
  'REASONING_MESSAGE_END',
  'REASONING_MESSAGE_CHUNK',
  'REASONING_END',
  'REASONING_ENCRYPTED_VALUE',
  'SUBAGENT_STARTED',
  'SUBAGENT_FINISHED',
  'SUBAGENT_ERROR',
  'THINKING_START',
  'THINKING_CONTENT',
  'THINKING_END',
  'NOT_A_TYPE',
];
const id = fc.constantFrom('a', 'b', 'c', '__proto__', '', 1 as unknown as string);
const anything = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constant(undefined));

/** Events with the right type and wrong or missing fields, and plain junk. */
const junkEvent: fc.Arbitrary<unknown> = fc.oneof(
  fc.record(
    {
      type: fc.constantFrom(...EVENT_TYPES),
      messageId: id,
      toolCallId: id,
      parentMessageId: id,
      subagentRunId: id,
      runId: id,
      delta: fc.oneof(word, anything),
      content: fc.oneof(
        word,
        fc.array(
          fc.record({
            type: fc.constantFrom('text', 'image', 'binary', 'x'),
            text: word,
            source: anything,
          }),
        ),
        anything,
      ),
      messages: fc.oneof(
        fc.array(
          fc.record({
            id,
            role: fc.constantFrom('user', 'assistant', 'tool', 'reasoning', 'activity', 'x'),
            content: anything,
          }),
        ),
        anything,
      ),
      delta_: anything,
      patch: fc.oneof(
        fc.array(
          fc.record({
            op: fc.constantFrom('add', 'remove', 'x'),
            path: fc.constantFrom('', '/a', '/-', 'x'),
            value: anything,
          }),
        ),
        anything,
      ),
      outcome: fc.oneof(
        anything,
        fc.record({
          type: fc.constantFrom('success', 'interrupt', 'cancelled'),
          interrupts: anything,
          pendingToolCallIds: anything,
        }),
      ),
    },
    { requiredKeys: ['type'] },
  ),
  anything,
  fc.string(),
);

/* -------------------------------------------------------------------------------------------------
 * Comparing states
 * -----------------------------------------------------------------------------------------------*/

function shown(state: AgUiState) {
  return {
    messages: state.messages,
    status: state.status,
    state: state.state,
    activities: state.activities,
    interrupts: state.interrupts,
    runs: state.runs,
    subagents: state.subagents,
  };
}

function whole(state: AgUiState) {
  return {
    ...shown(state),
    diagnostics: state.diagnostics,
    customEvents: state.customEvents,
    rawEvents: state.rawEvents,
    eventCount: state.eventCount,
  };
}

function toSse(events: readonly unknown[]): string {
  return events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join('');
}

/* -------------------------------------------------------------------------------------------------
 * Properties of the fold
 * -----------------------------------------------------------------------------------------------*/

describe('foldAgUiEvents properties', () => {
  it('never throws on any sequence, valid or junk, and every message stays a valid Msg', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            junkEvent,
            wellFormedLog.map((log) => log[0]),
          ),
          { maxLength: 40 },
        ),
        (events) => {
          const state = foldAgUiEvents(events);
          expect(state.eventCount).toBe(events.length);
          for (const message of state.messages) expect(validateMsg(message)).toEqual([]);
          let one = createAgUiState();
          for (const event of events) one = reduceAgUiEvent(one, event);
          expect(whole(one)).toEqual(whole(state));
        },
      ),
      { numRuns: 300 },
    );
  }, 60_000);

  it('folding a prefix, then the rest, equals folding the whole', () => {
    fc.assert(
      fc.property(
        fc.oneof(wellFormedLog, fc.array(junkEvent, { maxLength: 30 })),
        fc.nat(),
        (events, cut) => {
          const at = events.length === 0 ? 0 : cut % (events.length + 1);
          const split = foldAgUiEvents(events.slice(at), foldAgUiEvents(events.slice(0, at)));
          expect(whole(split)).toEqual(whole(foldAgUiEvents(events)));
        },
      ),
      { numRuns: 200 },
    );
  }, 60_000);

  it('any split of the SSE bytes gives the same fold', () => {
    fc.assert(
      fc.property(wellFormedLog, fc.array(fc.nat(), { maxLength: 8 }), (events, cuts) => {
        const bytes = new TextEncoder().encode(toSse(events));
        const points = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort(
          (a, b) => a - b,
        );
        const pieces: Uint8Array[] = [];
        let from = 0;
        for (const point of [...points, bytes.length]) {
          pieces.push(bytes.subarray(from, point));
          from = point;
        }
        const whole_ = foldAgUiEvents(events);
        expect(whole(foldAgUiEvents(toSse(events)))).toEqual(whole(whole_));
        const { events: decoded, diagnostics } = parseAgUiSse(pieces);
        expect(diagnostics).toEqual([]);
        expect(whole(foldAgUiEvents(decoded))).toEqual(whole(whole_));
      }),
      { numRuns: 150 },
    );
  }, 60_000);

  it('replaying a log from its own result changes nothing that is shown', () => {
    fc.assert(
      fc.property(wellFormedLog, (events) => {
        const once = foldAgUiEvents(events);
        const twice = foldAgUiEvents(events, once);
        expect(shown(twice)).toEqual(shown(once));
        // Replayed text that matches keeps every message object as it was (an activity is
        // rebuilt by its snapshot and deltas: equal, not the same object).
        twice.messages.forEach((message, index) => {
          if (message.role !== 'activity') expect(message).toBe(once.messages[index]);
        });
      }),
      { numRuns: 200 },
    );
  });

  it('an event keeps every message and block it does not touch', () => {
    fc.assert(
      fc.property(wellFormedLog, fc.nat(), (events, cut) => {
        const at = cut % events.length;
        const before = foldAgUiEvents(events.slice(0, at));
        const event = events[at] as Event;
        const after = reduceAgUiEvent(before, event);
        // A chunk without an id continues whichever message its lane has open.
        if (String(event['type']).endsWith('_CHUNK')) return;
        const touched = new Set([
          event['messageId'],
          event['parentMessageId'],
          `${String(event['toolCallId'])}`,
        ]);
        for (const message of before.messages) {
          const next = after.getMessage(message.id);
          // Open messages may be closed by any event of their lane or run.
          if (next === undefined || touched.has(message.id) || message.finished_at === null)
            continue;
          const holdsCall = message.content.some(
            (block) => block.type === 'tool_call' && block.id === event['toolCallId'],
          );
          if (holdsCall || /^(RUN_|MESSAGES_SNAPSHOT)/.test(String(event['type']))) continue;
          expect(next).toBe(message);
        }
        // Inside a touched message, blocks before the one that changed keep their identity.
        if (event['type'] === 'TEXT_MESSAGE_CONTENT') {
          const old = before.getMessage(String(event['messageId']));
          const next = after.getMessage(String(event['messageId']));
          old?.content.forEach((block, index) => {
            if (block.type !== 'text') expect(next?.content[index]).toBe(block);
          });
        }
      }),
      { numRuns: 200 },
    );
  });
});

/* -------------------------------------------------------------------------------------------------
 * JSON Patch against fast-json-patch
 * -----------------------------------------------------------------------------------------------*/

const key = fc.constantFrom('a', 'b', 'x/y', 'm~n', '0', '1');
const docArb = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.integer({ min: 0, max: 3 }),
    tie('object'),
    tie('array'),
  ),
  object: fc.dictionary(key, tie('value'), { maxKeys: 3 }),
  array: fc.array(tie('value'), { maxLength: 3 }),
})).object as fc.Arbitrary<JsonValue>;

const escape = (token: string) => token.replaceAll('~', '~0').replaceAll('/', '~1');

/** Pointers into a document (mostly existing paths, some not, some one past the end). */
function pointers(doc: JsonValue): string[] {
  const out = [''];
  const walk = (node: JsonValue, prefix: string) => {
    if (Array.isArray(node)) {
      node.forEach((child, index) => {
        out.push(`${prefix}/${index}`);
        walk(child, `${prefix}/${index}`);
      });
      out.push(`${prefix}/-`, `${prefix}/${node.length}`);
    } else if (node !== null && typeof node === 'object') {
      for (const [k, child] of Object.entries(node)) {
        out.push(`${prefix}/${escape(k)}`);
        walk(child, `${prefix}/${escape(k)}`);
      }
      out.push(`${prefix}/new`, `${prefix}/${escape('x/y')}`);
    }
  };
  walk(doc, '');
  out.push('/missing/deep');
  return out;
}

const patchCase = docArb.chain((doc) => {
  const paths = pointers(doc);
  const path = fc.constantFrom(...paths);
  const value = fc.oneof(
    fc.integer({ min: 0, max: 3 }),
    fc.constant({ k: [1] }),
    fc.constant(null),
  );
  const op = fc.oneof(
    fc.record({ op: fc.constant('add'), path, value }),
    fc.record({ op: fc.constant('remove'), path }),
    fc.record({ op: fc.constant('replace'), path, value }),
    fc.record({ op: fc.constant('move'), from: path, path }),
    fc.record({ op: fc.constant('copy'), from: path, path }),
    fc.record({ op: fc.constant('test'), path, value }),
  );
  return fc.tuple(fc.constant(doc), fc.array(op, { minLength: 1, maxLength: 4 }));
});

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

describe('applyJsonPatch', () => {
  it('agrees with fast-json-patch, never changes its input, and shares what it does not touch', () => {
    fc.assert(
      fc.property(patchCase, ([doc, ops]) => {
        const frozen = deepFreeze(structuredClone(doc));
        const ours = applyJsonPatch(frozen, ops);
        let theirs: { ok: true; value: unknown } | { ok: false; index: number };
        try {
          theirs = {
            ok: true,
            value: jsonpatch.applyPatch(
              structuredClone(doc),
              JSON.parse(JSON.stringify(ops)) as never,
              true,
              false,
            ).newDocument,
          };
        } catch (error) {
          theirs = { ok: false, index: Number((error as { index?: number }).index ?? -1) };
        }
        if (ours.ok !== theirs.ok) {
          // The known differences, by design (see json-patch.ts): fast-json-patch skips an add
          // under a scalar, and checks a move's or copy's paths against the document as it was
          // before the operation (so it refuses a move whose target exists only after the
          // removal, and writes something for a copy from a missing path). We follow RFC 6902.
          const failedAt = ours.ok ? (theirs.ok ? -1 : theirs.index) : ours.index;
          const failed = ops[failedAt] as { op: string } | undefined;
          const scalarParent = !ours.ok && /parent is not an object or array/.test(ours.error);
          expect(scalarParent || failed?.op === 'move' || failed?.op === 'copy').toBe(true);
          return;
        }
        if (ours.ok && theirs.ok) {
          expect(ours.value).toEqual(theirs.value);
          // Top-level members no operation names keep their identity.
          const touchesRoot = ops.some((op) => op.path === '');
          if (
            !touchesRoot &&
            ours.value !== null &&
            typeof ours.value === 'object' &&
            !Array.isArray(ours.value) &&
            !Array.isArray(frozen)
          ) {
            const named = new Set(
              ops
                .flatMap((op) => [op.path, 'from' in op ? op.from : ''])
                .map((p) => String(p).split('/')[1]),
            );
            for (const [k, child] of Object.entries(frozen as Record<string, unknown>))
              if (!named.has(escape(k)) && (ours.value as Record<string, unknown>)[k] !== undefined)
                expect((ours.value as Record<string, unknown>)[k]).toBe(child);
          }
        }
      }),
      { numRuns: 1000 },
    );
  }, 60_000);

  it('handles the RFC 6901 escapes, "-" and a failing test atomically', () => {
    const doc = deepFreeze({ 'a/b': { '~': 1 }, list: [1, 2] });
    expect(
      applyJsonPatch(doc, [
        { op: 'replace', path: '/a~1b/~0', value: 2 },
        { op: 'add', path: '/list/-', value: 3 },
      ]),
    ).toEqual({
      ok: true,
      value: { 'a/b': { '~': 2 }, list: [1, 2, 3] },
    });
    expect(
      applyJsonPatch(doc, [
        { op: 'add', path: '/list/-', value: 3 },
        { op: 'test', path: '/list/0', value: 9 },
      ]),
    ).toMatchObject({
      ok: false,
      index: 1,
    });
    expect(
      applyJsonPatch(doc, [{ op: 'add', path: '/__proto__/polluted', value: 1 }]),
    ).toMatchObject({ ok: false });
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(applyJsonPatch(doc, [{ op: 'add', path: '/list/01', value: 1 }])).toMatchObject({
      ok: false,
    });
    expect(applyJsonPatch(doc, 'nope')).toMatchObject({ ok: false, index: -1 });
  });

  it('a failing state patch is reported and leaves the state as it was', () => {
    const start = foldAgUiEvents([
      { type: 'RUN_STARTED', threadId: 't', runId: 'r' },
      { type: 'STATE_SNAPSHOT', snapshot: { a: 1 } },
    ]);
    const after = reduceAgUiEvent(start, {
      type: 'STATE_DELTA',
      delta: [
        { op: 'replace', path: '/a', value: 2 },
        { op: 'remove', path: '/zzz' },
      ],
    });
    expect(after.state).toBe(start.state);
    expect(after.diagnostics.at(-1)).toMatchObject({
      code: 'invalid-data',
      detail: 'invalid-patch',
      path: '$[2]',
    });
  });
});
