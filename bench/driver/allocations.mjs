// `--allocations`: what the page's main thread allocates, from V8's sampling heap profiler (CDP
// `HeapProfiler.startSampling`, with the objects collected by either GC kept in the profile, so it
// counts every byte allocated, not only what survives). Unlike wall-clock time, it does not change
// with the machine's load. Bytes are attributed to the nearest frame with a source module; those
// in bench/ (the harness writing the stream) are counted apart.
import { moduleOf } from './profile.mjs';

/** Samples one byte in `SAMPLING_INTERVAL` on average: small, so totals are close to exact. */
const SAMPLING_INTERVAL = 512;

/** Runs `run()` under the sampling heap profiler of `page`'s main thread; returns the profile. */
export async function sampleAllocations(page, run) {
  const session = await page.context().newCDPSession(page);
  await session.send('HeapProfiler.enable');
  await session.send('HeapProfiler.collectGarbage');
  await session.send('HeapProfiler.startSampling', {
    samplingInterval: SAMPLING_INTERVAL,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  const result = await run();
  const { profile } = await session.send('HeapProfiler.stopSampling');
  await session.send('HeapProfiler.disable');
  await session.detach();
  return { profile, result };
}

const label = (frame, module) =>
  `${frame.callFrame.functionName || '(anonymous)'}  [${module}:${frame.callFrame.lineNumber + 1}]`;

/** Prints bytes per 1,000 `events` by module and allocation site, and our code's inclusive bytes. */
export function reportAllocations(profile, title, events) {
  const bySelf = new Map();
  const byModule = new Map();
  const inclusive = new Map();
  let total = 0;
  let harness = 0;
  const add = (map, key, bytes) => map.set(key, (map.get(key) ?? 0) + bytes);
  const walk = (node, stack) => {
    const module = node.callFrame.url ? moduleOf(node.callFrame) : null;
    const path = module === null ? stack : [...stack, { node, module }];
    if (node.selfSize > 0) {
      const site = path.at(-1);
      if (site?.module.startsWith('bench/')) harness += node.selfSize;
      else {
        total += node.selfSize;
        const key = site ? label(site.node, site.module) : `(${node.callFrame.functionName})`;
        add(bySelf, key, node.selfSize);
        add(byModule, site?.module ?? '(native)', node.selfSize);
        const seen = new Set();
        for (const { node: n, module: m } of path) {
          if (!m.startsWith('src/')) continue;
          const k = label(n, m);
          if (!seen.has(k)) add(inclusive, k, node.selfSize);
          seen.add(k);
        }
      }
    }
    for (const child of node.children) walk(child, path);
  };
  walk(profile.head, []);
  const per = (bytes) => (bytes / events) * 1000;
  const kb = (bytes) => `${(per(bytes) / 1024).toFixed(1).padStart(8)} KB`;
  const top = (map, count) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(
        ([key, bytes]) =>
          `${kb(bytes)} ${((bytes / total) * 100).toFixed(1).padStart(5)} %  ${key}`,
      )
      .join('\n');
  console.log(
    `\n=== allocations on the main thread, ${title}: ${(per(total) / 1024).toFixed(0)} KB per 1,000 events (${(total / 1e6).toFixed(1)} MB for ${events} events; the harness writing the stream: ${(per(harness) / 1024).toFixed(0)} KB per 1,000 more)`,
  );
  console.log(`per 1,000 events, by module:\n${top(byModule, 20)}`);
  console.log(`by allocation site (nearest function with a source):\n${top(bySelf, 30)}`);
  console.log(`inclusive (our code):\n${top(inclusive, 30)}`);
  return { bytesPer1000: per(total), harnessPer1000: per(harness) };
}
