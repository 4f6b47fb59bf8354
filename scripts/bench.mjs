// `npm run bench [filter] [--flags]`: every benchmark, one after the other, each in its own Node
// process (with an explicit GC between runs) so they do not disturb each other:
// - test/bench/*.bench.ts: Node benchmarks of the built dist/ (the fold);
// - bench/*.bench.mjs: browser benchmarks in headless Chromium (streaming markdown, MessageList),
//   built from src/ with Vite in production mode.
// `filter` keeps the files whose name contains it (`npm run bench -- markdown`); flags after it go
// to the browser benchmarks (`npm run bench -- markdown --quick`).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = new URL('..', import.meta.url).pathname;
const args = process.argv.slice(2);
const only = args[0]?.startsWith('--') ? undefined : args[0];
const flags = args.filter((arg) => arg.startsWith('--'));
const select = (dir) =>
  readdirSync(join(root, dir))
    .filter((name) => /\.bench\.(ts|mjs)$/.test(name) && (!only || name.includes(only)))
    .sort();
const nodeBenches = select('test/bench');
const browserBenches = select('bench');

if (nodeBenches.length > 0) {
  // Node benchmarks measure the published build, not the sources through a loader.
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const env = { ...process.env, RAM_CORE_ENTRY: pathToFileURL(join(root, 'dist/core.js')).href };

for (const file of nodeBenches) {
  console.log(`\n=== ${file}`);
  const result = spawnSync(
    process.execPath,
    ['--expose-gc', '--max-old-space-size=8192', '--import', 'tsx', join('test/bench', file)],
    { cwd: root, stdio: 'inherit', env },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}

for (const file of browserBenches) {
  console.log(`\n=== ${file} (headless Chromium)`);
  const result = spawnSync(process.execPath, [join('bench', file), ...flags], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
