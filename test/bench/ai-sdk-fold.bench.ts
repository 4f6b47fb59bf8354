/*
 * AI SDK UI message stream fold throughput. Run with `npm run bench ai-sdk` (numbers, not
 * assertions).
 *
 * Logs of 10k and 100k chunks over 100 replies, dominated by text deltas, with reasoning, tool
 * calls (streamed input, output), sources, data parts and steps, generated deterministically.
 * Measured: the whole log in one `foldAiSdkStream` call, in batches of 100 (what a UI does once
 * per frame), one chunk at a time (`reduceAiSdkChunk`), and the SSE body decoded and folded.
 */
import type * as AiSdk from '../../src/ai-sdk.js';
import type { AiSdkStreamState } from '../../src/ai-sdk.js';
import type * as Sse from '../../src/core/protocols/ai-sdk/sse.js';

// `npm run bench` points this at the built dist/core.js: what consumers run. The adapter is the
// /ai-sdk entry beside it; the SSE decoder is the module the stream driver reads bytes with.
const coreEntry = process.env['RAM_CORE_ENTRY'] ?? '../../src/core.js';
const aiSdk: typeof AiSdk = await import(coreEntry.replace(/core\.js$/, 'ai-sdk.js'));
const sse: typeof Sse = await import(
  coreEntry.replace(/core\.js$/, 'core/protocols/ai-sdk/sse.js')
);
const { createAiSdkStreamState, foldAiSdkStream, reduceAiSdkChunk } = aiSdk;
const { createAiSdkSseDecoder } = sse;

const REPLIES = 100;
const BATCH = 100;
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

function* seeded(seed: number): Generator<number, never> {
  let state = seed >>> 0;
  for (;;) {
    state = (state * 1664525 + 1013904223) >>> 0;
    yield state / 2 ** 32;
  }
}

type Chunk = Record<string, unknown>;

/** One reply of about `size` chunks. */
function reply(index: number, size: number, random: () => number): Chunk[] {
  const word = () => WORDS[Math.floor(random() * WORDS.length)] ?? 'x ';
  const chunks: Chunk[] = [{ type: 'start', messageId: `m${index}` }];
  let part = 0;
  while (chunks.length < size - 1) {
    const kind = random();
    const id = `p${part++}`;
    chunks.push({ type: 'start-step' });
    if (kind < 0.1) {
      chunks.push({ type: 'reasoning-start', id });
      for (let i = 0; i < 20; i++) chunks.push({ type: 'reasoning-delta', id, delta: word() });
      chunks.push({ type: 'reasoning-end', id });
    } else if (kind < 0.2) {
      chunks.push({ type: 'tool-input-start', toolCallId: id, toolName: 'search' });
      chunks.push({ type: 'tool-input-delta', toolCallId: id, inputTextDelta: '{"q":"' });
      for (let i = 0; i < 6; i++)
        chunks.push({ type: 'tool-input-delta', toolCallId: id, inputTextDelta: word() });
      chunks.push({ type: 'tool-input-delta', toolCallId: id, inputTextDelta: '"}' });
      chunks.push({
        type: 'tool-input-available',
        toolCallId: id,
        toolName: 'search',
        input: { q: 'x' },
      });
      chunks.push({ type: 'tool-output-available', toolCallId: id, output: { hits: 3 } });
    } else if (kind < 0.25) {
      chunks.push({ type: 'source-url', sourceId: id, url: `https://s.example/${id}`, title: 'S' });
      chunks.push({ type: 'data-progress', id: 'progress', data: { done: part } });
    } else {
      chunks.push({ type: 'text-start', id });
      for (let i = 0; i < 50; i++) chunks.push({ type: 'text-delta', id, delta: word() });
      chunks.push({ type: 'text-end', id });
    }
    chunks.push({ type: 'finish-step' });
  }
  chunks.push({ type: 'finish', finishReason: 'stop' });
  return chunks;
}

function makeLog(total: number): Chunk[] {
  const random = seeded(total);
  const next = () => random.next().value;
  const log: Chunk[] = [];
  for (let r = 0; r < REPLIES; r++) log.push(...reply(r, Math.round(total / REPLIES), next));
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

const rate = (count: number, ms: number) =>
  `${(((count / ms) * 1000) / 1e6).toFixed(2)} M chunks/s`;

function inBatches(log: readonly Chunk[]): AiSdkStreamState {
  let state = createAiSdkStreamState();
  for (let i = 0; i < log.length; i += BATCH)
    state = foldAiSdkStream(log.slice(i, i + BATCH), state);
  return state;
}

function oneByOne(log: readonly Chunk[]): AiSdkStreamState {
  let state = createAiSdkStreamState();
  for (const chunk of log) state = reduceAiSdkChunk(state, chunk);
  return state;
}

function sseFold(body: Uint8Array): AiSdkStreamState {
  const decoder = createAiSdkSseDecoder();
  let state = createAiSdkStreamState();
  for (let i = 0; i < body.length; i += 65536)
    state = foldAiSdkStream(decoder.push(body.subarray(i, i + 65536)), state);
  return foldAiSdkStream(decoder.end(), state);
}

// Warm the JIT up on a small log first, so that the first size measured is not the cold one.
const warm = makeLog(5_000);
for (let i = 0; i < 10; i++) {
  foldAiSdkStream(warm);
  inBatches(warm);
  oneByOne(warm);
}

const results: Record<string, string>[] = [];
for (const size of [10_000, 100_000]) {
  const log = makeLog(size);
  const body = new TextEncoder().encode(
    `${log.map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`).join('')}data: [DONE]\n\n`,
  );
  const check = foldAiSdkStream(log);
  if (check.diagnostics.length > 0 || check.messages.length !== REPLIES)
    throw new Error(`unexpected fold: ${JSON.stringify(check.diagnostics.slice(0, 3))}`);
  const whole = best(7, () => foldAiSdkStream(log));
  const batches = best(7, () => inBatches(log));
  const single = best(5, () => oneByOne(log));
  const sse = best(5, () => sseFold(body));
  results.push({
    chunks: log.length.toLocaleString('en'),
    'one foldAiSdkStream': rate(log.length, whole),
    'batches of 100': rate(log.length, batches),
    'one by one': rate(log.length, single),
    'SSE decode + fold': rate(log.length, sse),
  });
}
console.table(results);
