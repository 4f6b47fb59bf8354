// `npm run bench -- fold-worker`: `useMessageStream` into <MessageList> with the fold in a Web
// Worker (`worker`) beside the same stream folded on the main thread, in one run:
// - opening a history of 100,000 events (≈ 15 MB of SSE, fetched): the main thread's longest
//   task until every reply is shown (target with the worker: under 50 ms);
// - 1,000 events per second for 5 s through a ReadableStream: the longest stretch the main thread
//   is busy (target with the worker: under one frame, 16.7 ms).
// Long tasks come from PerformanceObserver('longtask') (≥ 50 ms); below that, from a task loop
// that notes the gap between its turns (every task and frame in between). Prints the numbers,
// PASS/MISS per target and a Markdown table, and writes bench-results/fold-worker.json.
//
// Flags: --quick: 20,000 events of history and 2 s of live stream, one run each.
/* global window -- callbacks passed to page.evaluate run in the page */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openBenchPage, root } from './driver/browser.mjs';
import { markdownTable, ms } from './driver/stats.mjs';

const quick = process.argv.includes('--quick');
const REPEAT = quick ? 1 : 2;
const HISTORY = { replies: quick ? 200 : 1000, perReply: 100, deltaChars: 4 };
const LIVE = { perSecond: 1000, seconds: quick ? 2 : 5, perReply: 200 };
const FRAME = 1000 / 60;

const bench = await openBenchPage();
const { page, machine } = bench;
console.log(
  `machine: ${machine.nproc} cores (${machine.cpu}), ${machine.chromium} headless, Node ${machine.node}, React ${machine.react}` +
    (machine.crossOriginIsolated ? '' : ' (NOT cross-origin isolated: timers are coarse)'),
);
const history = (worker, options = HISTORY) =>
  page.evaluate((o) => window.ramBench.openHistory(o), { worker, ...options });
const live = (worker, options = LIVE) =>
  page.evaluate((o) => window.ramBench.liveStream(o), { worker, ...options });

// Warm-up: JIT, the worker's module, the list's code paths.
for (const worker of [false, true]) {
  await history(worker, { replies: 50, perReply: 100, deltaChars: 40 });
  await live(worker, { perSecond: 1000, seconds: 0.5, perReply: 200 });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const runs = { history: { page: [], worker: [] }, live: { page: [], worker: [] } };
for (let i = 0; i < REPEAT; i++) {
  for (const worker of i % 2 === 0 ? [false, true] : [true, false]) {
    const key = worker ? 'worker' : 'page';
    const h = await history(worker);
    runs.history[key].push(h);
    console.log(
      `history ${key}: ${(h.events / 1000).toFixed(0)}k events, ${(h.bytes / 1e6).toFixed(1)} MB: shown in ${ms(h.shown)}; longest task ${ms(h.longestTask)}, ${h.longTasks} long tasks (${ms(h.longTaskTime)}), longest busy stretch ${ms(h.longestGap)}`,
    );
    const l = await live(worker);
    runs.live[key].push(l);
    console.log(
      `live ${key}: ${l.events} events in ${ms(l.shown)}: longest busy stretch ${ms(l.longestGap)}, p99 ${ms(l.p99Gap)}, ${l.gapsOverFrame} over one frame; ${l.longTasks} long tasks`,
    );
  }
}

const summary = (list) => ({
  shown: median(list.map((r) => r.shown)),
  longestTask: median(list.map((r) => r.longestTask)),
  longTasks: median(list.map((r) => r.longTasks)),
  longestGap: median(list.map((r) => r.longestGap)),
  p99Gap: median(list.map((r) => r.p99Gap)),
  gapsOverFrame: median(list.map((r) => r.gapsOverFrame)),
});
const result = {
  history: { page: summary(runs.history.page), worker: summary(runs.history.worker) },
  live: { page: summary(runs.live.page), worker: summary(runs.live.worker) },
};
const targets = [
  {
    name: 'history, with the worker: longest main-thread task < 50 ms',
    value: result.history.worker.longestTask,
    limit: 50,
  },
  {
    name: 'live 1,000 events/s, with the worker: longest busy stretch < one frame',
    value: result.live.worker.longestGap,
    limit: FRAME,
  },
].map((t) => ({ ...t, pass: t.value < t.limit }));
console.log('');
for (const t of targets) console.log(`${t.pass ? 'PASS' : 'MISS'} ${t.name}: ${ms(t.value)}`);
const bytes = runs.history.page[0].bytes;
console.log(
  `\n${markdownTable(
    [
      'scene',
      'fold',
      'until shown',
      'longest task (≥ 50 ms)',
      'long tasks',
      'longest busy stretch',
      'p99 stretch',
    ],
    ['page', 'worker'].flatMap((key) => [
      [
        `open ${(HISTORY.replies * HISTORY.perReply).toLocaleString('en')} events (${(bytes / 1e6).toFixed(1)} MB)`,
        key === 'worker' ? 'worker' : 'main thread',
        ms(result.history[key].shown),
        ms(result.history[key].longestTask),
        String(result.history[key].longTasks),
        ms(result.history[key].longestGap),
        ms(result.history[key].p99Gap),
      ],
      [
        `${LIVE.perSecond.toLocaleString('en')} events/s for ${LIVE.seconds} s`,
        key === 'worker' ? 'worker' : 'main thread',
        ms(result.live[key].shown),
        ms(result.live[key].longestTask),
        String(result.live[key].longTasks),
        ms(result.live[key].longestGap),
        ms(result.live[key].p99Gap),
      ],
    ]),
  )}`,
);
mkdirSync(join(root, 'bench-results'), { recursive: true });
writeFileSync(
  join(root, 'bench-results/fold-worker.json'),
  JSON.stringify({ machine, history: HISTORY, live: LIVE, result, targets, runs }, null, 2),
);
if (bench.errors.length > 0) {
  console.log(bench.errors.map(String).join('\n'));
  process.exitCode = 1;
}
await bench.close();
