// `npm run bench -- tool-args`: a `write_file` call whose 256 KB `content` streams in 16-character
// deltas into a `<Message>` (the card open on its arguments), against a text block streaming the
// same content in the same deltas. Fold + commit + forced layout per update, one run each (the
// machine may be shared). Targets: the card's last 10 % / first 10 % ≤ 1.3×, its median update
// ≤ 1.5× the text block's. Beside it, in Node, the parse the card did before the incremental
// reader (`JSON.parse`, then `partial-json`, on the whole text at every update, and nothing past
// 16 KB): its cost per update over the first 16 KB. Writes bench-results/tool-args.json.
//
// Flags: --size=N (characters of content, default 262144), --update=N (default 16).
/* global window -- callbacks passed to page.evaluate run in the page */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Allow, parse } from 'partial-json';
import { openBenchPage, root } from './driver/browser.mjs';
import { markdownTable, ms, ratio, summarize } from './driver/stats.mjs';

const args = process.argv.slice(2);
const flag = (name, fallback) =>
  Number(args.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const SIZE = flag('size', 262_144);
const UPDATE = flag('update', 16);

const bench = await openBenchPage();
const { page, machine } = bench;
console.log(
  `machine: ${machine.nproc} cores (${machine.cpu}), ${machine.chromium} headless, React ${machine.react}`,
);
/** The median update of each 10 % slice: a busy machine's pauses move means, not medians. */
function sliceMedians(values) {
  return Array.from({ length: 10 }, (_, s) => {
    const part = values
      .slice(Math.floor((s * values.length) / 10), Math.floor(((s + 1) * values.length) / 10))
      .sort((a, b) => a - b);
    return part[Math.floor(part.length / 2)] ?? 0;
  });
}

const run = (variant, contentSize, salt) =>
  page.evaluate((o) => window.ramBench.toolArgs(o), {
    variant,
    updateSize: UPDATE,
    contentSize,
    salt,
  });

// Warm-up (JIT) on a short stream of each, then one measured run of each.
await run('card', 8000, 0);
await run('text', 8000, 0);
const results = {};
for (const [salt, variant] of [
  [1, 'card'],
  [2, 'text'],
]) {
  const result = await run(variant, SIZE, salt);
  const stats = summarize(result.commitLayout);
  const medians = sliceMedians(result.commitLayout);
  stats.medians = medians;
  stats.lastFirstMedian = medians[9] / medians[0];
  results[variant] = { ...result, commitLayout: undefined, stats };
  console.log(
    `  ${variant.padEnd(5)} ${result.updates} updates of ${result.chars} characters: total ${ms(stats.total)}, median ${ms(stats.median)}, p95 ${ms(stats.p95)}, last/first ${ratio(stats.lastFirst)}, wall ${ms(result.wall)}`,
  );
  console.log(`        per 10 % (mean):   ${stats.slices.map((v) => v.toFixed(3)).join(' ')}`);
  console.log(
    `        per 10 % (median): ${medians.map((v) => v.toFixed(3)).join(' ')}  last/first ${ratio(stats.lastFirstMedian)}`,
  );
  if (variant === 'card') console.log(`        shown at the end: ${JSON.stringify(result.shown)}`);
}

// Before the incremental reader: the whole text parsed at every update, up to 16 KB; and what
// one such parse costs at larger sizes, had it read past them.
const line = 'const greeting = "hello";\n\tif (ready) { start(); }\n';
const input = JSON.stringify({
  path: 'src/greeting.ts',
  content: line.repeat(Math.ceil(SIZE / line.length)).slice(0, SIZE),
});
const parseWhole = (text) => {
  const t0 = performance.now();
  try {
    JSON.parse(text);
  } catch {
    parse(text, Allow.ALL);
  }
  return performance.now() - t0;
};
const before = [];
for (let end = UPDATE; end <= 16_384; end += UPDATE) before.push(parseWhole(input.slice(0, end)));
const beforeStats = summarize(before);
const perSize = [16_384, 65_536, 262_144].map((size) => {
  const samples = Array.from({ length: 9 }, () => parseWhole(input.slice(0, size)));
  return { size, median: samples.sort((a, b) => a - b)[4] };
});
console.log(
  `  before (Node, the parse alone): over the first 16 KB median ${ms(beforeStats.median)}, last/first ${ratio(beforeStats.lastFirst)}; one parse at ${perSize.map((p) => `${p.size / 1024} KB ${ms(p.median)}`).join(', ')} (it read nothing past 16 KB)`,
);

const card = results.card.stats;
const text = results.text.stats;
const targets = [
  ['card last 10 % / first 10 % ≤ 1.3× (means)', card.lastFirst, 1.3],
  ['card last 10 % / first 10 % ≤ 1.3× (medians)', card.lastFirstMedian, 1.3],
  ['card median ≤ 1.5× the text block', card.median / text.median, 1.5],
  ['card total ≤ 1.5× the text block', card.total / text.total, 1.5],
].map(([name, value, limit]) => ({ name, value, limit, pass: value <= limit }));
for (const t of targets)
  console.log(`    ${t.pass ? 'PASS' : 'MISS'}  ${t.name}: ${ratio(t.value)}`);
const table = markdownTable(
  ['variant', 'updates', 'total', 'median', 'p95', 'last / first 10 % (means; medians)'],
  [
    ['`write_file` card, 256 KB content', card, results.card.updates],
    ['text block, the same content', text, results.text.updates],
  ].map(([label, s, updates]) => [
    label,
    String(updates),
    ms(s.total),
    ms(s.median),
    ms(s.p95),
    `${ratio(s.lastFirst)}; ${ratio(s.lastFirstMedian)}`,
  ]),
);
console.log(`\n${table}`);
mkdirSync(join(root, 'bench-results'), { recursive: true });
writeFileSync(
  join(root, 'bench-results/tool-args.json'),
  `${JSON.stringify({ date: new Date().toISOString(), machine, size: SIZE, update: UPDATE, results, before: { ...beforeStats, perSize }, targets, table }, null, 2)}\n`,
);
if (bench.errors.length > 0) console.log(`page errors: ${bench.errors.map(String).join('\n')}`);
await bench.close();
