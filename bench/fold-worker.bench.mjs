// `npm run bench -- fold-worker`: `useMessageStream` into <MessageList> with the fold in a Web
// Worker (`worker`) beside the same stream folded on the main thread, in one run:
// - opening a history of 100,000 events (≈ 15 MB of SSE, fetched): the main thread's longest
//   task until every reply is shown (target with the worker: under 50 ms);
// - 1,000 events per second for 5 s through a ReadableStream: the longest stretch the main thread
//   is busy (target with the worker: under one frame, 16.7 ms).
// The targets read a Chromium trace of each run: the longest task the renderer's main thread ran
// between the page's marks (any length, and what it spent its time on). Beside it, as the page
// sees it: PerformanceObserver('longtask') (≥ 50 ms) and a task loop that notes the gap between
// its turns. Prints the numbers, PASS/MISS per target and a Markdown table, and writes
// bench-results/fold-worker.json.
//
// Flags: --quick: 20,000 events of history and 2 s of live stream, one run each.
// --repeat=N: N runs of each (2 by default); --only=history or --only=live: one scene.
// --profile: instead, one run of each scene with the worker under the V8 sampling profiler.
// --allocations: instead, one run of each scene (or the --only one) with the worker under V8's
// sampling heap profiler: the bytes the page's main thread allocates per 1,000 events (garbage
// included), by module and allocation site. Unlike the timings it does not depend on the load.
/* global window -- callbacks passed to page.evaluate run in the page */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { openBenchPage, root } from './driver/browser.mjs';
import { withTaskTrace } from './driver/long-tasks.mjs';
import { reportAllocations, sampleAllocations } from './driver/allocations.mjs';
import { reportProfile } from './driver/profile.mjs';
import { markdownTable, ms } from './driver/stats.mjs';

const quick = process.argv.includes('--quick');
const flag = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const REPEAT = Number(flag('repeat') ?? (quick ? 1 : 2));
const ONLY = flag('only');
const HISTORY = { replies: quick ? 200 : 1000, perReply: 100, deltaChars: 4 };
const LIVE = { perSecond: 1000, seconds: quick ? 2 : 5, perReply: 200 };
const FRAME = 1000 / 60;

const bench = await openBenchPage();
const { browser, page, machine } = bench;
console.log(
  `machine: ${machine.nproc} cores (${machine.cpu}), ${machine.chromium} headless, Node ${machine.node}, React ${machine.react}` +
    (machine.crossOriginIsolated ? '' : ' (NOT cross-origin isolated: timers are coarse)'),
);
const history = (worker, options = HISTORY) =>
  withTaskTrace(browser, page, 'fold-bench', () =>
    page.evaluate((o) => window.ramBench.openHistory(o), { worker, ...options }),
  );
const live = (worker, options = LIVE) =>
  withTaskTrace(browser, page, 'fold-bench', () =>
    page.evaluate((o) => window.ramBench.liveStream(o), { worker, ...options }),
  );
const breakdown = (trace) =>
  Object.entries(trace.longestBreakdown)
    .slice(0, 5)
    .map(([name, value]) => `${name} ${value} ms`)
    .join(', ');

// Warm-up: JIT, the worker's module, the list's code paths.
for (const worker of [false, true]) {
  await history(worker, { replies: 50, perReply: 100, deltaChars: 40 });
  await live(worker, { perSecond: 1000, seconds: 0.5, perReply: 200 });
}

if (process.argv.includes('--allocations')) {
  for (const scene of ONLY === undefined ? ['history', 'live'] : [ONLY]) {
    const { profile, result } = await sampleAllocations(page, () =>
      page.evaluate(
        (o) => window.ramBench[o.scene === 'history' ? 'openHistory' : 'liveStream'](o),
        { scene, worker: true, ...(scene === 'history' ? HISTORY : LIVE) },
      ),
    );
    reportAllocations(profile, `${scene} with the worker`, result.events);
  }
  await bench.close();
  process.exit(0);
}

if (process.argv.includes('--profile')) {
  const session = await page.context().newCDPSession(page);
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 200 });
  for (const scene of ONLY === undefined ? ['history', 'live'] : [ONLY]) {
    await session.send('Profiler.start');
    const r = scene === 'history' ? await history(true) : await live(true);
    const { profile } = await session.send('Profiler.stop');
    reportProfile(profile, `${scene} with the worker, longest task ${ms(r.trace.longestTask)}`, 1);
    if (r.trace.longestSpan !== null)
      reportProfile(
        profile,
        `${scene} with the worker, inside the longest task`,
        1,
        r.trace.longestSpan,
      );
    if (r.trace.longestCpuSpan !== null)
      reportProfile(
        profile,
        `${scene} with the worker, inside the task with the most CPU time (${ms(r.trace.longestCpu)})`,
        1,
        r.trace.longestCpuSpan,
      );
    if (r.trace.busySpans.length > 0)
      reportProfile(
        profile,
        `${scene} with the worker, inside the ${r.trace.busySpans.length} tasks over half a frame of CPU time`,
        r.trace.busySpans.length,
        r.trace.busySpans,
      );
  }
  await bench.close();
  process.exit(0);
}

const scenes = ONLY === undefined ? ['history', 'live'] : [ONLY];
const runs = { history: { page: [], worker: [] }, live: { page: [], worker: [] } };
for (let i = 0; i < REPEAT; i++) {
  for (const worker of i % 2 === 0 ? [false, true] : [true, false]) {
    const key = worker ? 'worker' : 'page';
    if (scenes.includes('history')) {
      const h = await history(worker);
      runs.history[key].push(h);
      console.log(
        `history ${key}: ${(h.events / 1000).toFixed(0)}k events, ${(h.bytes / 1e6).toFixed(1)} MB: shown in ${ms(h.shown)}; longest task ${ms(h.trace.longestTask)} (${breakdown(h.trace)}), ${h.trace.overFrame} over one frame, ${h.trace.over50} over 50 ms; observer: ${h.longTasks} long tasks, longest ${ms(h.longestTask)}; longest loop gap ${ms(h.longestGap)}`,
      );
    }
    if (scenes.includes('live')) {
      const l = await live(worker);
      runs.live[key].push(l);
      console.log(
        `live ${key}: ${l.events} events in ${ms(l.shown)}: longest task ${ms(l.trace.longestTask)} (${ms(l.trace.longestTaskCpu)} of it on the CPU; ${breakdown(l.trace)}), ${l.trace.overFrame} of ${l.trace.tasks} over one frame; most CPU in one task ${ms(l.trace.longestCpu)}, ${l.trace.cpuOverFrame} tasks over one frame of CPU; load ${loadavg()[0].toFixed(1)}; observer: ${l.longTasks} long tasks; longest loop gap ${ms(l.longestGap)}`,
      );
    }
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const range = (values) =>
  values.length === 0
    ? '–'
    : Math.min(...values) === Math.max(...values)
      ? ms(values[0])
      : `${ms(Math.min(...values))} to ${ms(Math.max(...values))}`;
const summary = (list) =>
  list.length === 0
    ? null
    : {
        shown: median(list.map((r) => r.shown)),
        longestTask: Math.max(...list.map((r) => r.trace.longestTask)),
        longestTasks: list.map((r) => r.trace.longestTask),
        longestCpu: Math.max(...list.map((r) => r.trace.longestCpu)),
        overFrame: median(list.map((r) => r.trace.overFrame)),
        over50: median(list.map((r) => r.trace.over50)),
        observerLongest: median(list.map((r) => r.longestTask)),
        longestGap: median(list.map((r) => r.longestGap)),
      };
const result = Object.fromEntries(
  scenes.map((scene) => [
    scene,
    { page: summary(runs[scene].page), worker: summary(runs[scene].worker) },
  ]),
);
const targets = [
  {
    scene: 'history',
    name: 'history, with the worker: longest main-thread task < 50 ms',
    limit: 50,
  },
  {
    scene: 'live',
    name: 'live 1,000 events/s, with the worker: longest main-thread task < one frame',
    limit: FRAME,
  },
]
  .filter((t) => scenes.includes(t.scene))
  .map((t) => {
    const value = result[t.scene].worker.longestTask;
    return { ...t, value, pass: value < t.limit };
  });
console.log('');
for (const t of targets)
  console.log(
    `${t.pass ? 'PASS' : 'MISS'} ${t.name}: ${ms(t.value)} (worst of ${REPEAT}; most CPU time in one task ${ms(result[t.scene].worker.longestCpu)}; load ${loadavg()[0].toFixed(1)})`,
  );
const label = {
  history: () =>
    `open ${(HISTORY.replies * HISTORY.perReply).toLocaleString('en')} events (${(runs.history.page[0].bytes / 1e6).toFixed(1)} MB)`,
  live: () => `${LIVE.perSecond.toLocaleString('en')} events/s for ${LIVE.seconds} s`,
};
console.log(
  `\n${markdownTable(
    [
      'scene',
      'fold',
      'until shown',
      'longest main-thread task (trace)',
      'tasks over one frame',
      'tasks ≥ 50 ms',
      'most CPU time in one task',
    ],
    scenes.flatMap((scene) =>
      ['page', 'worker'].map((key) => [
        label[scene](),
        key === 'worker' ? 'worker' : 'main thread',
        ms(result[scene][key].shown),
        range(result[scene][key].longestTasks),
        String(result[scene][key].overFrame),
        String(result[scene][key].over50),
        ms(result[scene][key].longestCpu),
      ]),
    ),
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
