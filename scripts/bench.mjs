// `npm run bench`: every benchmark in test/bench/, one after the other, each in its own Node
// process (with an explicit GC between runs) so they do not disturb each other.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = new URL('..', import.meta.url).pathname;
const only = process.argv[2];
const files = readdirSync(join(root, 'test/bench'))
  .filter((name) => name.endsWith('.bench.ts') && (!only || name.includes(only)))
  .sort();

// Benchmarks measure the published build, not the sources through a loader.
const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const env = { ...process.env, RAM_CORE_ENTRY: pathToFileURL(join(root, 'dist/core.js')).href };

for (const file of files) {
  console.log(`\n=== ${file}`);
  const result = spawnSync(
    process.execPath,
    ['--expose-gc', '--max-old-space-size=8192', '--import', 'tsx', join('test/bench', file)],
    { cwd: root, stdio: 'inherit', env },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}
