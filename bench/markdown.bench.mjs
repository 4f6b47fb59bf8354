// `npm run bench -- markdown`: a ≈ 27 KB markdown answer streamed in 4-character updates, each
// committed synchronously, through our <Message> (fed by appendEvent), streamdown, react-markdown
// re-rendering the whole text (naive) and an append-only floor; then the same stream as the last
// message of a 200-message <MessageList>. Prints the numbers, PASS/MISS per target of issue #5,
// a Markdown table for the README, and writes bench-results/markdown.json.
//
// Flags: --quick (one round; naive on the first 6,000 characters only), --profile (a CPU profile
// of our variant instead of the comparison).
/* global window -- callbacks passed to page.evaluate run in the page */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openBenchPage, root } from './driver/browser.mjs';
import { profileOurs } from './driver/profile.mjs';
import { markdownTable, ms, ratio, summarize } from './driver/stats.mjs';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const UPDATE = 4;
const ROUNDS = quick ? 1 : 2;
const NAIVE_LIMIT = quick ? 6000 : undefined;

const started = performance.now();
const bench = await openBenchPage();
const { page, machine } = bench;
console.log(
  `machine: ${machine.nproc} cores, ${machine.cpu}, ${machine.chromium}, Node ${machine.node}, React ${machine.react}` +
    (machine.crossOriginIsolated ? '' : ' (NOT cross-origin isolated: timers are coarse)'),
);
const hasList = await page.evaluate(() => window.ramBench.hasMessageList);

if (args.includes('--profile')) {
  await profileOurs(bench.browser, page, { updateSize: UPDATE, list: hasList });
  await bench.close();
  process.exit(0);
}

/* -------------------------------------------------------------------------------------------------
 * Runs
 * -----------------------------------------------------------------------------------------------*/

const warm = await page.evaluate(
  (variants) => window.ramBench.warmUp(variants),
  ['ours', 'streamdown', 'floor', 'naive'],
);
console.log(`warmed up (shiki: ${warm.highlighted}/${warm.codeBlocks} code blocks highlighted)`);

/** Streams once in the page and prints a progress line. */
async function run(options) {
  const result = await page.evaluate((o) => window.ramBench.stream(o), options);
  const total = result.commitLayout.reduce((sum, value) => sum + value, 0);
  const label = options.scene === 'list' ? `ours in list(${options.historySize})` : options.variant;
  console.log(
    `  ${label.padEnd(18)} ${String(result.updates).padStart(5)} updates  commit+layout ${ms(total).padStart(9)}  wall ${ms(result.wall)}`,
  );
  return result;
}

// Round-robin, order reversed every other round, each run in a fresh root on the same page;
// every run streams a document whose code blocks the highlighter has never seen.
const plan = [
  { key: 'ours', options: { variant: 'ours', scene: 'single' } },
  ...(hasList
    ? [{ key: 'list200', options: { variant: 'ours', scene: 'list', historySize: 200 } }]
    : []),
  { key: 'streamdown', options: { variant: 'streamdown', scene: 'single' } },
  { key: 'floor', options: { variant: 'floor', scene: 'single' } },
];
if (!hasList) {
  console.log(
    '  note: src/components/message-list/message-list.tsx is missing: the 200-message scenario is skipped',
  );
}
const runs = Object.fromEntries(plan.map(({ key }) => [key, []]));
let salt = 1;
for (let round = 0; round < ROUNDS; round++) {
  console.log(`round ${round + 1}/${ROUNDS}`);
  const order = round % 2 === 0 ? plan : [...plan].reverse();
  for (const { key, options } of order) {
    runs[key].push(await run({ ...options, salt: salt++, updateSize: UPDATE }));
  }
}
console.log(`naive react-markdown, once${NAIVE_LIMIT ? ` (first ${NAIVE_LIMIT} characters)` : ''}`);
runs.naive = [
  await run({
    variant: 'naive',
    scene: 'single',
    salt: salt++,
    updateSize: UPDATE,
    ...(NAIVE_LIMIT ? { limit: NAIVE_LIMIT } : {}),
  }),
];

/* -------------------------------------------------------------------------------------------------
 * Report
 * -----------------------------------------------------------------------------------------------*/

const sum = (values) => values.reduce((total, value) => total + value, 0);
/** The better of the rounds (lowest commit + layout total): noise only ever adds time. */
const best = (key) =>
  [...runs[key]].sort((a, b) => sum(a.commitLayout) - sum(b.commitLayout))[0] ?? null;

const LABELS = {
  ours: 'react-agent-messages <Message>',
  list200: '… as last of 200 in <MessageList>',
  streamdown: 'streamdown 2.7',
  naive: 'react-markdown 10 + remark-gfm (naive)',
  floor: 'floor (append text node)',
};
const order = ['ours', 'list200', 'streamdown', 'naive', 'floor'].filter((key) => runs[key]);
const results = {};
for (const key of order) {
  const result = best(key);
  results[key] = {
    label: LABELS[key],
    chars: result.chars,
    updates: result.updates,
    commit: summarize(result.commit),
    commitLayout: summarize(result.commitLayout),
    wall: result.wall,
    roundTotals: runs[key].map((r) => sum(r.commitLayout)),
    renders: result.renders,
    domMessages: result.domMessages,
    highlight: result.highlight,
    afterStream: result.afterStream,
  };
}

for (const phase of ['commit', 'commitLayout']) {
  console.log(`\n${phase === 'commit' ? 'commit only' : 'commit + layout'} (per update)`);
  for (const key of order) {
    const r = results[key];
    const s = r[phase];
    console.log(
      `  ${key.padEnd(11)} total ${ms(s.total).padStart(9)}  median ${ms(s.median)}  p95 ${ms(s.p95)}  p99 ${ms(s.p99)}  last/first ${ratio(s.lastFirst)}`,
    );
    console.log(`  ${''.padEnd(11)} per 10 %: ${s.slices.map((v) => v.toFixed(3)).join(' ')}`);
  }
}

const ours = results.ours;
const extrapolated = NAIVE_LIMIT !== undefined;
const targets = [
  {
    name: 'total ≤ 0.4× streamdown (commit + layout)',
    value: ours.commitLayout.total / results.streamdown.commitLayout.total,
    limit: 0.4,
    format: ratio,
  },
  {
    name: 'last 10 % / first 10 % ≤ 1.5× (commit + layout)',
    value: ours.commitLayout.lastFirst,
    limit: 1.5,
    format: ratio,
  },
  {
    name: 'median ≤ 3× floor (commit + layout)',
    value: ours.commitLayout.median / results.floor.commitLayout.median,
    limit: 3,
    format: ratio,
  },
  {
    name: 'renders of the finished message while streaming = 0',
    value: ours.renders.otherMessages + ours.renders.otherTextBlocks,
    limit: 0,
    format: String,
  },
];
if (results.list200) {
  targets.push({
    name: 'last of 200 in <MessageList>: total ≤ 1.2× single message',
    value: results.list200.commitLayout.total / ours.commitLayout.total,
    limit: 1.2,
    format: ratio,
  });
  targets.push({
    name: 'renders of the 199 finished messages while streaming = 0',
    value: results.list200.renders.otherMessages + results.list200.renders.otherTextBlocks,
    limit: 0,
    format: String,
  });
}
for (const target of targets) target.pass = target.value <= target.limit;

console.log('\nratios');
console.log(
  `  ours / streamdown total: commit+layout ${ratio(targets[0].value)}, commit ${ratio(ours.commit.total / results.streamdown.commit.total)}`,
);
console.log(
  `  ours / naive total: ${ratio(ours.commitLayout.total / results.naive.commitLayout.total)}${extrapolated ? ' (naive on a prefix only: not comparable)' : ''}`,
);
console.log(
  `  ours median / floor median: commit+layout ${ratio(targets[2].value)}, commit ${ratio(ours.commit.median / results.floor.commit.median)}`,
);
console.log(
  `  renders during the stream: finished <Message> ${ours.renders.otherMessages}, its text block ${ours.renders.otherTextBlocks}; streaming <Message> ${ours.renders.streamingMessage}, its text block ${ours.renders.streamingTextBlock}`,
);
const lastHighlight = ours.highlight.at(-1);
console.log(
  `  highlighting during the stream (ours): ${ours.highlight.map((h) => `${h.highlighted}/${h.codeBlocks}`).join(' ')} at each 10 %; ${ours.afterStream.highlighted}/${ours.afterStream.codeBlocks} 0.5 s after`,
);
console.log('\ntargets (issue #5)');
for (const target of targets) {
  console.log(`  ${target.pass ? 'PASS' : 'MISS'}  ${target.name}: ${target.format(target.value)}`);
}

const header = [
  'variant',
  'updates',
  'total',
  'median',
  'p95',
  'p99',
  'last 10 % / first 10 %',
  'total, commit only',
  'wall',
];
const table = markdownTable(
  header,
  order.map((key) => {
    const r = results[key];
    const s = r.commitLayout;
    return [
      r.label,
      String(r.updates) + (key === 'naive' && extrapolated ? ` (first ${r.chars} chars)` : ''),
      ms(s.total),
      ms(s.median),
      ms(s.p95),
      ms(s.p99),
      ratio(s.lastFirst),
      ms(r.commit.total),
      ms(r.wall),
    ];
  }),
);
console.log(
  `\nREADME table (commit + layout per update; ${ours.chars} characters in ${UPDATE}-character updates):\n`,
);
console.log(table);
console.log(
  `\nMachine: ${machine.nproc} cores (${machine.cpu}), ${machine.chromium} headless, Node ${machine.node}, React ${machine.react}, ` +
    Object.entries(machine.versions)
      .map(([name, version]) => `${name} ${version}`)
      .join(', '),
);

mkdirSync(join(root, 'bench-results'), { recursive: true });
writeFileSync(
  join(root, 'bench-results/markdown.json'),
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      machine,
      document: { chars: ours.chars, updateSize: UPDATE, updates: ours.updates },
      rounds: ROUNDS,
      naiveLimit: NAIVE_LIMIT ?? null,
      results,
      targets,
      table,
      lastHighlight,
    },
    null,
    2,
  )}\n`,
);
console.log(
  `\nwrote bench-results/markdown.json (${((performance.now() - started) / 1000).toFixed(0)} s in all)`,
);
if (bench.errors.length > 0) {
  console.log(`page errors: ${bench.errors.map(String).join('\n')}`);
}
await bench.close();
