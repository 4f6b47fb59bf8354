// `npm run bench -- ai-sdk-chat`: one reply streamed through the real `useChat` (@ai-sdk/react)
// and `useAiSdkChat` into <MessageList>, below 5 and below 500 saved UIMessages. Per update (one
// 4-character `text-delta` chunk): from pushing the chunk to the commit that shows it, plus a
// forced layout. Target: p95 below 500 saved messages within 1.2× of p95 below 5 (the
// conversion costs what changed, not the history). Runs alternate and repeat; medians are kept.
// Writes bench-results/ai-sdk-chat.json.
//
// Flags: --quick streams 2,000 characters (500 updates) instead of 4,000, and repeats twice.
/* global window -- callbacks passed to page.evaluate run in the page */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openBenchPage, root } from './driver/browser.mjs';
import { markdownTable, ms, ratio, summarize } from './driver/stats.mjs';

const quick = process.argv.includes('--quick');
const LIMIT = quick ? 2000 : 4000;
const REPEAT = quick ? 2 : 3;
const UPDATE = 4;
const SIZES = [5, 500];
const TARGET = 1.2;

const bench = await openBenchPage();
const { page, machine } = bench;
console.log(
  `machine: ${machine.nproc} cores (${machine.cpu}), ${machine.chromium} headless, Node ${machine.node}, React ${machine.react}`,
);
const run = (saved, limit) =>
  page.evaluate((o) => window.ramBench.aiSdkChat(o), {
    saved,
    salt: 3,
    updateSize: UPDATE,
    limit,
  });

// Warm-up: JIT, the markdown chunk, the AI SDK's code paths.
await run(5, 1000);
await run(500, 1000);

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const samples = Object.fromEntries(SIZES.map((size) => [size, []]));
for (let i = 0; i < REPEAT; i++) {
  for (const size of i % 2 === 0 ? SIZES : [...SIZES].reverse()) {
    const result = await run(size, LIMIT);
    const summary = summarize(result.times);
    samples[size].push({ ...summary, updates: result.updates, domMessages: result.domMessages });
    console.log(
      `${size} saved: p95 ${ms(summary.p95)}, median ${ms(summary.median)} per update (${result.updates} updates, ${result.domMessages} <Message> in the DOM, reply ${result.lastStatus})`,
    );
  }
}
const rows = SIZES.map((size) => ({
  size,
  p95: median(samples[size].map((s) => s.p95)),
  median: median(samples[size].map((s) => s.median)),
}));
const factor = rows[1].p95 / rows[0].p95;
const pass = factor <= TARGET;
console.log(
  `\np95 below 500 saved / below 5: ${ratio(factor)} (target ≤ ${TARGET}×) ${pass ? 'PASS' : 'MISS'}\n`,
);
console.log(
  markdownTable(
    ['saved UIMessages', 'p95 per update', 'median per update'],
    rows.map((row) => [String(row.size), ms(row.p95), ms(row.median)]),
  ),
);
mkdirSync(join(root, 'bench-results'), { recursive: true });
writeFileSync(
  join(root, 'bench-results/ai-sdk-chat.json'),
  JSON.stringify({ machine, limit: LIMIT, update: UPDATE, rows, factor, pass, samples }, null, 2),
);
if (bench.errors.length > 0) {
  console.log(bench.errors.map(String).join('\n'));
  process.exitCode = 1;
}
await bench.close();
