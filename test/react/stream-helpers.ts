import type { AgentEvent, PermissionRule, ToolCallBlock } from '../../src/core.js';
import { toolCallBlock, toolResultBlock } from '../../src/core.js';
import { createEventFactory } from '../fixtures/events.js';

export const bashRule: PermissionRule = {
  tool_name: 'Bash',
  rule_content: 'git status:*',
  behavior: 'allow',
  source: 'suggested',
};

/** The call the agent parks on in `parkedReply`, as `REQUIRE_USER_CONFIRM` carries it. */
export function askingCall(id = 'call-1'): ToolCallBlock {
  return toolCallBlock({
    id,
    name: 'Bash',
    input: '{"command": "git status"}',
    state: 'asking',
    suggested_rules: [bashRule],
    created_at: '2026-09-01T12:00:00.000000',
  });
}

/**
 * The first half of an AgentScope turn, as the service emits it: a reply that thinks, writes, calls
 * a tool and parks on `REQUIRE_USER_CONFIRM` (no `REPLY_END`).
 */
export function parkedReply(prefix = 'p', reply = 'r1'): AgentEvent[] {
  const f = createEventFactory(prefix);
  return [
    f.replyStart(reply),
    f.hint(reply, 'hint-1', 'Runtime state', '{"label": "System", "sublabel": "Reminder"}'),
    f.modelCallStart(reply),
    f.thinkingStart(reply, 'th-1'),
    f.thinkingDelta(reply, 'th-1', 'The user wants the status; '),
    f.thinkingDelta(reply, 'th-1', 'run git status.'),
    f.thinkingEnd(reply, 'th-1'),
    f.textStart(reply, 'tx-1'),
    ...'Let me check the repository 🔍 — ünïcödé, 世界.'
      .split(' ')
      .map((word, index) => f.textDelta(reply, 'tx-1', index === 0 ? word : ` ${word}`)),
    f.textEnd(reply, 'tx-1'),
    f.toolCallStart(reply, 'call-1', 'Bash'),
    f.toolCallDelta(reply, 'call-1', '{"command": '),
    f.toolCallDelta(reply, 'call-1', '"git status"}'),
    f.toolCallEnd(reply, 'call-1'),
    f.modelCallEnd(reply, 120, 40),
    f.make('REQUIRE_USER_CONFIRM', { reply_id: reply, tool_calls: [askingCall()] }),
  ];
}

/**
 * The second half: the server re-publishes the user's decision (`confirmResult`), then a synthetic
 * `REPLY_START` with the same reply id, the tool's result, more text and `REPLY_END`.
 */
export function resumedReply(
  confirmResult: AgentEvent | null,
  prefix = 'q',
  reply = 'r1',
): AgentEvent[] {
  const f = createEventFactory(prefix);
  return [
    ...(confirmResult ? [confirmResult] : []),
    f.replyStart(reply),
    f.toolResultStart(reply, 'call-1', 'Bash'),
    f.toolResultText(reply, 'call-1', 'On branch main\n'),
    f.toolResultText(reply, 'call-1', 'nothing to commit, working tree clean'),
    f.toolResultEnd(reply, 'call-1', 'success'),
    f.modelCallStart(reply),
    f.textStart(reply, 'tx-2'),
    ...['The tree', ' is', ' clean', ' ✅'].map((delta) => f.textDelta(reply, 'tx-2', delta)),
    f.textEnd(reply, 'tx-2'),
    f.modelCallEnd(reply, 200, 12),
    f.custom('state_updated', { tasks_context: {}, permission_context: {} }),
    f.replyEnd(reply),
  ];
}

/** The user's decision on the call `parkedReply` asks about, as the service re-publishes it. */
export function confirmResult(prefix = 'd', reply = 'r1', confirmed = true): AgentEvent {
  return createEventFactory(prefix).make('USER_CONFIRM_RESULT', {
    reply_id: reply,
    confirm_results: [{ confirmed, tool_call: askingCall(), rules: null }],
  });
}

/**
 * An interrupt of `parkedReply` (agentscope.md §1.4): a reply start, the asking call closed as
 * interrupted, and `REPLY_END(interrupted)`; no decision is re-published.
 */
export function interruptedReply(prefix = 'i', reply = 'r1'): AgentEvent[] {
  const f = createEventFactory(prefix);
  return [
    f.replyStart(reply),
    f.toolResultStart(reply, 'call-1', 'Bash'),
    f.toolResultText(
      reply,
      'call-1',
      '<system-reminder>The tool call has been interrupted by the user.</system-reminder>',
    ),
    f.toolResultEnd(reply, 'call-1', 'interrupted'),
    f.replyEnd(reply, 'interrupted'),
  ];
}

/**
 * A reply parked on an external tool: the call, its result started, then
 * `REQUIRE_EXTERNAL_EXECUTION` (no `REPLY_END`).
 */
export function externalParkedReply(prefix = 'x', reply = 'r1'): AgentEvent[] {
  const f = createEventFactory(prefix);
  const call = toolCallBlock({
    id: 'ext-1',
    name: 'Browser',
    input: '{"url": "https://example.com/"}',
    state: 'submitted',
    created_at: '2026-09-01T12:00:00.000000',
  });
  return [
    f.replyStart(reply),
    f.modelCallStart(reply),
    f.textStart(reply, 'tx-1'),
    f.textDelta(reply, 'tx-1', 'Opening the page.'),
    f.textEnd(reply, 'tx-1'),
    f.toolCallStart(reply, 'ext-1', 'Browser'),
    f.toolCallDelta(reply, 'ext-1', call.input),
    f.toolCallEnd(reply, 'ext-1'),
    f.modelCallEnd(reply, 90, 30),
    f.toolResultStart(reply, 'ext-1', 'Browser'),
    f.make('REQUIRE_EXTERNAL_EXECUTION', { reply_id: reply, tool_calls: [call] }),
  ];
}

/**
 * The resume of `externalParkedReply`: the app's result re-published (`withResult`), a synthetic
 * reply start, then the output as deltas for the open result with no new `TOOL_RESULT_START`.
 */
export function externalResumedReply(
  withResult: boolean,
  prefix = 'y',
  reply = 'r1',
): AgentEvent[] {
  const f = createEventFactory(prefix);
  const result = toolResultBlock({
    id: 'ext-1',
    name: 'Browser',
    output: 'Example Domain',
    state: 'success',
  });
  return [
    ...(withResult
      ? [f.make('EXTERNAL_EXECUTION_RESULT', { reply_id: reply, execution_results: [result] })]
      : []),
    f.replyStart(reply),
    f.toolResultText(reply, 'ext-1', 'Example Domain'),
    f.toolResultEnd(reply, 'ext-1', 'success'),
    f.modelCallStart(reply),
    f.textStart(reply, 'tx-2'),
    f.textDelta(reply, 'tx-2', 'The page says hello.'),
    f.textEnd(reply, 'tx-2'),
    f.modelCallEnd(reply, 150, 8),
    f.replyEnd(reply),
  ];
}

/** A whole recorded session: the confirm round trip above, then a second reply with an image. */
export function recordedSession(): AgentEvent[] {
  const f = createEventFactory('c');
  const confirm = f.make('USER_CONFIRM_RESULT', {
    reply_id: 'r1',
    confirm_results: [{ confirmed: true, tool_call: askingCall(), rules: [bashRule] }],
  });
  return [
    ...parkedReply(),
    ...resumedReply(confirm),
    f.replyStart('r2'),
    f.dataStart('r2', 'img-1', 'image/png'),
    f.dataDelta('r2', 'img-1', 'iVBO'),
    f.dataDelta('r2', 'img-1', 'Rw0K'),
    f.dataEnd('r2', 'img-1'),
    f.textStart('r2', 'tx-3'),
    ...Array.from({ length: 40 }, (_, index) => f.textDelta('r2', 'tx-3', `word${index} `)),
    f.textEnd('r2', 'tx-3'),
    f.replyEnd('r2'),
  ];
}

/** Text deltas for one long reply: `count` events, for bursts. */
export function longReply(count: number, reply = 'burst'): AgentEvent[] {
  const f = createEventFactory('b');
  const body = Array.from({ length: count - 4 }, (_, index) =>
    f.textDelta(reply, 'tx', `${index % 10}`),
  );
  return [
    f.replyStart(reply),
    f.textStart(reply, 'tx'),
    ...body,
    f.textEnd(reply, 'tx'),
    f.replyEnd(reply),
  ];
}

/* -------------------------------------------------------------------------------------------------
 * Byte streams
 * -----------------------------------------------------------------------------------------------*/

/** A seeded pseudo-random generator (mulberry32): the same jitter on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Events framed as AgentScope's SSE endpoint frames them, with a `:` heartbeat after every
 * fifth; `withIds` adds an `id:` line per frame (`sse-<n>`), which AgentScope does not send.
 */
export function toSseText(events: readonly AgentEvent[], withIds = false): string {
  return events
    .map((event, index) => {
      const id = withIds ? `id: sse-${index + 1}\n` : '';
      const heartbeat = index % 5 === 4 ? ':\n\n' : '';
      return `${id}data: ${JSON.stringify(event)}\n\n${heartbeat}`;
    })
    .join('');
}

export interface ServeOptions {
  /** Seed of the chunk sizes and delays. */
  seed?: number;
  /** Largest chunk in bytes. @default 160 */
  maxChunk?: number;
  /** Longest pause between chunks in ms. @default 3 */
  maxDelayMs?: number;
  /** Fail (a dropped connection) once this many bytes have been served. */
  failAfterBytes?: number;
  /** End cleanly once this many bytes have been served. */
  endAfterBytes?: number;
  /** Called when the reader cancels the stream (the hook aborted it). */
  onCancel?: () => void;
}

/** Serves text as a byte stream in jittered chunks (cutting through lines and characters). */
export function serveText(text: string, options: ServeOptions = {}): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  const random = seededRandom(options.seed ?? 1);
  const maxChunk = options.maxChunk ?? 160;
  const maxDelayMs = options.maxDelayMs ?? 3;
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const delay = Math.floor(random() * (maxDelayMs + 1));
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
      const size = 1 + Math.floor(random() * maxChunk);
      let end = Math.min(bytes.length, offset + size);
      if (options.failAfterBytes !== undefined && end >= options.failAfterBytes) {
        // Error on the next pull, once the bytes before the cut have been read.
        if (offset >= options.failAfterBytes) {
          controller.error(new TypeError('network error'));
          return;
        }
        end = options.failAfterBytes;
      }
      if (options.endAfterBytes !== undefined) end = Math.min(end, options.endAfterBytes);
      if (end > offset) controller.enqueue(bytes.slice(offset, end));
      offset = end;
      if (offset >= bytes.length || offset === options.endAfterBytes) controller.close();
    },
    cancel() {
      options.onCancel?.();
    },
  });
}

/** A stream the test writes to: events go out as SSE frames when pushed. */
export function pushStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const encoder = new TextEncoder();
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel() {
      cancelled = true;
    },
  });
  return {
    stream,
    push(...events: AgentEvent[]) {
      controller.enqueue(encoder.encode(toSseText(events)));
    },
    heartbeat() {
      controller.enqueue(encoder.encode(':\n\n'));
    },
    close() {
      controller.close();
    },
    fail(error: Error = new TypeError('network error')) {
      controller.error(error);
    },
    get cancelled() {
      return cancelled;
    },
  };
}

/** The byte offset just after the SSE frame of event `index` (0-based) in `toSseText(events)`. */
export function offsetAfterEvent(
  events: readonly AgentEvent[],
  index: number,
  withIds = false,
): number {
  return new TextEncoder().encode(toSseText(events.slice(0, index + 1), withIds)).length;
}

/** A deferred promise the test settles. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Plain copies, so that `toEqual` compares content and not identity. */
export function plain<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
