// `npm test`: the one test command, locally and in CI. Each step runs in order and the first
// failure stops the run with a non-zero exit.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { CHROMIUM_PATH } from './chromium.mjs';

const root = new URL('..', import.meta.url).pathname;
const bin = (name) => join(root, 'node_modules/.bin', name);
const chromium = CHROMIUM_PATH;

function run(title, command, args, options = {}) {
  const started = Date.now();
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`✖ ${title} failed after ${seconds} s`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${title} (${seconds} s)`);
}

// Browser tests drive Debian's Chromium, never a downloaded browser.
if (!existsSync(chromium)) {
  const install = 'apt-get update && apt-get install -y chromium';
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    run('install Debian chromium', 'sh', ['-c', `${install} >/dev/null`], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } else {
    console.error(`Chromium is missing at ${chromium}. Install it with:\n  sudo ${install}`);
    process.exit(1);
  }
}

// The resume tests run two demo servers on Debian's redis-server (test/demo-server/redis-server.ts
// installs it too, for a test run on its own).
const redisServer = process.env.REDIS_SERVER ?? '/usr/bin/redis-server';
if (!existsSync(redisServer)) {
  const install = 'apt-get update && apt-get install -y redis-server';
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    run('install Debian redis-server', 'sh', ['-c', `${install} >/dev/null`], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } else {
    console.error(`redis-server is missing at ${redisServer}. Install it with:\n  sudo ${install}`);
    process.exit(1);
  }
}

run('typecheck', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']);
run('typecheck core without DOM or Node types', bin('tsc'), [
  '-p',
  'tsconfig.core.json',
  '--noEmit',
]);
run('lint', bin('eslint'), ['.', '--max-warnings', '0']);
run('format', bin('prettier'), ['--check', '.', '--log-level', 'warn']);

const report = join(root, 'node_modules/.cache/vitest-report.json');
rmSync(report, { force: true });
run('tests: core (Node), browser and stories (Chromium)', bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
]);

run('build', process.execPath, ['scripts/build.mjs']);
run('size budgets', bin('size-limit'), []);
run('package exports (publint)', bin('publint'), ['--strict']);
run('package types (attw)', bin('attw'), [
  '--pack',
  '.',
  '--profile',
  'esm-only',
  '--exclude-entrypoints',
  'styles.css',
  'themes/shadcn.css',
]);
run('public API matches api/*.api.md', process.execPath, ['scripts/api-report.mjs']);
run(
  "the docs compile: README's and docs/' ts/tsx blocks against the packed tarball",
  process.execPath,
  ['scripts/docs-check.mjs'],
);
run(
  'docs site: API pages, VitePress (dead links fail it), Storybook embeds, anchors',
  process.execPath,
  ['scripts/docs-build.mjs'],
);
run('consumer app: the packed tarball with React 18 and 19', process.execPath, [
  'scripts/consumer-check.mjs',
]);
run(
  'consumer app: what a Vite build emits (highlighting ≤ 2 MB, no WebAssembly)',
  process.execPath,
  ['scripts/consumer-vite.mjs'],
);
run('consumer app: a Next.js server component renders and hydrates', process.execPath, [
  'scripts/consumer-rsc.mjs',
]);
run(
  "consumer app: the README's AI SDK and AG-UI first screens chat in Chromium (streamText, Mastra)",
  process.execPath,
  ['scripts/consumer-chat.mjs'],
);
run(
  'code metrics (block imports, cycles, file lengths, root entry names, JSDoc)',
  process.execPath,
  ['scripts/code-metrics.mjs', '--check'],
);

const { numPassedTests = 0, numFailedTests = 0 } = JSON.parse(readFileSync(report, 'utf8'));
console.log(`\ntests: ${numPassedTests} passed, ${numFailedTests} failed`);
