// `npm run fuzz`: the property tests that `npm test` runs a modest number of times, each with
// many more runs and no timeout (test/fuzz-runs.ts). `FUZZ_RUNS` sets how many (default 1,000);
// arguments pick files, as vitest's do: `npm run fuzz -- test/markdown`.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const runs = process.env.FUZZ_RUNS ?? '1000';
if (!/^[1-9]\d*$/.test(runs)) {
  console.error(`FUZZ_RUNS must be a positive whole number, not ${JSON.stringify(runs)}`);
  process.exit(1);
}

/** The test files that size their runs with `fuzzRuns`. */
function fuzzedFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return fuzzedFiles(path);
    if (!/\.test\.tsx?$/.test(entry.name)) return [];
    return readFileSync(path, 'utf8').includes('fuzz-runs.js') ? [relative(root, path)] : [];
  });
}

const picked = process.argv.slice(2);
const files = fuzzedFiles(join(root, 'test')).filter(
  (file) => picked.length === 0 || picked.some((filter) => file.includes(filter)),
);
if (files.length === 0) {
  console.error('No fuzzed test file matches.');
  process.exit(1);
}
console.log(`Fuzzing ${files.length} files with ${runs} runs per property.`);
const vitest = join(root, 'node_modules/.bin/vitest');
const result = spawnSync(vitest, ['run', ...files], {
  cwd: root,
  stdio: 'inherit',
  // Chromium's tests read it as VITE_FUZZ_RUNS: only that prefix reaches the page.
  env: { ...process.env, FUZZ_RUNS: runs, VITE_FUZZ_RUNS: runs },
});
process.exit(result.status ?? 1);
