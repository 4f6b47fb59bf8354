// The page's main-thread tasks from a Chromium trace: every task the renderer's main thread ran
// (`RunTask`, category `toplevel`) between two User Timing marks the page sets, whatever its
// length. PerformanceObserver('longtask') only reports tasks of 50 ms or more and a task loop in
// the page only sees the gaps between its own turns; the trace sees each task and what it did.

/** Categories: the tasks themselves, what runs inside them, and the page's marks. */
const CATEGORIES = ['toplevel', 'devtools.timeline', 'blink.user_timing'];

/**
 * What counts as a task: the scheduler's tasks, and the microtask checkpoints it runs outside of
 * one (a fetched stream's reads resolve there: a fold on the page spends most of its time in them).
 */
const TASKS = new Set([
  'RunTask',
  'ThreadControllerImpl::RunTask',
  'BlinkScheduler_PerformMicrotaskCheckpoint',
]);

/** Trace events inside a task that say what it spent its time on. */
const CHILDREN = new Set([
  'FunctionCall',
  'EvaluateScript',
  'TimerFire',
  'FireAnimationFrame',
  'EventDispatch',
  'RunMicrotasks',
  'V8.RunMicrotasks',
  'UpdateLayoutTree',
  'Layout',
  'Paint',
  'PrePaint',
  'Layerize',
  'HitTest',
  'ParseHTML',
  'MajorGC',
  'MinorGC',
  'BlinkGC.AtomicPhase',
]);

/**
 * Runs `run()` under a trace and returns its result with `trace`: the longest task between the
 * page's marks `${mark}:start` and `${mark}:end`, the count of tasks over one frame and over
 * 50 ms, and what the longest task spent its time on (self time of each kind of child event).
 */
let dumps = 0;

export async function withTaskTrace(browser, page, mark, run) {
  await browser.startTracing(page, { categories: CATEGORIES });
  let result;
  try {
    result = await run();
  } finally {
    const buffer = await browser.stopTracing();
    const { traceEvents } = JSON.parse(buffer.toString('utf8'));
    if (process.env.TRACE_DUMP)
      (await import('node:fs')).writeFileSync(`${process.env.TRACE_DUMP}.${dumps++}`, buffer);
    result = { ...result, trace: longTasks(traceEvents, mark) };
  }
  return result;
}

function longTasks(events, mark) {
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const onMain = (e) => main === undefined || (e.pid === main.pid && e.tid === main.tid);
  const start = events.find((e) => e.name === `${mark}:start`)?.ts ?? -Infinity;
  const end = events.find((e) => e.name === `${mark}:end`)?.ts ?? Infinity;
  const tasks = events
    .filter(
      (e) =>
        e.ph === 'X' &&
        (TASKS.has(e.name) || e.cat === 'toplevel') &&
        onMain(e) &&
        e.ts + (e.dur ?? 0) >= start &&
        e.ts <= end,
    )
    .sort((a, b) => a.ts - b.ts);
  // Nested events (a task's own checkpoint, a task posted inside another) count once, as the outer.
  const outer = [];
  for (const task of tasks) {
    const last = outer.at(-1);
    if (last !== undefined && task.ts < last.ts + last.dur) continue;
    outer.push(task);
  }
  const durations = outer.map((t) => (t.dur ?? 0) / 1000);
  const longest = outer.reduce((a, b) => ((b.dur ?? 0) > (a?.dur ?? -1) ? b : a), undefined);
  // Thread time (`tdur`): what a task ran on the CPU. On a loaded machine the scheduler takes
  // the thread away mid-task, so a task's wall time can be many times its own work.
  // Never more than the wall time: in a VM some tasks' thread clocks read many times their
  // length (39 ms of CPU for a task of 0.9 ms, seen here), which once made "most CPU in one task"
  // a task that never ran long.
  const cpu = (t) => Math.min(t?.tdur ?? 0, t?.dur ?? 0) / 1000;
  const busiest = outer.reduce((a, b) => (cpu(b) > cpu(a) ? b : a), outer[0]);
  return {
    tasks: outer.length,
    longestTask: durations.reduce((a, b) => Math.max(a, b), 0),
    overFrame: durations.filter((d) => d > 1000 / 60).length,
    over50: durations.filter((d) => d >= 50).length,
    busy: durations.reduce((sum, d) => sum + d, 0),
    longestBreakdown: longest === undefined ? {} : breakdown(events, longest, onMain),
    longestSpan: longest === undefined ? null : [longest.ts, longest.ts + longest.dur],
    longestTaskCpu: cpu(longest),
    longestCpu: cpu(busiest),
    cpuOverFrame: outer.filter((t) => cpu(t) > 1000 / 60).length,
    longestCpuBreakdown: busiest === undefined ? {} : breakdown(events, busiest, onMain),
    longestCpuSpan: busiest === undefined ? null : [busiest.ts, busiest.ts + busiest.dur],
    // Tasks that ran over half a frame on the CPU, for a profile of what they have in common.
    busySpans: outer.filter((t) => cpu(t) > 1000 / 120).map((t) => [t.ts, t.ts + t.dur]),
  };
}

/** Self time (ms) of each kind of child event inside `task`. */
function breakdown(events, task, onMain) {
  const from = task.ts;
  const to = task.ts + task.dur;
  const inside = events
    .filter(
      (e) =>
        e.ph === 'X' && CHILDREN.has(e.name) && onMain(e) && e.ts >= from && e.ts + e.dur <= to,
    )
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const self = new Map();
  const stack = [];
  const key = (event) => {
    const data = event.args?.data;
    const name = data?.functionName || data?.type;
    return name ? `${event.name} ${name}` : event.name;
  };
  for (const event of inside) {
    while (stack.length > 0 && event.ts >= stack.at(-1).ts + stack.at(-1).dur) stack.pop();
    const parent = stack.at(-1);
    if (parent !== undefined) self.set(key(parent), (self.get(key(parent)) ?? 0) - event.dur);
    self.set(key(event), (self.get(key(event)) ?? 0) + event.dur);
    stack.push(event);
  }
  return Object.fromEntries(
    [...self]
      .map(([name, us]) => [name, Math.round(us / 100) / 10])
      .filter(([, value]) => value >= 0.5)
      .sort((a, b) => b[1] - a[1]),
  );
}
