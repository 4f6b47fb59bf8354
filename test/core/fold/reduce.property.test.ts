/*
 * Properties of the fold over random but realistic AgentScope event logs: several replies, each
 * with REPLY_START, interleaved text/thinking/data/hint/tool blocks streamed in random deltas
 * (unicode included), tool results, confirmations, external execution and REPLY_END.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type {
  AgentEvent,
  Conversation,
  JsonObject,
  Msg,
  ToolResultState,
} from '../../../src/core.js';
import {
  AGENT_EVENT_TYPES,
  appendEvent,
  assistantMsg,
  createConversation,
  foldEvents,
  reduceConversation,
  toolCallBlock,
  toolResultBlock,
} from '../../../src/core.js';
import type { EventFactory } from '../../fixtures/events.js';
import { createEventFactory } from '../../fixtures/events.js';
import { bashRule, must, snapshot, view } from './helpers.js';

/* -------------------------------------------------------------------------------------------------
 * Plans: what a reply does, independent of ids and timestamps
 * -----------------------------------------------------------------------------------------------*/

type Part =
  | { kind: 'text'; text: string }
  | { kind: 'b64'; bytes: Uint8Array }
  | { kind: 'url'; path: string };
type Outcome =
  | 'local'
  | 'engine-deny'
  | 'ask-allow'
  | 'ask-deny'
  | 'ask-parked'
  | 'external'
  | 'external-parked';

type BlockPlan =
  | {
      kind: 'text' | 'thinking';
      id: string | null;
      deltas: string[];
      end: boolean;
      restart: boolean;
    }
  | { kind: 'data'; id: string | null; chunks: Uint8Array[]; end: boolean }
  | { kind: 'hint'; id: string | null; text: string }
  | {
      kind: 'tool';
      id: string | null;
      name: string;
      input: string[];
      outcome: Outcome;
      parts: Part[];
      state: ToolResultState;
      metadata: JsonObject;
    };

interface ReplyPlan {
  blocks: BlockPlan[];
  order: number[];
  usage: [number, number, number, number][];
  end: 'completed' | 'interrupted' | 'error' | 'exceed' | null;
  noise: ('custom' | 'ghost-delta' | 'stale-confirm' | 'unknown-reply')[];
}

const textArb = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 6 }),
  fc.string({ unit: 'binary', maxLength: 4 }),
  fc.constantFrom('👋🏽', 'e\u0301', '世界', '\n', '', ' ', '"{', '\u202e'),
);

// Ids: usually unique per block; sometimes a shared one, to exercise type-scoped and first-match lookup.
const idArb = fc.oneof(
  { weight: 4, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.constantFrom('x', 'y') },
);

const partArb: fc.Arbitrary<Part> = fc.oneof(
  { weight: 3, arbitrary: textArb.map((text) => ({ kind: 'text' as const, text })) },
  fc.uint8Array({ maxLength: 12 }).map((bytes) => ({ kind: 'b64' as const, bytes })),
  fc.constantFrom('', 'a.png', 'dir/b c.png').map((path) => ({ kind: 'url' as const, path })),
);

const blockArb: fc.Arbitrary<BlockPlan> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constantFrom('text' as const, 'thinking' as const),
      id: idArb,
      deltas: fc.array(textArb, { maxLength: 6 }),
      end: fc.boolean(),
      restart: fc.boolean(),
    }),
  },
  fc.record({
    kind: fc.constant('data' as const),
    id: idArb,
    chunks: fc.array(fc.uint8Array({ maxLength: 10 }), { maxLength: 4 }),
    end: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('hint' as const), id: idArb, text: textArb }),
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('tool' as const),
      id: idArb,
      name: fc.constantFrom('Bash', 'Read', 'Write'),
      input: fc.array(textArb, { maxLength: 3 }),
      outcome: fc.constantFrom<Outcome>(
        'local',
        'engine-deny',
        'ask-allow',
        'ask-deny',
        'ask-parked',
        'external',
        'external-parked',
      ),
      parts: fc.array(partArb, { maxLength: 4 }),
      state: fc.constantFrom<ToolResultState>('success', 'error', 'interrupted', 'denied'),
      metadata: fc.dictionary(fc.constantFrom('a', 'b'), fc.integer()),
    }),
  },
);

function replyArb(noise: boolean): fc.Arbitrary<ReplyPlan> {
  return fc.record({
    blocks: fc.array(blockArb, { maxLength: 6 }),
    order: fc.array(fc.nat(), { maxLength: 60 }),
    usage: fc.array(fc.tuple(fc.nat(100), fc.nat(100), fc.nat(10), fc.nat(10)), { maxLength: 2 }),
    end: fc.constantFrom(
      'completed' as const,
      'interrupted' as const,
      'error' as const,
      'exceed' as const,
      null,
    ),
    noise: noise
      ? fc.array(
          fc.constantFrom(
            'custom' as const,
            'ghost-delta' as const,
            'stale-confirm' as const,
            'unknown-reply' as const,
          ),
          { maxLength: 3 },
        )
      : fc.constant([]),
  });
}

/* -------------------------------------------------------------------------------------------------
 * Plans to events
 * -----------------------------------------------------------------------------------------------*/

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

function blockEvents(f: EventFactory, r: string, plan: BlockPlan, index: number): AgentEvent[] {
  const id = plan.id ?? `${r}-${plan.kind}${index}`;
  switch (plan.kind) {
    case 'text':
    case 'thinking': {
      const text = plan.kind === 'text';
      const start = () => (text ? f.textStart(r, id) : f.thinkingStart(r, id));
      const events: AgentEvent[] = [
        start(),
        ...plan.deltas.map((d) => (text ? f.textDelta(r, id, d) : f.thinkingDelta(r, id, d))),
      ];
      if (plan.restart) events.splice(1 + Math.floor(plan.deltas.length / 2), 0, start());
      if (plan.end) events.push(text ? f.textEnd(r, id) : f.thinkingEnd(r, id));
      return events;
    }
    case 'data': {
      const events: AgentEvent[] = [
        f.dataStart(r, id, 'audio/wav'),
        ...plan.chunks.map((c) => f.dataDelta(r, id, b64(c), 'audio/wav')),
      ];
      if (plan.end) events.push(f.dataEnd(r, id));
      return events;
    }
    case 'hint':
      return [f.hint(r, id, plan.text, '{"label":"System"}')];
    case 'tool': {
      const call = (state: 'asking' | 'submitted') =>
        toolCallBlock({
          id,
          name: plan.name,
          input: plan.input.join(''),
          state,
          suggested_rules: state === 'asking' ? [bashRule] : [],
        });
      const decide = (confirmed: boolean) =>
        f.make('USER_CONFIRM_RESULT', {
          reply_id: r,
          confirm_results: [{ confirmed, tool_call: call('asking'), rules: null }],
        });
      const parts = plan.parts.map((part, k) =>
        part.kind === 'text'
          ? f.toolResultText(r, id, part.text)
          : part.kind === 'b64'
            ? f.toolResultData(r, id, `${id}-d${k}`, { data: b64(part.bytes) })
            : f.toolResultData(r, id, `${id}-d${k}`, {
                url: `https://cdn.example.com/${part.path}`,
              }),
      );
      const events: AgentEvent[] = [
        f.toolCallStart(r, id, plan.name),
        ...plan.input.map((d) => f.toolCallDelta(r, id, d)),
        f.toolCallEnd(r, id),
      ];
      const resultStart = f.toolResultStart(r, id, plan.name);
      const end = f.toolResultEnd(r, id, plan.state, plan.metadata);
      switch (plan.outcome) {
        case 'local':
          return [...events, resultStart, ...parts, end];
        case 'engine-deny':
          return [
            ...events,
            resultStart,
            f.toolResultText(r, id, 'denied by rule'),
            f.toolResultEnd(r, id, 'denied'),
          ];
        case 'ask-allow':
          return [
            ...events,
            f.make('REQUIRE_USER_CONFIRM', { reply_id: r, tool_calls: [call('asking')] }),
            decide(true),
            f.replyStart(r),
            resultStart,
            ...parts,
            end,
          ];
        case 'ask-deny':
          return [
            ...events,
            f.make('REQUIRE_USER_CONFIRM', { reply_id: r, tool_calls: [call('asking')] }),
            decide(false),
            f.replyStart(r),
            resultStart,
            f.toolResultText(
              r,
              id,
              `<system-reminder>The execution of tool "${plan.name}" is denied by user!</system-reminder>`,
            ),
            f.toolResultEnd(r, id, 'denied'),
          ];
        case 'ask-parked':
          return [
            ...events,
            f.make('REQUIRE_USER_CONFIRM', { reply_id: r, tool_calls: [call('asking')] }),
          ];
        case 'external':
        case 'external-parked': {
          const parked = [
            ...events,
            resultStart,
            f.make('REQUIRE_EXTERNAL_EXECUTION', { reply_id: r, tool_calls: [call('submitted')] }),
          ];
          if (plan.outcome === 'external-parked') return parked;
          const executed = toolResultBlock({
            id,
            name: plan.name,
            output: 'external',
            state: 'success',
            created_at: '2026-09-01T00:00:00',
          });
          return [
            ...parked,
            f.make('EXTERNAL_EXECUTION_RESULT', { reply_id: r, execution_results: [executed] }),
            f.replyStart(r),
            ...parts,
            end,
          ];
        }
      }
    }
  }
}

/** Merges sequences in a random order that keeps each sequence's own order. */
function interleave<T>(sequences: T[][], order: number[]): T[] {
  const queues = sequences.filter((s) => s.length > 0).map((s) => [...s]);
  const out: T[] = [];
  let step = 0;
  while (queues.length > 0) {
    const pick = (order[step++] ?? 0) % queues.length;
    const queue = must(queues[pick]);
    out.push(must(queue.shift()));
    if (queue.length === 0) queues.splice(pick, 1);
  }
  return out;
}

function replyEvents(f: EventFactory, r: string, plan: ReplyPlan): AgentEvent[] {
  const body = interleave(
    plan.blocks.map((block, i) => blockEvents(f, r, block, i)),
    plan.order,
  );
  const noise = plan.noise.map((kind) => {
    switch (kind) {
      case 'custom':
        return f.custom('state_updated', { tasks_context: {}, permission_context: {} });
      case 'ghost-delta':
        return f.textDelta(r, 'ghost', 'boo');
      case 'stale-confirm':
        return f.make('USER_CONFIRM_RESULT', {
          reply_id: r,
          confirm_results: [
            { confirmed: true, tool_call: toolCallBlock({ id: 'x', name: 'Bash' }), rules: null },
          ],
        });
      case 'unknown-reply':
        return f.replyEnd(`${r}-never-started`);
    }
  });
  const end: AgentEvent[] =
    plan.end === null
      ? []
      : plan.end === 'exceed'
        ? [
            f.make('EXCEED_MAX_ITERS', { reply_id: r, name: 'Friday' }),
            f.replyEnd(r, 'exceed_max_iters'),
          ]
        : plan.end === 'error'
          ? [f.replyEnd(r, 'error', { type: 'upstream', message: 'boom' })]
          : [f.replyEnd(r, plan.end)];
  return [
    f.replyStart(r),
    f.modelCallStart(r),
    ...interleave([body, noise], plan.order.slice().reverse()),
    ...plan.usage.map(([i, o, c, cc]) =>
      f.make('MODEL_CALL_END', {
        reply_id: r,
        input_tokens: i,
        output_tokens: o,
        cache_input_tokens: c,
        cache_creation_input_tokens: cc,
        finished_reason: 'completed',
      }),
    ),
    ...end,
  ];
}

/** A conversation's log: replies one after the other, or interleaved. */
const logArb: fc.Arbitrary<AgentEvent[]> = fc
  .record({
    replies: fc.array(replyArb(true), { minLength: 1, maxLength: 3 }),
    interleaved: fc.boolean(),
    order: fc.array(fc.nat(), { maxLength: 100 }),
  })
  .map(({ replies, interleaved, order }) => {
    const f = createEventFactory();
    const perReply = replies.map((plan, i) => replyEvents(f, `r${i}`, plan));
    return interleaved ? interleave(perReply, order) : perReply.flat();
  });

const singleReplyLogArb: fc.Arbitrary<AgentEvent[]> = replyArb(false).map((plan) =>
  replyEvents(createEventFactory(), 'r0', plan),
);

/* -------------------------------------------------------------------------------------------------
 * Helpers
 * -----------------------------------------------------------------------------------------------*/

const RUNS = { numRuns: 150 };

/** No event hit the fold's last-resort catch: a throw inside the reducer would be a bug. */
function noInternalErrors(conversation: Conversation): void {
  const internal = conversation.diagnostics.filter((d) => d.message.startsWith('could not apply'));
  expect(internal.map((d) => d.message)).toEqual([]);
}

/** Block positions of `msg` that `event` may change (AgentScope's first-match lookup). */
function targets(msg: Msg, event: AgentEvent): Set<number> {
  const first = (type: string, id: string) =>
    msg.content.findIndex((b) => b.type === type && b.id === id);
  const positions: number[] = [];
  switch (event.type) {
    case 'TEXT_BLOCK_DELTA':
    case 'TEXT_BLOCK_END':
      positions.push(first('text', event.block_id));
      break;
    case 'THINKING_BLOCK_DELTA':
    case 'THINKING_BLOCK_END':
      positions.push(first('thinking', event.block_id));
      break;
    case 'DATA_BLOCK_DELTA':
    case 'DATA_BLOCK_END':
      positions.push(first('data', event.block_id));
      break;
    case 'TOOL_CALL_DELTA':
    case 'TOOL_CALL_END':
      positions.push(first('tool_call', event.tool_call_id));
      break;
    case 'TOOL_RESULT_TEXT_DELTA':
    case 'TOOL_RESULT_DATA_DELTA':
      positions.push(first('tool_result', event.tool_call_id));
      break;
    case 'TOOL_RESULT_END':
      positions.push(
        first('tool_result', event.tool_call_id),
        first('tool_call', event.tool_call_id),
      );
      break;
    case 'REQUIRE_USER_CONFIRM':
    case 'REQUIRE_EXTERNAL_EXECUTION':
      for (const call of event.tool_calls) positions.push(first('tool_call', call.id));
      break;
    case 'USER_CONFIRM_RESULT':
      for (const result of event.confirm_results)
        positions.push(first('tool_call', result.tool_call.id));
      break;
    default:
      break;
  }
  return new Set(positions.filter((p) => p >= 0));
}

const NEXT_KINDS = [
  'TEXT_BLOCK_START',
  'TEXT_BLOCK_DELTA',
  'TEXT_BLOCK_END',
  'THINKING_BLOCK_DELTA',
  'THINKING_BLOCK_END',
  'DATA_BLOCK_DELTA',
  'DATA_BLOCK_END',
  'HINT_BLOCK',
  'TOOL_CALL_START',
  'TOOL_CALL_DELTA',
  'TOOL_CALL_END',
  'TOOL_RESULT_START',
  'TOOL_RESULT_TEXT_DELTA',
  'TOOL_RESULT_DATA_DELTA',
  'TOOL_RESULT_END',
  'REQUIRE_USER_CONFIRM',
  'USER_CONFIRM_RESULT',
  'REQUIRE_EXTERNAL_EXECUTION',
  'EXTERNAL_EXECUTION_RESULT',
  'MODEL_CALL_END',
  'REPLY_START',
  'REPLY_END',
  'CUSTOM',
] as const;

interface NextSpec {
  reply: number;
  kind: (typeof NEXT_KINDS)[number];
  pick: number;
  text: string;
  confirmed: boolean;
}

const nextSpecArb: fc.Arbitrary<NextSpec> = fc.record({
  reply: fc.nat(),
  kind: fc.constantFrom(...NEXT_KINDS),
  pick: fc.nat(),
  text: textArb,
  confirmed: fc.boolean(),
});

/** A next event aimed at an existing block of an existing reply, when there is one. */
function nextEvent(
  state: Conversation,
  spec: NextSpec,
  f = createEventFactory('next-'),
): AgentEvent {
  const msg = must(state.messages[spec.reply % state.messages.length]);
  const r = msg.id;
  const idOf = (type: string) => {
    const ids = msg.content.filter((b) => b.type === type).map((b) => b.id);
    return ids.length === 0 ? 'ghost' : must(ids[spec.pick % ids.length]);
  };
  switch (spec.kind) {
    case 'TEXT_BLOCK_START':
      return f.textStart(r, idOf('text'));
    case 'TEXT_BLOCK_DELTA':
      return f.textDelta(r, idOf('text'), spec.text);
    case 'TEXT_BLOCK_END':
      return f.textEnd(r, idOf('text'));
    case 'THINKING_BLOCK_DELTA':
      return f.thinkingDelta(r, idOf('thinking'), spec.text);
    case 'THINKING_BLOCK_END':
      return f.thinkingEnd(r, idOf('thinking'));
    case 'DATA_BLOCK_DELTA':
      return f.dataDelta(r, idOf('data'), spec.confirmed ? 'AAEC' : 'YQ==');
    case 'DATA_BLOCK_END':
      return f.dataEnd(r, idOf('data'));
    case 'HINT_BLOCK':
      return f.hint(r, idOf('hint'), spec.text);
    case 'TOOL_CALL_START':
      return f.toolCallStart(r, idOf('tool_call'), 'Bash');
    case 'TOOL_CALL_DELTA':
      return f.toolCallDelta(r, idOf('tool_call'), spec.text);
    case 'TOOL_CALL_END':
      return f.toolCallEnd(r, idOf('tool_call'));
    case 'TOOL_RESULT_START':
      return f.toolResultStart(r, idOf('tool_call'), 'Bash');
    case 'TOOL_RESULT_TEXT_DELTA':
      return f.toolResultText(r, idOf('tool_result'), spec.text);
    case 'TOOL_RESULT_DATA_DELTA':
      return f.toolResultData(
        r,
        idOf('tool_result'),
        'img',
        spec.confirmed ? { data: 'YQ==' } : { url: 'https://example.com' },
      );
    case 'TOOL_RESULT_END':
      return f.toolResultEnd(r, idOf('tool_result'), spec.confirmed ? 'success' : 'error', {
        n: spec.pick,
      });
    case 'REQUIRE_USER_CONFIRM':
      return f.make('REQUIRE_USER_CONFIRM', {
        reply_id: r,
        tool_calls: [toolCallBlock({ id: idOf('tool_call'), name: 'Bash', state: 'asking' })],
      });
    case 'USER_CONFIRM_RESULT':
      return f.make('USER_CONFIRM_RESULT', {
        reply_id: r,
        confirm_results: [
          {
            confirmed: spec.confirmed,
            tool_call: toolCallBlock({ id: idOf('tool_call'), name: 'Bash' }),
            rules: null,
          },
        ],
      });
    case 'REQUIRE_EXTERNAL_EXECUTION':
      return f.make('REQUIRE_EXTERNAL_EXECUTION', {
        reply_id: r,
        tool_calls: [toolCallBlock({ id: idOf('tool_call'), name: 'Bash' })],
      });
    case 'EXTERNAL_EXECUTION_RESULT':
      return f.make('EXTERNAL_EXECUTION_RESULT', {
        reply_id: r,
        execution_results: [
          toolResultBlock({
            id: spec.confirmed ? idOf('tool_call') : idOf('tool_result'),
            name: 'Bash',
            output: spec.text,
          }),
        ],
      });
    case 'MODEL_CALL_END':
      return f.modelCallEnd(r, spec.pick % 7, 1);
    case 'REPLY_START':
      return f.replyStart(r);
    case 'REPLY_END':
      return f.replyEnd(r, spec.confirmed ? 'completed' : 'interrupted');
    case 'CUSTOM':
      return f.custom('team_updated');
  }
}

/* -------------------------------------------------------------------------------------------------
 * Properties
 * -----------------------------------------------------------------------------------------------*/

describe('fold properties over realistic logs', () => {
  it('is deterministic: the same log folds to deep-equal states', () => {
    fc.assert(
      fc.property(logArb, (log) => {
        const a = foldEvents(log);
        const b = foldEvents(log);
        expect(view(b)).toEqual(view(a));
        noInternalErrors(a);
      }),
      RUNS,
    );
  });

  it('is idempotent: applying a log twice (same event ids) equals applying it once', () => {
    fc.assert(
      fc.property(logArb, (log) => {
        const once = foldEvents(log);
        expect(view(foldEvents([...log, ...log]))).toEqual(view(once));
        expect(view(foldEvents(log, once))).toEqual(view(once));
      }),
      RUNS,
    );
  });

  it('folding a prefix and then the rest equals folding the whole, for every split', () => {
    fc.assert(
      fc.property(logArb, fc.array(fc.nat(), { maxLength: 4 }), (log, cuts) => {
        const points = [...new Set(cuts.map((c) => c % (log.length + 1)))].sort((a, b) => a - b);
        const bounds = [0, ...points, log.length];
        let state = createConversation();
        for (let i = 0; i + 1 < bounds.length; i++)
          state = foldEvents(log.slice(bounds[i], bounds[i + 1]), state);
        expect(view(state)).toEqual(view(foldEvents(log)));
      }),
      RUNS,
    );
  });

  it('foldEvents equals reducing one event at a time, and a StrictMode double call changes nothing', () => {
    fc.assert(
      fc.property(logArb, (log) => {
        let state = createConversation();
        for (const event of log) {
          const first = reduceConversation(state, event);
          state = reduceConversation(state, event);
          expect(view(state)).toEqual(view(first));
        }
        expect(view(state)).toEqual(view(foldEvents(log)));
        expect(view(log.reduce(reduceConversation, createConversation()))).toEqual(view(state));
      }),
      { numRuns: 80 },
    );
  }, 60_000);

  it('a reconnect that replays the log from the start at any point gives the whole log once', () => {
    fc.assert(
      fc.property(logArb, fc.nat(), (log, cut) => {
        const k = cut % (log.length + 1);
        const replayed = foldEvents(log, foldEvents(log.slice(0, k)));
        expect(view(replayed)).toEqual(view(foldEvents(log)));
      }),
      RUNS,
    );
  });

  it('an event never changes the identity of blocks it does not target, nor mutates the previous state', () => {
    fc.assert(
      fc.property(logArb, nextSpecArb, (log, spec) => {
        const previous = foldEvents(log);
        const event = nextEvent(previous, spec);
        const before = snapshot(previous.messages);
        const next = reduceConversation(previous, event);
        expect(snapshot(previous.messages)).toEqual(before);
        noInternalErrors(next);
        previous.messages.forEach((msg, i) => {
          const after = must(next.messages[i]);
          if (event.type === 'CUSTOM' || msg.id !== event.reply_id) {
            expect(after).toBe(msg);
            return;
          }
          const targeted = targets(msg, event);
          expect(after.content.length).toBeGreaterThanOrEqual(msg.content.length);
          msg.content.forEach((block, j) => {
            if (!targeted.has(j)) expect(after.content[j]).toBe(block);
          });
          // appendEvent agrees with the conversation, block for block.
          const direct = appendEvent(msg, event);
          expect(direct).toEqual(after);
          msg.content.forEach((block, j) => {
            if (!targeted.has(j)) expect(direct.content[j]).toBe(block);
          });
        });
      }),
      RUNS,
    );
  }, 60_000);

  it('forks are independent: two lines folded alternately from one state each equal a fresh fold', () => {
    fc.assert(
      fc.property(
        logArb,
        fc.array(nextSpecArb, { maxLength: 8 }),
        fc.array(nextSpecArb, { maxLength: 8 }),
        (log, specsA, specsB) => {
          const shared = foldEvents(log);
          const fa = createEventFactory('a-');
          const fb = createEventFactory('b-');
          // Each line aims its events at the shared state's blocks (repeated starts included).
          const eventsA = specsA.map((spec) => nextEvent(shared, spec, fa));
          const eventsB = specsB.map((spec) => nextEvent(shared, spec, fb));
          let lineA = shared;
          let lineB = shared;
          for (let i = 0; i < Math.max(eventsA.length, eventsB.length); i++) {
            const a = eventsA[i];
            const b = eventsB[i];
            if (a) lineA = reduceConversation(lineA, a);
            if (b) lineB = reduceConversation(lineB, b);
          }
          expect(view(lineA)).toEqual(view(foldEvents(eventsA, foldEvents(log))));
          expect(view(lineB)).toEqual(view(foldEvents(eventsB, foldEvents(log))));
          expect(view(shared)).toEqual(view(foldEvents(log)));
        },
      ),
      { numRuns: 100 },
    );
  }, 60_000);

  it('per message, appendEvent over a single-reply log gives the conversation message', () => {
    fc.assert(
      fc.property(singleReplyLogArb, (log) => {
        const conversation = foldEvents(log);
        const fromConversation = must(conversation.getMessage('r0'));
        const direct = log.reduce(appendEvent, assistantMsg([], { id: 'r0', name: 'Friday' }));
        expect(direct.content).toEqual(fromConversation.content);
        expect([direct.usage, direct.finished_at, direct.finished_reason, direct.error]).toEqual([
          fromConversation.usage,
          fromConversation.finished_at,
          fromConversation.finished_reason,
          fromConversation.error,
        ]);
        noInternalErrors(conversation);
      }),
      RUNS,
    );
  });
});

/* -------------------------------------------------------------------------------------------------
 * Never throws
 * -----------------------------------------------------------------------------------------------*/

const FIELDS = [
  'id',
  'created_at',
  'metadata',
  'reply_id',
  'session_id',
  'name',
  'role',
  'block_id',
  'delta',
  'data',
  'url',
  'media_type',
  'hint',
  'source',
  'tool_call_id',
  'tool_call_name',
  'state',
  'tool_calls',
  'confirm_results',
  'execution_results',
  'input_tokens',
  'output_tokens',
  'cache_input_tokens',
  'finished_reason',
  'error',
  'value',
] as const;

const weird = fc.anything({
  withBigInt: true,
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withNullPrototype: true,
  withSparseArray: true,
  withTypedArray: true,
  withObjectString: true,
  maxDepth: 3,
});

/** A valid event with some fields replaced by anything, or removed; the type stays right. */
const mutatedEventArb: fc.Arbitrary<unknown> = fc
  .tuple(
    logArb,
    fc.nat(),
    fc.array(
      fc.tuple(
        fc.constantFrom(...FIELDS),
        fc.option(fc.oneof(weird, fc.constantFrom('r0', 'r1', 'x', 'ghost')), { nil: undefined }),
      ),
      {
        minLength: 1,
        maxLength: 4,
      },
    ),
  )
  .map(([log, index, changes]) => {
    const changed = new Map(changes);
    const original = Object.entries(must(log[index % log.length]));
    const kept = original.filter(([key]) => !changed.has(key as (typeof FIELDS)[number]));
    const replaced = [...changed].filter(([, value]) => value !== undefined);
    return Object.fromEntries([...kept, ...replaced]);
  });

/** An event of a random known type made of random fields aimed at existing replies. */
const randomEventArb: fc.Arbitrary<unknown> = fc
  .tuple(
    fc.constantFrom(...AGENT_EVENT_TYPES),
    fc.dictionary(fc.constantFrom(...FIELDS), fc.oneof(weird, fc.constantFrom('r0', 'x'))),
  )
  .map(([type, fields]) => ({ ...fields, type }));

describe('never throws', () => {
  const junkArb = fc.oneof(fc.jsonValue(), weird, mutatedEventArb, randomEventArb);
  const base = foldEvents(
    (() => {
      const f = createEventFactory('base-');
      return [
        f.replyStart('r0'),
        f.textStart('r0', 'x'),
        f.thinkingStart('r0', 'x'),
        f.dataStart('r0', 'x', 'image/png'),
        f.toolCallStart('r0', 'x', 'Bash'),
        f.toolResultStart('r0', 'x', 'Bash'),
      ];
    })(),
  );
  const msg = must(base.getMessage('r0'));

  it('appendEvent, reduceConversation and foldEvents accept any input without throwing', () => {
    fc.assert(
      fc.property(fc.array(junkArb, { minLength: 1, maxLength: 5 }), (inputs) => {
        const before = snapshot(msg);
        for (const input of inputs) {
          const next = appendEvent(msg, input as AgentEvent);
          expect(Array.isArray(next.content)).toBe(true);
          const state = reduceConversation(base, input as AgentEvent);
          noInternalErrors(state);
        }
        const folded = foldEvents(inputs as AgentEvent[], base);
        noInternalErrors(folded);
        expect(folded.eventCount).toBeGreaterThanOrEqual(base.eventCount);
        expect(snapshot(msg)).toEqual(before);
      }),
      { numRuns: 200 },
    );
  });

  it('folds a log with junk mixed in to the same messages as the log without valid-looking junk', () => {
    fc.assert(
      fc.property(
        logArb,
        fc.array(fc.oneof(fc.jsonValue(), weird), { maxLength: 5 }),
        fc.nat(),
        (log, junk, at) => {
          // Junk that is not an object with a known type is never an event.
          const noise = junk.filter((j) => !(typeof j === 'object' && j !== null && 'type' in j));
          const k = at % (log.length + 1);
          const mixed = [...log.slice(0, k), ...(noise as AgentEvent[]), ...log.slice(k)];
          const state = foldEvents(mixed);
          expect(state.messages).toEqual(foldEvents(log).messages);
          expect(state.diagnostics.filter((d) => d.code === 'invalid-input')).toHaveLength(
            noise.length,
          );
        },
      ),
      { numRuns: 100 },
    );
  });
});
