/*
 * AG-UI fold throughput. Run with `npm run bench -- ag-ui` (numbers, not assertions).
 *
 * Logs of 10k and 100k events over 1,000 runs, generated deterministically: mostly
 * TEXT_MESSAGE_CONTENT deltas, with reasoning, tool calls with streamed arguments and results,
 * chunk events and state deltas. Measured: the whole log in one `foldAgUiEvents`, batches of 100
 * (what a UI does once per frame) and `reduceAgUiEvent` one event at a time.
 */
import type * as AgUi from '../../src/ag-ui.js';
import type { AgUiState } from '../../src/ag-ui.js';

// `npm run bench` points this at the built dist/core.js: what consumers run.
const coreEntry = process.env['RAM_CORE_ENTRY'] ?? '../../src/core.js';
// The adapter is the /ag-ui entry beside core.
const core: typeof AgUi = await import(coreEntry.replace(/core\.js$/, 'ag-ui.js'));
const { createAgUiState, foldAgUiEvents, reduceAgUiEvent } = core;

const RUNS = 1000;
const BATCH = 100;

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

type Event = Record<string, unknown>;

/** One run of about `size` events. */
function runEvents(r: number, size: number, random: () => number): Event[] {
  const runId = `run-${r}`;
  const events: Event[] = [
    { type: 'RUN_STARTED', threadId: 'thread', runId },
    { type: 'STATE_SNAPSHOT', snapshot: { run: r, done: [] } },
  ];
  const word = () => WORDS[Math.floor(random() * WORDS.length)] ?? 'x ';
  const deltas = (most: number) => Math.max(1, Math.min(most, Math.floor(size / 12)));
  let n = 0;
  while (events.length < size - 1) {
    const id = `${runId}-${n++}`;
    const kind = random();
    if (kind < 0.1) {
      events.push({ type: 'REASONING_MESSAGE_START', messageId: `${id}-r`, role: 'reasoning' });
      for (let i = 0; i < deltas(20); i++)
        events.push({ type: 'REASONING_MESSAGE_CONTENT', messageId: `${id}-r`, delta: word() });
      events.push({ type: 'REASONING_MESSAGE_END', messageId: `${id}-r` });
    } else if (kind < 0.2) {
      events.push({
        type: 'TOOL_CALL_START',
        toolCallId: `${id}-c`,
        toolCallName: 'search',
        parentMessageId: `${id}-a`,
      });
      events.push({ type: 'TOOL_CALL_ARGS', toolCallId: `${id}-c`, delta: '{"q":"' });
      for (let i = 0; i < deltas(8); i++)
        events.push({ type: 'TOOL_CALL_ARGS', toolCallId: `${id}-c`, delta: word() });
      events.push(
        { type: 'TOOL_CALL_ARGS', toolCallId: `${id}-c`, delta: '"}' },
        { type: 'TOOL_CALL_END', toolCallId: `${id}-c` },
      );
      events.push({
        type: 'TOOL_CALL_RESULT',
        messageId: `${id}-t`,
        toolCallId: `${id}-c`,
        content: [
          { type: 'text', text: 'found it' },
          {
            type: 'image',
            source: { type: 'url', value: 'https://cdn.example.com/a.png', mimeType: 'image/png' },
          },
        ],
      });
      events.push({ type: 'STATE_DELTA', delta: [{ op: 'add', path: '/done/-', value: id }] });
    } else if (kind < 0.25) {
      events.push({ type: 'TEXT_MESSAGE_CHUNK', messageId: `${id}-k`, delta: word() });
      for (let i = 0; i < deltas(20); i++)
        events.push({ type: 'TEXT_MESSAGE_CHUNK', delta: word() });
    } else {
      events.push({ type: 'TEXT_MESSAGE_START', messageId: `${id}-m`, role: 'assistant' });
      for (let i = 0; i < deltas(50); i++)
        events.push({ type: 'TEXT_MESSAGE_CONTENT', messageId: `${id}-m`, delta: word() });
      events.push({ type: 'TEXT_MESSAGE_END', messageId: `${id}-m` });
    }
  }
  events.push({ type: 'RUN_FINISHED', threadId: 'thread', runId });
  return events;
}

function makeLog(total: number): Event[] {
  const random = seeded(total);
  const next = () => random.next().value;
  const log: Event[] = [];
  for (let r = 0; r < RUNS; r++) log.push(...runEvents(r, Math.round(total / RUNS), next));
  return log;
}

function time(run: () => unknown): number {
  (globalThis as { gc?: () => void }).gc?.();
  const started = performance.now();
  run();
  return performance.now() - started;
}

function best(repeat: number, run: () => unknown): number {
  let fastest = Infinity;
  for (let i = 0; i < repeat; i++) fastest = Math.min(fastest, time(run));
  return fastest;
}

const rate = (events: number, ms: number) => `${(((events / ms) * 1000) / 1e6).toFixed(2)} M/s`;

function inBatches(log: readonly Event[]): AgUiState {
  let state = createAgUiState();
  for (let i = 0; i < log.length; i += BATCH)
    state = foldAgUiEvents(log.slice(i, i + BATCH), state);
  return state;
}

function oneByOne(log: readonly Event[]): AgUiState {
  let state = createAgUiState();
  for (const event of log) state = reduceAgUiEvent(state, event);
  return state;
}

function checkSharing(log: readonly Event[]): string {
  const half = Math.floor(log.length / 2);
  const before = foldAgUiEvents(log.slice(0, half));
  const after = foldAgUiEvents(log.slice(half, half + BATCH), before);
  const changed = before.messages.filter((msg) => after.getMessage(msg.id) !== msg).length;
  return `${changed} of ${before.messages.length} messages copied by the next ${BATCH} events`;
}

console.log(`AG-UI fold throughput, ${RUNS} runs, node ${process.version}, batches of ${BATCH}`);
console.log('events     | foldAgUiEvents whole log | foldAgUiEvents batches | reduceAgUiEvent');
const results = new Map<number, { whole: number; batch: number; single: number }>();
// Warm the JIT on a log of its own, so the first size measured is not the cold one.
const warm = makeLog(50_000);
for (let i = 0; i < 3; i++) {
  foldAgUiEvents(warm);
  inBatches(warm);
  oneByOne(warm);
}
for (const size of [10_000, 100_000]) {
  const log = makeLog(size);
  const whole = best(5, () => foldAgUiEvents(log));
  const batch = best(5, () => inBatches(log));
  const single = best(3, () => oneByOne(log));
  results.set(size, { whole, batch, single });
  console.log(
    `${log.length.toLocaleString().padEnd(10)} | ${rate(log.length, whole).padStart(24)} | ${rate(log.length, batch).padStart(22)} | ${rate(log.length, single).padStart(15)}`,
  );
  if (size === 100_000) {
    const state = foldAgUiEvents(log);
    console.log(
      `  ${state.messages.length} messages, ${state.diagnostics.length} diagnostics; ${checkSharing(log)}`,
    );
  }
}
const small = results.get(10_000);
const large = results.get(100_000);
if (small && large)
  console.log(
    `\n100k log cost / 10k log cost: whole ${(large.whole / small.whole).toFixed(1)}×, batches ${(large.batch / small.batch).toFixed(1)}×, one by one ${(large.single / small.single).toFixed(1)}× (linear = 10×)`,
  );
