// `--profile`: where our variant's time goes. Two passes:
// 1. a Chromium trace (devtools.timeline) of the first 10,000 characters for ours, streamdown and
//    the floor: time in style recalculation, layout, paint and script on the renderer's main thread;
// 2. the whole stream of our variant (single message, then in <MessageList> when it exists) under
//    the V8 sampling profiler (CDP `Profiler`), self time by category, module and function, and
//    inclusive time of functions. The unminified bundle keeps `// <module path>` comments, which
//    map a chunk line back to its module.
/* global window -- callbacks passed to page.evaluate run in the page */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pageOutDir } from './browser.mjs';

/* -------------------------------------------------------------------------------------------------
 * Mapping samples to modules and categories
 * -----------------------------------------------------------------------------------------------*/

const regionCache = new Map();

/** For a chunk URL, the module of each line. */
function regions(url) {
  let lines = regionCache.get(url);
  if (lines === undefined) {
    lines = [];
    try {
      const path = join(pageOutDir, new URL(url).pathname);
      let current = '(chunk)';
      for (const line of readFileSync(path, 'utf8').split('\n')) {
        const match = /^\/\/ (\S+\.[cm]?[jt]sx?)$/.exec(line);
        if (match) current = match[1].replace(/^\0/, '');
        lines.push(current);
      }
    } catch {
      // Not one of our chunks.
    }
    regionCache.set(url, lines);
  }
  return lines;
}

/** The source module of a profile's call frame (a chunk line mapped back), or `(native)`. */
export function moduleOf(frame) {
  if (!frame.url) return `(${frame.functionName || 'native'})`;
  return regions(frame.url)[frame.lineNumber] ?? '(chunk)';
}

const PARSE_PACKAGES =
  /node_modules\/(micromark[^/]*|mdast-[^/]*|remark-[^/]*|rehype-[^/]*|hast-[^/]*|unist-[^/]*|unified|vfile[^/]*|remend|react-markdown|property-information|html-url-attributes|devlop|trim-lines|decode-named-character-reference|character-entities[^/]*|zwitch|bail|trough|is-plain-obj|ccount|longest-streak|markdown-table|escape-string-regexp|comma-separated-tokens|space-separated-tokens|style-to-[^/]*|inline-style-parser|estree-[^/]*)\//;

function categoryOf(module, functionName) {
  if (module === 'bench/page/main.tsx' && functionName === 'measure')
    return 'forced style + layout (read after the commit)';
  if (PARSE_PACKAGES.test(module))
    return 'markdown: remend, micromark, mdast, hast, react-markdown';
  if (/node_modules\/(react|react-dom|scheduler)\//.test(module))
    return 'React (reconcile, commit)';
  if (module.startsWith('node_modules/@tanstack/')) return '@tanstack/react-virtual';
  if (module.startsWith('src/components/blocks/text/')) return 'src/components/blocks/text';
  if (module.startsWith('src/markdown/')) return 'src/markdown (engine)';
  if (module.startsWith('src/components/message-list/')) return 'src/components/message-list';
  if (module === 'src/components/labels.ts' || module === 'src/core/model/time.ts')
    return 'labels and times (message header)';
  if (module.startsWith('src/components/message/')) return 'src/components/message';
  if (module.startsWith('src/core/')) return 'src/core (fold)';
  if (module.startsWith('src/')) return 'src/ (other)';
  if (module.startsWith('bench/')) return 'benchmark harness';
  if (module === '((garbage collector))') return 'GC';
  return `other: ${module}`;
}

/* -------------------------------------------------------------------------------------------------
 * CPU profile
 * -----------------------------------------------------------------------------------------------*/

/** True when `at` falls in `window`: one [from, to] span, or a list of them. */
function inside(window, at) {
  const spans = Array.isArray(window[0]) ? window : [window];
  return spans.some(([from, to]) => at >= from && at <= to);
}

export function reportProfile(profile, title, updates, window = undefined) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const deltas = profile.timeDeltas;
  const add = (map, key, time) => map.set(key, (map.get(key) ?? 0) + time);
  const byCategory = new Map();
  const byModule = new Map();
  const byFunction = new Map();
  const inclusive = new Map();
  let total = 0;
  const keyOf = (frame, module) =>
    `${frame.functionName || '(anonymous)'}  [${module}:${frame.lineNumber + 1}]`;
  let at = profile.startTime;
  profile.samples.forEach((id, index) => {
    at += deltas[index] ?? 0;
    // Only the samples inside `window` ([from, to] in µs of the trace clock), when given.
    if (window !== undefined && !inside(window, at)) return;
    const time = (deltas[index + 1] ?? 0) / 1000;
    const frame = byId.get(id).callFrame;
    if (frame.functionName === '(idle)' || frame.functionName === '(program)') return;
    total += time;
    const module = moduleOf(frame);
    add(byCategory, categoryOf(module, frame.functionName), time);
    add(byModule, module, time);
    add(byFunction, keyOf(frame, module), time);
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const f = byId.get(at).callFrame;
      const m = moduleOf(f);
      if (
        !m.startsWith('src/') &&
        !/react-markdown|remend|micromark\/lib\/parse|mdast-util-from-markdown|remark-rehype|hast-util-to-jsx-runtime|unified/.test(
          m,
        )
      )
        continue;
      const key = keyOf(f, m);
      if (seen.has(key)) continue;
      seen.add(key);
      add(inclusive, key, time);
    }
  });
  const top = (map, count) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(
        ([key, time]) =>
          `  ${time.toFixed(0).padStart(6)} ms ${((time / total) * 100).toFixed(1).padStart(5)} % ${((time / updates) * 1000).toFixed(0).padStart(5)} µs/update  ${key}`,
      )
      .join('\n');
  console.log(`\n=== CPU profile, ${title}; ${total.toFixed(0)} ms busy`);
  console.log(`self time by category:\n${top(byCategory, 20)}`);
  console.log(`self time by module:\n${top(byModule, 25)}`);
  console.log(`self time by function:\n${top(byFunction, 35)}`);
  console.log(`inclusive time (our code and the markdown entry points):\n${top(inclusive, 40)}`);
}

/* -------------------------------------------------------------------------------------------------
 * Trace: style, layout, paint
 * -----------------------------------------------------------------------------------------------*/

const TRACE_EVENTS = [
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Layerize',
  'FunctionCall',
  'RunMicrotasks',
  'MajorGC',
  'MinorGC',
  'V8.GC_SCAVENGER',
];

async function traceVariants(browser, page, updateSize) {
  const limit = 10_000;
  console.log(`\n=== Chromium trace, first ${limit} characters, ms on the renderer main thread`);
  const rows = [];
  for (const variant of ['ours', 'block', 'streamdown', 'floor']) {
    await browser.startTracing(page, {
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8'],
    });
    const result = await page.evaluate((o) => window.ramBench.stream(o), {
      variant,
      scene: 'single',
      salt: 8,
      updateSize,
      limit,
    });
    const buffer = await browser.stopTracing();
    const { traceEvents } = JSON.parse(buffer.toString('utf8'));
    const mainThread = traceEvents.find(
      (event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain',
    );
    const sums = Object.fromEntries(TRACE_EVENTS.map((name) => [name, 0]));
    const counts = Object.fromEntries(TRACE_EVENTS.map((name) => [name, 0]));
    for (const event of traceEvents) {
      if (event.ph !== 'X' || !(event.name in sums)) continue;
      if (mainThread && (event.pid !== mainThread.pid || event.tid !== mainThread.tid)) continue;
      sums[event.name] += (event.dur ?? 0) / 1000;
      counts[event.name] += 1;
    }
    const sorted = (values) => [...values].sort((a, b) => a - b);
    rows.push({
      variant,
      updates: result.updates,
      sums,
      counts,
      commit: sorted(result.commit)[result.updates >> 1],
      commitLayout: sorted(result.commitLayout)[result.updates >> 1],
    });
  }
  console.log('  (block: our <TextBlockView> alone, without <Message> around it)');
  console.log(
    `  ${'median commit'.padEnd(18)}${rows.map((r) => `${(r.commit * 1000).toFixed(0)} µs`.padStart(26)).join('')}`,
  );
  console.log(
    `  ${'median commit+lay.'.padEnd(18)}${rows.map((r) => `${(r.commitLayout * 1000).toFixed(0)} µs`.padStart(26)).join('')}`,
  );
  console.log(
    `  ${'event'.padEnd(18)}${rows.map((r) => `${r.variant} (${r.updates} updates)`.padStart(26)).join('')}`,
  );
  for (const name of TRACE_EVENTS) {
    console.log(
      `  ${name.padEnd(18)}${rows
        .map((r) =>
          `${r.sums[name].toFixed(0)} ms / ${r.counts[name]} = ${((r.sums[name] / Math.max(1, r.counts[name])) * 1000).toFixed(0)} µs`.padStart(
            26,
          ),
        )
        .join('')}`,
    );
  }
}

/* -------------------------------------------------------------------------------------------------
 * profileOurs
 * -----------------------------------------------------------------------------------------------*/

/** Prints where our variant's time goes (see the header). */
export async function profileOurs(browser, page, { updateSize, list, document }) {
  await page.evaluate(() => window.ramBench.warmUp(['ours', 'block', 'streamdown', 'floor']));
  await traceVariants(browser, page, updateSize);
  const session = await page.context().newCDPSession(page);
  await session.send('Profiler.enable');
  await session.send('Profiler.setSamplingInterval', { interval: 100 });
  for (const scene of list ? ['single', 'list'] : ['single']) {
    await session.send('Profiler.start');
    const result = await page.evaluate((o) => window.ramBench.stream(o), {
      variant: 'ours',
      scene,
      salt: 9,
      updateSize,
      historySize: 200,
      document,
    });
    const { profile } = await session.send('Profiler.stop');
    const measured = result.commitLayout.reduce((sum, value) => sum + value, 0);
    reportProfile(
      profile,
      `ours, ${scene === 'list' ? 'last of 200 in <MessageList>' : 'single message'}: ${result.updates} updates, commit+layout ${measured.toFixed(0)} ms (with the profiler on)`,
      result.updates,
    );
  }
  await session.detach();
}
