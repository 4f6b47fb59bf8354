/*
 * Fold and decoder throughput. Run with `npm run bench` (numbers, not assertions).
 *
 * Logs of 10k, 100k and 1M events spread over 1,000 replies, dominated by text deltas, with
 * thinking, tool calls, tool results and data chunks, generated deterministically. Compared, in
 * one process: our fold one event at a time (`reduceConversation`), our fold in batches of 100
 * (`foldEvents`, what a UI does once per frame), the whole log in one `foldEvents`, and the
 * immutable reducer most apps write by hand (copy the messages array and the content array per
 * event, find blocks by scanning).
 */
import { createParser } from 'eventsource-parser';
import type * as Core from '../../src/core.js';
import type { AgentEvent, Conversation, Msg } from '../../src/core.js';
import { createEventFactory, toSse } from '../fixtures/events.js';

// `npm run bench` points this at the built dist/core.js: what consumers run.
const core: typeof Core = await import(process.env['RAM_CORE_ENTRY'] ?? '../../src/core.js');
const { appendEvent, createConversation, foldEvents, readEventStream, reduceConversation } = core;

const REPLIES = 1000;
const BATCH = 100;

/* -------------------------------------------------------------------------------------------------
 * Log generation
 * -----------------------------------------------------------------------------------------------*/

function* seeded(seed: number): Generator<number, never> {
  let state = seed >>> 0;
  for (;;) {
    state = (state * 1664525 + 1013904223) >>> 0;
    yield state / 2 ** 32;
  }
}

const WORDS = [
  'the ',
  'agent ',
  'streams ',
  'tokens ',
  'quickly, ',
  'and ',
  'renders ',
  'markdown. ',
  'Ünïcode ',
  '世界 ',
];

/** One reply's events: about `size` of them, mostly text deltas. */
function replyEvents(
  f: ReturnType<typeof createEventFactory>,
  reply: string,
  size: number,
  random: () => number,
): AgentEvent[] {
  const events: AgentEvent[] = [f.replyStart(reply), f.modelCallStart(reply)];
  let block = 0;
  const word = () => WORDS[Math.floor(random() * WORDS.length)] ?? 'x ';
  // Deltas per block shrink for small replies so every reply still has each kind of block.
  const deltas = (most: number) => Math.max(1, Math.min(most, Math.floor(size / 12)));
  while (events.length < size - 2) {
    const kind = random();
    const id = `${reply}-b${block++}`;
    if (kind < 0.1) {
      events.push(f.thinkingStart(reply, id));
      for (let i = 0; i < deltas(20); i++) events.push(f.thinkingDelta(reply, id, word()));
      events.push(f.thinkingEnd(reply, id));
    } else if (kind < 0.2) {
      events.push(f.toolCallStart(reply, id, 'search'));
      for (let i = 0; i < deltas(8); i++)
        events.push(f.toolCallDelta(reply, id, i === 0 ? '{"q":"' : word()));
      events.push(f.toolCallDelta(reply, id, '"}'), f.toolCallEnd(reply, id));
      events.push(f.toolResultStart(reply, id, 'search'));
      for (let i = 0; i < deltas(10); i++) events.push(f.toolResultText(reply, id, word()));
      events.push(
        f.toolResultData(reply, id, `${id}-img`, { url: 'https://cdn.example.com/a.png' }),
      );
      events.push(f.toolResultEnd(reply, id, 'success'));
    } else if (kind < 0.25) {
      events.push(f.dataStart(reply, id, 'audio/wav'));
      for (let i = 0; i < deltas(6); i++)
        events.push(f.dataDelta(reply, id, 'UklGRiQAAABXQVZF', 'audio/wav'));
      events.push(f.dataEnd(reply, id));
    } else {
      events.push(f.textStart(reply, id));
      for (let i = 0; i < deltas(50); i++) events.push(f.textDelta(reply, id, word()));
      events.push(f.textEnd(reply, id));
    }
  }
  events.push(f.modelCallEnd(reply, 1200, events.length), f.replyEnd(reply));
  return events;
}

/** A log of about `total` events over 1,000 replies, interleaving replies in small runs. */
function makeLog(total: number): AgentEvent[] {
  const f = createEventFactory('ev');
  const random = seeded(total);
  const next = () => random.next().value;
  const log: AgentEvent[] = [];
  for (let r = 0; r < REPLIES; r++)
    log.push(...replyEvents(f, `reply-${r}`, Math.round(total / REPLIES), next));
  return log;
}

/* -------------------------------------------------------------------------------------------------
 * The hand-written reducer users would otherwise write
 * -----------------------------------------------------------------------------------------------*/

function naiveReduce(messages: readonly Msg[], event: AgentEvent): readonly Msg[] {
  if (event.type === 'REPLY_START') {
    return [
      ...messages,
      {
        name: event.name,
        content: [],
        role: 'assistant',
        id: event.reply_id,
        metadata: {},
        created_at: event.created_at,
        usage: null,
        finished_at: null,
        finished_reason: null,
        structured_output: null,
        error: null,
      },
    ];
  }
  if (!('reply_id' in event)) return messages;
  // Typical app code: map over all messages, then copy the message through appendEvent.
  return messages.map((msg) => (msg.id === event.reply_id ? appendEvent(msg, event) : msg));
}

/* -------------------------------------------------------------------------------------------------
 * Measuring
 * -----------------------------------------------------------------------------------------------*/

function time(run: () => unknown): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const started = performance.now();
  run();
  return performance.now() - started;
}

/** The best of `repeat` runs: the least disturbed by the other core's work. */
function best(repeat: number, run: () => unknown): number {
  let fastest = Infinity;
  for (let i = 0; i < repeat; i++) fastest = Math.min(fastest, time(run));
  return fastest;
}

const rate = (events: number, ms: number) => `${(((events / ms) * 1000) / 1e6).toFixed(2)} M/s`;

function foldInBatches(log: readonly AgentEvent[]): Conversation {
  let state = createConversation();
  for (let i = 0; i < log.length; i += BATCH) state = foldEvents(log.slice(i, i + BATCH), state);
  return state;
}

function foldOneByOne(log: readonly AgentEvent[]): Conversation {
  let state = createConversation();
  for (const event of log) state = reduceConversation(state, event);
  return state;
}

function checkSharing(log: readonly AgentEvent[]): string {
  const half = Math.floor(log.length / 2);
  const before = foldEvents(log.slice(0, half));
  const after = foldEvents(log.slice(half, half + BATCH), before);
  const touched = new Set(
    log.slice(half, half + BATCH).map((event) => ('reply_id' in event ? event.reply_id : '')),
  );
  const kept = before.messages.every(
    (msg) => touched.has(msg.id) || after.getMessage(msg.id) === msg,
  );
  return kept ? 'untouched messages keep identity' : 'BROKEN: untouched messages were copied';
}

async function decoderRate(log: readonly AgentEvent[]) {
  const encoder = new TextEncoder();
  const sse = encoder.encode(toSse(log));
  const ndjson = encoder.encode(log.map((event) => JSON.stringify(event)).join('\n'));
  const chunks = (bytes: Uint8Array) => {
    const out: Uint8Array[] = [];
    for (let i = 0; i < bytes.length; i += 65536) out.push(bytes.subarray(i, i + 65536));
    return out;
  };
  const ours = async (bytes: Uint8Array) => {
    let count = 0;
    const started = performance.now();
    for await (const _event of readEventStream(chunks(bytes))) count += 1;
    return { ms: performance.now() - started, count };
  };
  const theirs = (bytes: Uint8Array) => {
    let count = 0;
    const started = performance.now();
    const decoder = new TextDecoder();
    const parser = createParser({
      onEvent: (message) => {
        JSON.parse(message.data);
        count += 1;
      },
    });
    for (const chunk of chunks(bytes)) parser.feed(decoder.decode(chunk, { stream: true }));
    return { ms: performance.now() - started, count };
  };
  const mb = (bytes: Uint8Array, ms: number) =>
    `${(bytes.length / 1e6 / (ms / 1000)).toFixed(0)} MB/s`;
  const sseOurs = await ours(sse);
  const sseTheirs = theirs(sse);
  const ndOurs = await ours(ndjson);
  console.log(
    `\nDecoding ${log.length.toLocaleString()} events in 64 KiB chunks (parse + validate included)`,
  );
  console.log(
    `  SSE    readEventStream              ${mb(sse, sseOurs.ms).padStart(10)}  (${sseOurs.count} events)`,
  );
  console.log(
    `  SSE    eventsource-parser + JSON.parse ${mb(sse, sseTheirs.ms).padStart(7)}  (${sseTheirs.count} events, no validation)`,
  );
  console.log(
    `  NDJSON readEventStream              ${mb(ndjson, ndOurs.ms).padStart(10)}  (${ndOurs.count} events)`,
  );
  console.log(
    `  ratio SSE ours / eventsource-parser: ${(sseTheirs.ms / sseOurs.ms).toFixed(2)}× the speed`,
  );
}

async function main() {
  console.log(`Fold throughput, ${REPLIES} replies, node ${process.version}, batches of ${BATCH}`);
  console.log(
    'events     | foldEvents batches | foldEvents whole log | reduceConversation | hand-written reducer',
  );
  const results = new Map<
    number,
    { batch: number; whole: number; single: number; naive: number }
  >();
  for (const size of [10_000, 100_000, 1_000_000]) {
    const log = makeLog(size);
    const repeat = size >= 1_000_000 ? 2 : 4;
    const batch = best(repeat, () => foldInBatches(log));
    const whole = best(repeat, () => foldEvents(log));
    const single = best(repeat, () => foldOneByOne(log));
    const naive = best(size >= 1_000_000 ? 1 : 2, () =>
      log.reduce(naiveReduce, [] as readonly Msg[]),
    );
    results.set(size, { batch, whole, single, naive });
    console.log(
      `${log.length.toLocaleString().padEnd(10)} | ${rate(log.length, batch).padStart(18)} | ${rate(log.length, whole).padStart(20)} | ${rate(log.length, single).padStart(18)} | ${rate(log.length, naive).padStart(20)}`,
    );
    if (size === 100_000) console.log(`  structural sharing between batches: ${checkSharing(log)}`);
    if (size === 100_000) await decoderRate(log);
  }
  const small = results.get(100_000);
  const large = results.get(1_000_000);
  if (small && large) {
    console.log('\nRatios');
    console.log(
      `  1M log cost / 100k log cost (batches): ${(large.batch / small.batch).toFixed(1)}× (linear = 10×)`,
    );
    console.log(
      `  reduceConversation / foldEvents batches, 1M: ${(large.single / large.batch).toFixed(2)}×`,
    );
    console.log(
      `  hand-written reducer / foldEvents batches, 1M: ${(large.naive / large.batch).toFixed(1)}× slower`,
    );
  }
}

await main();
