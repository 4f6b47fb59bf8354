// What a Vite app emits because of this package. Packs the tarball, builds a minimal Vite app (a
// <MessageList> of a conversation with a TypeScript fence) in a fresh folder outside the
// repository, and lists every emitted file. Files the entry does not load statically are lazy:
// the markdown engine (one chunk, which must hold all of it: none of it may load at once) and
// syntax highlighting, whose files' sum is what highlighting can emit. Then it serves the build and opens it in Chromium: the fence must get its colours,
// and the files that took are listed. Fails when WebAssembly or the Oniguruma engine is emitted,
// when highlighting emits more than its budget or a chunk Vite warns about (over 500 kB), or
// when the built page does not highlight or logs an error. Needs dist/ (npm run build).
// `--keep` leaves the app folder in place, to look at.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';

// Sizes in kB of 1,000 bytes, as Vite prints them.
const HIGHLIGHT_BUDGET = 2_000_000;
const CHUNK_WARNING_LIMIT = 500_000;
const APP_LABEL = 'app, React, react-agent-messages';
const WASM_LABEL = 'Oniguruma engine (WASM)';
const ENGINE_LABEL = 'markdown engine';

const root = new URL('..', import.meta.url).pathname;
const viteVersion = JSON.parse(
  readFileSync(join(root, 'node_modules/vite/package.json'), 'utf8'),
).version;

if (!existsSync(join(root, 'dist/index.js'))) {
  console.error('dist/ is missing: run `npm run build` first');
  process.exit(1);
}

const MAIN = `
import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';
import { MessageList, assistantMsg, userMsg } from 'react-agent-messages';
import 'react-agent-messages/styles.css';

const fence = '\\u0060\\u0060\\u0060';
const messages = [
  userMsg('How do I sum a list?'),
  assistantMsg(\`Like this:\\n\\n\${fence}ts\\nconst sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);\\n\${fence}\\n\`),
];
createRoot(document.getElementById('root')).render(h(MessageList, { messages }));
`;

// An empty icon: no favicon request, so any failed request in the check is the package's.
const HTML = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><link rel="icon" href="data:," /><title>consumer</title></head>
  <body><div id="root"></div><script type="module" src="/main.js"></script></body>
</html>
`;

// Records, per emitted file, its modules and static imports, so that the lazy files can be
// told apart from the ones the page loads at once.
const VITE_CONFIG = `
import { writeFileSync } from 'node:fs';
export default {
  logLevel: 'info',
  plugins: [{
    name: 'emitted-files',
    generateBundle(_options, bundle) {
      const files = Object.values(bundle).map((file) => ({
        fileName: file.fileName,
        isEntry: file.type === 'chunk' && file.isEntry,
        imports: file.type === 'chunk' ? file.imports : [],
        assets: file.type === 'chunk'
          ? [...(file.viteMetadata?.importedCss ?? []), ...(file.viteMetadata?.importedAssets ?? [])]
          : [],
        moduleIds: file.type === 'chunk' ? file.moduleIds : [],
      }));
      writeFileSync('bundle-report.json', JSON.stringify(files));
    },
  }],
};
`;

/** What a module is, for the table: a part of shiki, or everything else. */
function describeModule(id) {
  const path = id.replaceAll('\\', '/');
  if (/\/(unified|remark-[^/]+|micromark[^/]*|mdast-util-[^/]+)\//.test(path)) return ENGINE_LABEL;
  const lang = /@shikijs\/langs\/dist\/([^/]+)\.mjs$/.exec(path);
  if (lang) return `lang ${lang[1]}`;
  const theme = /@shikijs\/themes\/dist\/([^/]+)\.mjs$/.exec(path);
  if (theme) return `theme ${theme[1]}`;
  if (/engine-javascript|oniguruma-to-es|\/regex(-recursion|-utilities)?\//.test(path)) {
    return 'JavaScript regex engine';
  }
  if (/engine-oniguruma|onig\.wasm|shiki\/dist\/wasm/.test(path)) return WASM_LABEL;
  if (/\/shiki\/dist\/(langs|themes)\/[^/]+\.mjs$/.test(path)) return 'shiki re-export';
  if (/\/shiki\/dist\/(langs|themes|index|bundle-[^/]*|langs-bundle-[^/]*)\.mjs$/.test(path)) {
    return "shiki's index of every language and theme";
  }
  if (/\/(shiki|@shikijs)\//.test(path)) return 'shiki core';
  return APP_LABEL;
}

function describeFile(file) {
  const kinds = new Set(file.moduleIds.map(describeModule));
  for (const minor of [APP_LABEL, 'shiki re-export']) if (kinds.size > 1) kinds.delete(minor);
  const shown = [...kinds].slice(0, 3).join(', ');
  return kinds.size > 3 ? `${shown}, +${kinds.size - 3}` : shown;
}

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const sum = (list, key) => list.reduce((total, row) => total + row[key], 0);

/** Packs the package and installs it, React 19 and Vite into a fresh app folder. */
function createApp(work) {
  execFileSync('npm', ['pack', '--pack-destination', work, '--silent'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const tarball = readdirSync(work).find((name) => name.endsWith('.tgz'));
  if (!tarball) throw new Error('npm pack made no tarball');
  const app = join(work, 'app');
  mkdirSync(app);
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify({
      name: 'consumer-vite',
      private: true,
      type: 'module',
      dependencies: {
        'react-agent-messages': `file:${join(work, tarball)}`,
        react: '^19',
        'react-dom': '^19',
        vite: viteVersion,
      },
    }),
  );
  writeFileSync(join(app, 'index.html'), HTML);
  writeFileSync(join(app, 'main.js'), MAIN);
  writeFileSync(join(app, 'vite.config.mjs'), VITE_CONFIG);
  execFileSync(
    'npm',
    ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel', 'error'],
    { cwd: app, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return app;
}

/** Runs `vite build`; returns every emitted file, with whether the page loads it at once. */
function build(app) {
  const result = spawnSync(
    process.execPath,
    [join(app, 'node_modules/vite/bin/vite.js'), 'build'],
    {
      cwd: app,
      encoding: 'utf8',
      env: { ...process.env, CI: '1', NO_COLOR: '1' },
    },
  );
  const log = `${result.stdout}\n${result.stderr}`;
  if (result.status !== 0) {
    console.error(log);
    throw new Error('vite build failed');
  }
  const report = JSON.parse(readFileSync(join(app, 'bundle-report.json'), 'utf8'));
  const byName = new Map(report.map((file) => [file.fileName, file]));
  // Loaded at once: the entry, its static imports, their CSS and assets.
  const eager = new Set(['index.html']);
  const visit = (name) => {
    if (eager.has(name)) return;
    eager.add(name);
    const file = byName.get(name);
    for (const next of [...(file?.imports ?? []), ...(file?.assets ?? [])]) visit(next);
  };
  for (const file of report) if (file.isEntry) visit(file.fileName);

  const out = join(app, 'dist');
  const rows = walk(out).map((path) => {
    const name = relative(out, path).replaceAll('\\', '/');
    const file = byName.get(name);
    return {
      name,
      bytes: statSync(path).size,
      gzip: gzipSync(readFileSync(path)).length,
      lazy: !eager.has(name),
      what: file ? describeFile(file) : name.endsWith('.wasm') ? 'WASM' : '',
      engine: (file?.moduleIds ?? []).some((id) => describeModule(id) === ENGINE_LABEL),
      wasm:
        name.endsWith('.wasm') ||
        (file?.moduleIds ?? []).some((id) => describeModule(id) === WASM_LABEL),
    };
  });
  rows.sort((a, b) => Number(a.lazy) - Number(b.lazy) || b.bytes - a.bytes);
  return { rows, log };
}

/** Serves the build and opens it in Chromium; returns the files it fetched and what went wrong. */
async function openInBrowser(app) {
  const vite = await import(pathToFileURL(join(app, 'node_modules/vite/dist/node/index.js')).href);
  const server = await vite.preview({
    root: app,
    logLevel: 'silent',
    preview: { host: '127.0.0.1', port: 0 },
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    const problems = [];
    const fetched = [];
    page.on('console', (message) => {
      if (['error', 'warning'].includes(message.type())) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname.slice(1);
      if (response.status() >= 400) problems.push(`${response.status()} ${path}`);
      else fetched.push(path || 'index.html');
    });
    const url = server.resolvedUrls?.local[0];
    if (!url) throw new Error('vite preview has no URL');
    await page.goto(url);
    try {
      await page.waitForSelector('[data-slot="code-block"][data-highlighted]', { timeout: 15_000 });
    } catch {
      problems.push('the TypeScript fence was not highlighted');
    }
    return { fetched, problems };
  } finally {
    await browser.close();
    await server.close();
  }
}

function printTable(rows) {
  const width = Math.max(...rows.map((row) => row.name.length), 4);
  console.log(`A minimal Vite ${viteVersion} app (React 19, a MessageList with a ts fence):\n`);
  console.log(
    `${'file'.padEnd(width)}  ${'size'.padStart(10)}  ${'gzip'.padStart(9)}  load   what`,
  );
  for (const row of rows) {
    const load = row.lazy ? 'lazy ' : 'eager';
    console.log(
      `${row.name.padEnd(width)}  ${kb(row.bytes).padStart(10)}  ${kb(row.gzip).padStart(9)}  ${load}  ${row.what}`,
    );
  }
}

const work = mkdtempSync(join(tmpdir(), 'ram-consumer-vite-'));
const problems = [];
try {
  const app = createApp(work);
  const { rows, log } = build(app);
  const engine = rows.filter((row) => row.lazy && row.engine);
  const lazy = rows.filter((row) => row.lazy && !row.engine);
  const eager = rows.filter((row) => !row.lazy);
  printTable(rows);
  console.log('');
  console.log(
    `emitted       ${rows.length} files, ${kb(sum(rows, 'bytes'))} (${kb(sum(rows, 'gzip'))} gzipped)`,
  );
  console.log(
    `loaded first  ${eager.length} files, ${kb(sum(eager, 'bytes'))} (${kb(sum(eager, 'gzip'))} gzipped)`,
  );
  console.log(
    `markdown      ${engine.length} file, ${kb(sum(engine, 'bytes'))} (${kb(sum(engine, 'gzip'))} gzipped), loaded lazily`,
  );
  console.log(
    `highlighting  ${lazy.length} files, ${kb(sum(lazy, 'bytes'))} (${kb(sum(lazy, 'gzip'))} gzipped), budget ${kb(HIGHLIGHT_BUDGET)}`,
  );

  const eagerEngine = eager.filter((row) => row.engine);
  if (eagerEngine.length > 0 || engine.length !== 1) {
    const where = [...eagerEngine, ...engine].map((row) => row.name).join(', ');
    problems.push(`the markdown engine is not one lazy chunk: ${where || 'not emitted'}`);
  }
  const wasm = rows.filter((row) => row.wasm);
  if (wasm.length > 0)
    problems.push(`WebAssembly is emitted: ${wasm.map((row) => row.name).join(', ')}`);
  if (sum(lazy, 'bytes') > HIGHLIGHT_BUDGET) {
    problems.push(`highlighting emits ${kb(sum(lazy, 'bytes'))}, over ${kb(HIGHLIGHT_BUDGET)}`);
  }
  // Vite's warning names no chunk: find them. The entry (React, the markdown parser, the list) is
  // held to its budget by size-limit; here only highlighting's chunks fail.
  const large = rows.filter((row) => row.name.endsWith('.js') && row.bytes > CHUNK_WARNING_LIMIT);
  for (const row of large) {
    const message = `${row.name} is ${kb(row.bytes)}, over Vite's ${kb(CHUNK_WARNING_LIMIT)} chunk warning`;
    if (row.lazy) problems.push(message);
    else console.log(`note: ${message} (the entry: React and this package, no highlighting)`);
  }
  if (/larger than \d+ ?kB/i.test(log) && large.length === 0) {
    problems.push('Vite warns about a chunk over 500 kB');
  }

  const { fetched, problems: pageProblems } = await openInBrowser(app);
  problems.push(...pageProblems);
  const fetchedLazy = lazy.filter((row) => fetched.includes(row.name));
  console.log(
    `in Chromium   the fence highlights after fetching ${fetchedLazy.length} lazy files, ${kb(sum(fetchedLazy, 'bytes'))} (${kb(sum(fetchedLazy, 'gzip'))} gzipped): ${fetchedLazy.map((row) => row.name.replace(/^assets\//, '')).join(', ')}`,
  );
} finally {
  if (process.argv.includes('--keep')) console.log(`kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}
for (const problem of problems) console.error(`✖ ${problem}`);
if (problems.length > 0) process.exit(1);
