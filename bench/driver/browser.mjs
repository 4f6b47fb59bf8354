// The browser side of `npm run bench`: builds bench/page with Vite in production mode (React's
// production build), serves it on 127.0.0.1 with cross-origin isolation (so performance.now()
// has 5 µs resolution instead of 100 µs), and opens it in Debian's Chromium through
// playwright-core. Never downloads a browser.
/* global window -- callbacks passed to page.evaluate run in the page */
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { cpus } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';
import { build } from 'vite';

export const root = new URL('../..', import.meta.url).pathname;
const outDir = join(root, 'node_modules/.cache/ram-bench-page');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
};

/** Builds the page: production mode, unminified (names stay readable in CPU profiles). */
async function buildPage() {
  await build({
    configFile: false,
    root: join(root, 'bench/page'),
    base: './',
    mode: 'production',
    logLevel: 'error',
    oxc: { jsx: { runtime: 'automatic' } },
    build: {
      outDir,
      emptyOutDir: true,
      minify: false,
      sourcemap: false,
      target: 'es2022',
      reportCompressedSize: false,
      chunkSizeWarningLimit: 100_000,
    },
  });
}

function serve() {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
    const file = join(outDir, path === '/' ? 'index.html' : path);
    try {
      if (!file.startsWith(outDir) || !statSync(file).isFile()) throw new Error('not found');
      response.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-embedder-policy': 'require-corp',
        'cache-control': 'no-store',
      });
      response.end(readFileSync(file));
    } catch {
      response.writeHead(404).end();
    }
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}

/** Builds, serves and opens the page; returns the page, machine info and a `close()`. */
export async function openBenchPage() {
  const started = performance.now();
  await buildPage();
  console.log(`built the page in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const server = await serve();
  const { port } = server.address();
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    // Precise memory info: performance.memory is otherwise bucketed and cached.
    args: [...CHROMIUM_ARGS, '--js-flags=--expose-gc', '--enable-precise-memory-info'],
  });
  const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
  const errors = [];
  page.on('pageerror', (error) => errors.push(error));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      console.log(`  [page ${message.type()}] ${message.text()}`);
  });
  await page.goto(`http://127.0.0.1:${port}/`);
  await page.waitForFunction(() => 'ramBench' in window);
  const isolated = await page.evaluate(() => globalThis.crossOriginIsolated);
  const react = await page.evaluate(() => window.ramBench.react);
  const machine = {
    nproc: Number(execFileSync('nproc').toString().trim()),
    cpu: cpus()[0]?.model ?? 'unknown',
    chromium: browser.version(),
    node: process.version,
    react,
    crossOriginIsolated: isolated,
    versions: Object.fromEntries(
      [
        'react-markdown',
        'remark-gfm',
        'streamdown',
        '@tanstack/markdown',
        'shiki',
        'vite',
        'playwright-core',
      ].map((name) => [name, packageVersion(name)]),
    ),
  };
  return {
    browser,
    page,
    machine,
    errors,
    async close() {
      await browser.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

function packageVersion(name) {
  return JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')).version;
}

/** Where the built chunks are, for mapping profile locations back to source modules. */
export const pageOutDir = outDir;
