// `npm run bench -- message-list`: <MessageList> at the limit.
// - mount: 1,000, 10,000 and 100,000 finished messages at once (the synchronous commit, and first
//   paint: a task queued from the requestAnimationFrame after the commit runs once it is painted);
// - streaming into the last of 2,000: fold + commit + forced layout per 4-character update, the
//   work of one frame (target: p95 < 16 ms);
// - 100,000 messages of history loaded in pages through `onReachTop` (the list scrolled to the
//   top, as a user does): mount of the first page (target < 200 ms), each page load, the heap the
//   list adds to the messages themselves (performance.memory with precise memory info, after a
//   GC) and the elements in the DOM (targets: bounded);
// - four replies streaming at once into one list through `useMessageStream`, one store per agent
//   and one store for all: React commits per animation frame (target: at most one).
// Prints the numbers, PASS/MISS per target, Markdown tables for the README, the machine and the
// package versions, and writes bench-results/message-list.json.
//
// Flags: --full streams the whole ≈ 27 KB document into the 2,000-message list (default: the first
// 10,000 characters, 2,500 updates); --quick: 20,000 messages of history instead of 100,000.
/* global window -- callbacks passed to page.evaluate run in the page */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openBenchPage, root } from './driver/browser.mjs';
import { markdownTable, ms, summarize } from './driver/stats.mjs';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const LIMIT = args.includes('--full') ? undefined : 10_000;
const REPEAT = 3;
const UPDATE = 4;
const HISTORY = quick ? 20_000 : 100_000;
const PAGE = 500;
const STREAMING_HISTORY = 2000;

const started = performance.now();
const bench = await openBenchPage();
const { page, machine } = bench;
const machineLine =
  `${machine.nproc} cores (${machine.cpu}), ${machine.chromium} headless, Node ${machine.node}, React ${machine.react}` +
  (machine.crossOriginIsolated ? '' : ' (NOT cross-origin isolated: timers are coarse)');
console.log(`machine: ${machineLine}`);
const hasList = await page.evaluate(() => window.ramBench.hasMessageList);
if (!hasList) {
  console.log('src/components/message-list/message-list.tsx is missing: nothing to measure');
  await bench.close();
  process.exit(0);
}

await page.evaluate(() => window.ramBench.warmUp(['ours']));
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const kb = (bytes) =>
  bytes === null || bytes === undefined ? '–' : `${(bytes / 1024).toFixed(0)} KB`;
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const targets = [];
const check = (name, value, limit, shown) =>
  targets.push({ name, value, limit, shown, pass: value <= limit });

/* -------------------------------------------------------------------------------------------------
 * Mount
 * -----------------------------------------------------------------------------------------------*/

const mounts = {};
for (const count of [1000, 10000, HISTORY]) {
  const samples = [];
  for (let i = 0; i < REPEAT; i++) {
    samples.push(await page.evaluate((n) => window.ramBench.mountList(n), count));
  }
  mounts[count] = {
    commit: median(samples.map((s) => s.commit)),
    firstPaint: median(samples.map((s) => s.firstPaint)),
    domMessages: samples[0].domMessages,
    samples,
  };
  console.log(
    `mount ${count.toLocaleString('en')} messages: commit ${ms(mounts[count].commit)}, first paint ${ms(mounts[count].firstPaint)} (median of ${REPEAT}), ${mounts[count].domMessages} <Message> elements in the DOM`,
  );
}

/* -------------------------------------------------------------------------------------------------
 * Streaming into the last of 2,000
 * -----------------------------------------------------------------------------------------------*/

const result = await page.evaluate((o) => window.ramBench.stream(o), {
  variant: 'ours',
  scene: 'list',
  historySize: STREAMING_HISTORY,
  salt: 5,
  updateSize: UPDATE,
  ...(LIMIT ? { limit: LIMIT } : {}),
});
const streaming = {
  chars: result.chars,
  updates: result.updates,
  commit: summarize(result.commit),
  commitLayout: summarize(result.commitLayout),
  wall: result.wall,
  renders: result.renders,
  domMessages: result.domMessages,
  heap: result.heap,
};
const s = streaming.commitLayout;
console.log(
  `streaming into the last of ${STREAMING_HISTORY.toLocaleString('en')} (${streaming.chars} characters, ${streaming.updates} updates): commit+layout total ${ms(s.total)}, median ${ms(s.median)}, p95 ${ms(s.p95)}, p99 ${ms(s.p99)}, max ${ms(s.max)}, last/first ${s.lastFirst.toFixed(2)}×; commit only median ${ms(streaming.commit.median)}, p95 ${ms(streaming.commit.p95)}; heap ${kb(streaming.heap?.retained)} retained, ${kb(streaming.heap?.peak)} peak`,
);
console.log(
  `  renders of the ${STREAMING_HISTORY - 1} finished messages during the stream: ${streaming.renders.otherMessages} (text blocks ${streaming.renders.otherTextBlocks}); ${streaming.domMessages} <Message> elements in the DOM`,
);
check(
  `stream into the last of ${STREAMING_HISTORY.toLocaleString('en')}: p95 per update (one frame's work) < 16 ms`,
  s.p95,
  16,
  ms(s.p95),
);
check(
  `renders of the ${STREAMING_HISTORY - 1} finished messages while streaming = 0`,
  streaming.renders.otherMessages + streaming.renders.otherTextBlocks,
  0,
  String(streaming.renders.otherMessages + streaming.renders.otherTextBlocks),
);

/* -------------------------------------------------------------------------------------------------
 * History loaded in pages
 * -----------------------------------------------------------------------------------------------*/

const paged = await page.evaluate((o) => window.ramBench.historyPages(o), {
  total: HISTORY,
  pageSize: PAGE,
});
const loads = summarize(paged.pageLoads);
const firstLoads = paged.pageLoads.slice(0, 10);
const lastLoads = paged.pageLoads.slice(-10);
const mean = (values) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
console.log(
  `history of ${HISTORY.toLocaleString('en')} in pages of ${PAGE}: mount ${ms(paged.mount.commit)} commit, ${ms(paged.mount.firstPaint)} first paint; ${paged.pageLoads.length} page loads (scroll to painted): median ${ms(loads.median)}, p95 ${ms(loads.p95)}, first 10 ${ms(mean(firstLoads))}, last 10 ${ms(mean(lastLoads))}; ${paged.loaded.toLocaleString('en')} loaded`,
);
console.log(
  `  DOM elements: ${paged.elementsAtMount} at mount, ${paged.elementsAtEnd} with all loaded (${paged.rowsAtEnd} rows)`,
);
if (paged.heap) {
  console.log(
    `  heap: the messages ${mb(paged.heap.messages)}; the list adds ${mb(paged.heap.listAtMount)} at mount, ${mb(paged.heap.listAllLoaded)} with all loaded (${(paged.heap.listAllLoaded / paged.loaded) | 0} bytes per message), ${mb(paged.heap.afterUnmount)} left after unmount`,
  );
}
check(
  `${HISTORY.toLocaleString('en')} of history in pages: mount < 200 ms (first paint)`,
  paged.mount.firstPaint,
  200,
  ms(paged.mount.firstPaint),
);
check(
  'every page loaded through onReachTop',
  HISTORY - paged.loaded,
  0,
  `${paged.loaded.toLocaleString('en')} of ${HISTORY.toLocaleString('en')}`,
);
check(
  'DOM bounded: elements with all loaded ≤ 2× at mount',
  paged.elementsAtEnd / paged.elementsAtMount,
  2,
  `${paged.elementsAtEnd} / ${paged.elementsAtMount}`,
);
if (paged.heap) {
  check(
    'heap bounded: what the list adds with all loaded ≤ the messages’ own heap',
    paged.heap.listAllLoaded / paged.heap.messages,
    1,
    `${mb(paged.heap.listAllLoaded)} / ${mb(paged.heap.messages)}`,
  );
}

/* -------------------------------------------------------------------------------------------------
 * Four replies at once
 * -----------------------------------------------------------------------------------------------*/

const multi = {};
for (const stores of ['four', 'one']) {
  const r = await page.evaluate((o) => window.ramBench.multiAgent(o), {
    stores,
    historySize: 200,
    chars: 6000,
    updateSize: UPDATE,
    rate: 400,
  });
  const intervals = summarize(r.frameIntervals);
  multi[stores] = { ...r, frameIntervals: intervals };
  console.log(
    `4 replies at once, ${stores === 'four' ? 'one store per agent' : 'one store for all'} (${r.updatesPerAgent} events each at 400/s, 200 messages before): ${r.commits} commits in ${r.frames} frames, at most ${r.maxCommitsPerFrame} per frame, ${r.framesWithMoreThanOne} frames with more than one; frame interval median ${ms(intervals.median)}, p95 ${ms(intervals.p95)}`,
  );
  check(
    `4 replies at once (${stores === 'four' ? 'four stores' : 'one store'}): commits per frame ≤ 1`,
    r.maxCommitsPerFrame,
    1,
    String(r.maxCommitsPerFrame),
  );
}

/* -------------------------------------------------------------------------------------------------
 * Report
 * -----------------------------------------------------------------------------------------------*/

console.log('\ntargets');
for (const t of targets) console.log(`  ${t.pass ? 'PASS' : 'MISS'}  ${t.name}: ${t.shown}`);

const table = markdownTable(
  [
    '`<MessageList>`',
    'commit / total',
    'first paint / median',
    'p95',
    'elements in the DOM',
    'heap',
  ],
  [
    ...[1000, 10000, HISTORY].map((count) => [
      `mount ${count.toLocaleString('en')} messages`,
      ms(mounts[count].commit),
      ms(mounts[count].firstPaint),
      '',
      `${mounts[count].domMessages} messages`,
      '',
    ]),
    [
      `stream into the last of ${STREAMING_HISTORY.toLocaleString('en')} (${streaming.updates} × ${UPDATE} chars; per update)`,
      ms(s.total),
      ms(s.median),
      ms(s.p95),
      `${streaming.domMessages} messages`,
      `${kb(streaming.heap?.retained)} retained`,
    ],
    [
      `${HISTORY.toLocaleString('en')} of history in pages of ${PAGE}: mount`,
      ms(paged.mount.commit),
      ms(paged.mount.firstPaint),
      '',
      String(paged.elementsAtMount),
      paged.heap ? mb(paged.heap.listAtMount) : '–',
    ],
    [
      `… each of ${paged.pageLoads.length} page loads through \`onReachTop\` (scroll to painted)`,
      ms(loads.total),
      ms(loads.median),
      ms(loads.p95),
      `${paged.elementsAtEnd} with all loaded`,
      paged.heap ? `${mb(paged.heap.listAllLoaded)} (messages: ${mb(paged.heap.messages)})` : '–',
    ],
  ],
);
const multiTable = markdownTable(
  ['4 replies at once', 'commits', 'frames', 'max commits per frame', 'frames with > 1 commit'],
  ['four', 'one'].map((stores) => [
    stores === 'four' ? 'one `useMessageStream` per agent' : 'one `useMessageStream` for all',
    String(multi[stores].commits),
    String(multi[stores].frames),
    String(multi[stores].maxCommitsPerFrame),
    String(multi[stores].framesWithMoreThanOne),
  ]),
);
const targetTable = markdownTable(
  ['target', 'measured', 'holds'],
  targets.map((t) => [t.name, t.shown, t.pass ? 'yes' : 'no']),
  ['l', 'r', 'l'],
);
console.log(`\nREADME tables:\n\n${table}\n\n${multiTable}\n\n${targetTable}`);
console.log(
  `\nMachine: ${machineLine}. Packages: ${Object.entries(machine.versions)
    .map(([name, version]) => `${name} ${version}`)
    .join(', ')}.`,
);

mkdirSync(join(root, 'bench-results'), { recursive: true });
writeFileSync(
  join(root, 'bench-results/message-list.json'),
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      machine,
      mounts,
      streaming,
      paged: { ...paged, pageLoads: loads },
      multi,
      targets,
      table,
      multiTable,
      targetTable,
    },
    null,
    2,
  )}\n`,
);
console.log(
  `\nwrote bench-results/message-list.json (${((performance.now() - started) / 1000).toFixed(0)} s in all)`,
);
if (bench.errors.length > 0) console.log(`page errors: ${bench.errors.map(String).join('\n')}`);
await bench.close();
