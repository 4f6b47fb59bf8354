// `npm run bench -- markdown`: every scenario of bench/scenarios.mjs (a document streamed in
// 4-character updates, each committed synchronously) through each of its variants: our <Message>
// (fed by appendEvent), streamdown, TanStack Markdown and react-markdown (both re-rendering the
// whole text), and two DOM floors (append to one text node; append to the last of many small
// blocks). Prints, per scenario, totals, median, p95, last/first slice, heap, ratios and
// PASS/MISS per target, Markdown tables for the README, the machine and package versions, and
// writes bench-results/markdown.json.
//
// Flags: --quick (one round; slow variants on a prefix only, see `quickLimit`), --only=a,b (the
// scenarios with these ids), --profile (a CPU profile of our variant instead of the comparison).
/* global window -- callbacks passed to page.evaluate run in the page */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openBenchPage, root } from './driver/browser.mjs';
import { profileOurs } from './driver/profile.mjs';
import { markdownTable, ms, ratio, summarize } from './driver/stats.mjs';
import { VARIANTS } from './driver/targets.mjs';
import { SCENARIOS } from './scenarios.mjs';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const only = args
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const UPDATE = 4;
const ROUNDS = quick ? 1 : 2;

const started = performance.now();
const bench = await openBenchPage();
const { page, machine } = bench;
const machineLine =
  `${machine.nproc} cores (${machine.cpu}), ${machine.chromium} headless, Node ${machine.node}, React ${machine.react}` +
  (machine.crossOriginIsolated ? '' : ' (NOT cross-origin isolated: timers are coarse)');
const versionsLine = Object.entries(machine.versions)
  .map(([name, version]) => `${name} ${version}`)
  .join(', ');
console.log(`machine: ${machineLine}\npackages: ${versionsLine}`);
const hasList = await page.evaluate(() => window.ramBench.hasMessageList);

if (args.includes('--profile')) {
  // The first scenario --only names (the mixed answer by default) is the one profiled.
  const profiled = SCENARIOS.find((scenario) => !only || only.includes(scenario.id));
  await profileOurs(bench.browser, page, {
    updateSize: UPDATE,
    list: hasList,
    document: profiled?.document,
  });
  await bench.close();
  process.exit(0);
}

const scenarios = SCENARIOS.filter((scenario) => !only || only.includes(scenario.id));
if (scenarios.length === 0) {
  console.log(`no scenario matches --only=${only}: ${SCENARIOS.map((s) => s.id).join(', ')}`);
  process.exit(1);
}

/* -------------------------------------------------------------------------------------------------
 * Runs
 * -----------------------------------------------------------------------------------------------*/

const pageVariants = [
  ...new Set(scenarios.flatMap((s) => s.variants).map((key) => VARIANTS[key].options.variant)),
];
const warm = await page.evaluate((variants) => window.ramBench.warmUp(variants), pageVariants);
console.log(`warmed up (shiki: ${warm.highlighted}/${warm.codeBlocks} code blocks highlighted)`);

const sum = (values) => values.reduce((total, value) => total + value, 0);
const kb = (bytes) =>
  bytes === null || bytes === undefined ? '–' : `${(bytes / 1024).toFixed(0)} KB`;
let salt = 1;

/** Streams `key` once in the page and prints a progress line. */
async function run(scenario, key, limit) {
  const options = {
    ...VARIANTS[key].options,
    ...scenario.page,
    document: scenario.document,
    salt: salt++,
    updateSize: UPDATE,
    ...(limit === undefined ? {} : { limit }),
  };
  const result = await page.evaluate((o) => window.ramBench.stream(o), options);
  console.log(
    `  ${key.padEnd(11)} ${String(result.updates).padStart(6)} updates  commit+layout ${ms(sum(result.commitLayout)).padStart(9)}  wall ${ms(result.wall)}`,
  );
  return result;
}

/** Streams every variant of `scenario`: round-robin, order reversed every other round. */
async function runScenario(scenario) {
  const keys = scenario.variants.filter((key) => hasList || !VARIANTS[key].list);
  const skipped = scenario.variants.filter((key) => !keys.includes(key));
  if (skipped.length > 0) console.log(`  skipped (no <MessageList> in this tree): ${skipped}`);
  const once = scenario.once ?? [];
  const limitOf = (key) => (quick ? scenario.quickLimit?.[key] : undefined);
  const rounds = keys.filter((key) => !once.includes(key));
  const runs = Object.fromEntries(keys.map((key) => [key, []]));
  for (let round = 0; round < ROUNDS; round++) {
    console.log(` round ${round + 1}/${ROUNDS}`);
    const order = round % 2 === 0 ? rounds : [...rounds].reverse();
    for (const key of order) runs[key].push(await run(scenario, key, limitOf(key)));
  }
  for (const key of keys.filter((k) => once.includes(k))) {
    console.log(` once${limitOf(key) ? ` (first ${limitOf(key)} characters)` : ''}`);
    runs[key].push(await run(scenario, key, limitOf(key)));
  }
  const results = {};
  for (const key of keys) {
    // The better round (lowest commit + layout total): noise only ever adds time.
    const best = [...runs[key]].sort((a, b) => sum(a.commitLayout) - sum(b.commitLayout))[0];
    results[key] = {
      label: VARIANTS[key].label(machine.versions),
      chars: best.chars,
      updates: best.updates,
      partial: limitOf(key) !== undefined,
      commit: summarize(best.commit),
      commitLayout: summarize(best.commitLayout),
      wall: best.wall,
      heap: best.heap,
      roundTotals: runs[key].map((r) => sum(r.commitLayout)),
      renders: best.renders,
      domMessages: best.domMessages,
      highlight: best.highlight,
      afterStream: best.afterStream,
    };
  }
  const targets = scenario.targets.map(({ name, limit, value, format }) => {
    let measured = null;
    try {
      measured = value(results);
    } catch {
      // A variant of this target did not run (e.g. no <MessageList>).
    }
    const pass = measured === null ? null : measured <= limit;
    return {
      name,
      limit,
      value: measured,
      shown: measured === null ? 'skipped' : format(measured),
      pass,
    };
  });
  return { id: scenario.id, title: scenario.title, keys, results, targets };
}

/* -------------------------------------------------------------------------------------------------
 * Report
 * -----------------------------------------------------------------------------------------------*/

/** Prints one scenario's numbers and returns its README table. */
function report(outcome) {
  const { keys, results, targets } = outcome;
  const [base] = keys;
  const ours = results[base];
  console.log(`\n${outcome.title}: ${ours.chars} characters in ${ours.updates} updates`);
  for (const key of keys) {
    const r = results[key];
    const s = r.commitLayout;
    console.log(
      `  ${key.padEnd(11)} total ${ms(s.total).padStart(9)}  median ${ms(s.median)}  p95 ${ms(s.p95)}  p99 ${ms(s.p99)}  last/first ${ratio(s.lastFirst)}  heap ${kb(r.heap?.retained)} retained, ${kb(r.heap?.peak)} peak${r.partial ? `  (first ${r.chars} characters)` : ''}`,
    );
    console.log(`  ${''.padEnd(11)} per 10 %: ${s.slices.map((v) => v.toFixed(3)).join(' ')}`);
    if (key !== base) {
      console.log(
        `  ${''.padEnd(11)} ${base} ÷ ${key}: total ${ratio(ours.commitLayout.total / s.total)}, median ${ratio(ours.commitLayout.median / s.median)}, commit only ${ratio(ours.commit.total / r.commit.total)}${r.partial || ours.partial ? ' (not comparable: prefix only)' : ''}`,
      );
    }
  }
  if (ours.renders) {
    console.log(
      `  renders while streaming: finished <Message> ${ours.renders.otherMessages}, its text block ${ours.renders.otherTextBlocks}; streaming <Message> ${ours.renders.streamingMessage}, its text block ${ours.renders.streamingTextBlock}`,
    );
    console.log(
      `  highlighting (ours): ${ours.highlight.map((h) => `${h.highlighted}/${h.codeBlocks}`).join(' ')} at each 10 %; ${ours.afterStream.highlighted}/${ours.afterStream.codeBlocks} 0.5 s after`,
    );
  }
  console.log('  targets');
  for (const t of targets) {
    console.log(
      `    ${t.pass === null ? 'SKIP' : t.pass ? 'PASS' : 'MISS'}  ${t.name}: ${t.shown}`,
    );
  }
  return markdownTable(
    [
      'variant',
      'updates',
      'total',
      'median',
      'p95',
      'last 10 % / first 10 %',
      'heap retained / peak',
      `${base} ÷ this (total)`,
    ],
    keys.map((key) => {
      const r = results[key];
      const s = r.commitLayout;
      return [
        r.label,
        String(r.updates) + (r.partial ? ` (first ${r.chars} chars)` : ''),
        ms(s.total),
        ms(s.median),
        ms(s.p95),
        ratio(s.lastFirst),
        `${kb(r.heap?.retained)} / ${kb(r.heap?.peak)}`,
        key === base || r.partial ? '' : ratio(ours.commitLayout.total / s.total),
      ];
    }),
  );
}

const outcomes = [];
for (const scenario of scenarios) {
  console.log(`\n== ${scenario.id}: ${scenario.title}`);
  outcomes.push(await runScenario(scenario));
}
const tables = outcomes.map((outcome) => ({ id: outcome.id, table: report(outcome) }));

const targetTable = markdownTable(
  ['scenario', 'target', 'measured', 'holds'],
  outcomes.flatMap((o) =>
    o.targets.map((t) => [o.title, t.name, t.shown, t.pass === null ? '–' : t.pass ? 'yes' : 'no']),
  ),
  ['l', 'l', 'r', 'l'],
);
console.log('\nREADME tables (commit + layout per update, 4-character updates):');
for (const { id, table } of tables)
  console.log(`\n${outcomes.find((o) => o.id === id).title}\n\n${table}`);
console.log(`\nTargets\n\n${targetTable}`);
console.log(`\nMachine: ${machineLine}. Packages: ${versionsLine}.`);

mkdirSync(join(root, 'bench-results'), { recursive: true });
writeFileSync(
  join(root, 'bench-results/markdown.json'),
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      machine,
      updateSize: UPDATE,
      rounds: ROUNDS,
      quick,
      scenarios: outcomes.map((o) => ({
        ...o,
        table: tables.find((t) => t.id === o.id).table,
      })),
      targetTable,
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
