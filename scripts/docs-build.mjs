// `npm run docs:build`: the docs site as static files in docs/.vitepress/dist, any static host
// serves them (DOCS_BASE=/sub-path/ for one that serves it below the root). In order: the API
// pages from api/*.api.md (scripts/docs-api.mjs), VitePress (which fails on a dead internal link),
// Storybook's static build into dist/storybook (the component pages embed its stories), then two
// checks of the output: every embedded story exists in Storybook's index, and every link to an
// anchor (`page#heading`, `#heading`) lands on an id of that page. Prints each step's seconds.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, posix, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const dist = join(root, 'docs/.vitepress/dist');
const base = process.env.DOCS_BASE ?? '/';
const bin = (name) => join(root, 'node_modules/.bin', name);
const timings = [];

/** Runs one step; `quiet` keeps its output unless it fails (Storybook's is pages of warnings). */
function step(title, command, args, { quiet = false } = {}) {
  const started = Date.now();
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: ['ignore', quiet ? 'pipe' : 'inherit', quiet ? 'pipe' : 'inherit'],
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, STORYBOOK_DISABLE_TELEMETRY: '1' },
  });
  if (quiet && result.status !== 0) console.error(`${result.stdout}\n${result.stderr}`);
  const seconds = (Date.now() - started) / 1000;
  timings.push(`${title} ${seconds.toFixed(1)} s`);
  if (result.status !== 0) {
    console.error(`✖ docs: ${title} failed after ${seconds.toFixed(1)} s`);
    process.exit(result.status ?? 1);
  }
}

const started = Date.now();
step('API pages', process.execPath, ['scripts/docs-api.mjs']);
step('VitePress', bin('vitepress'), ['build', 'docs']);
step(
  'Storybook',
  bin('storybook'),
  ['build', '--quiet', '--disable-telemetry', '-o', 'docs/.vitepress/dist/storybook'],
  { quiet: true },
);

/* The checks of what was built ------------------------------------------------------------------*/

/** Every HTML page of the site (not Storybook's), as its path below dist. */
function pages(folder = '') {
  return readdirSync(join(dist, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = posix.join(folder, entry.name);
    if (entry.isDirectory()) return path === 'storybook' || path === 'assets' ? [] : pages(path);
    return entry.name.endsWith('.html') ? [path] : [];
  });
}

const decode = (text) =>
  decodeURIComponent(
    text
      .replace(/&amp;/g, '&')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>'),
  );

/** The page file a site path names (clean URLs: `/ai-sdk` is ai-sdk.html, `/api/` api/index.html). */
function pageFor(path) {
  const clean = path.replace(/\.html$/, '');
  if (clean === '' || clean.endsWith('/')) return `${clean}index.html`;
  return `${clean}.html`;
}

const problems = [];
const ids = new Map();
const html = new Map();
for (const page of pages()) {
  const text = readFileSync(join(dist, page), 'utf8');
  html.set(page, text);
  ids.set(page, new Set([...text.matchAll(/\sid="([^"]+)"/g)].map((match) => decode(match[1]))));
}

const index = JSON.parse(readFileSync(join(dist, 'storybook/index.json'), 'utf8'));
const stories = new Set(Object.keys(index.entries ?? {}));
let embeds = 0;
let anchors = 0;
for (const [page, text] of html) {
  for (const [, id] of text.matchAll(/data-story="([^"]+)"/g)) {
    embeds++;
    if (!stories.has(id)) problems.push(`${page}: embeds story "${id}", which Storybook lacks`);
  }
  for (const [, raw] of text.matchAll(/\shref="([^"]*#[^"]*)"/g)) {
    const href = decode(raw);
    if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) continue;
    const [path = '', hash = ''] = href.split('#');
    if (hash === '') continue;
    const here = `${base}${page.replace(/(^|\/)index\.html$/, '$1').replace(/\.html$/, '')}`;
    const absolute = path === '' ? here : posix.resolve(posix.dirname(`${here}x`), path);
    if (!absolute.startsWith(base)) continue;
    const target = pageFor(absolute.slice(base.length));
    anchors++;
    if (!ids.has(target)) problems.push(`${page}: links to ${href}: no page ${target}`);
    else if (!ids.get(target).has(hash)) problems.push(`${page}: links to ${href}: no such anchor`);
  }
}
if (!existsSync(join(dist, 'storybook/iframe.html')))
  problems.push('storybook/iframe.html missing');

const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(
  `docs: ${html.size} pages, ${embeds} embedded stories, ${anchors} anchor links checked in ${relative(root, dist)} (${timings.join(', ')}; ${seconds} s in all)`,
);
if (problems.length > 0) {
  for (const problem of problems) console.error(`  ${problem}`);
  console.error(`✖ docs: ${problems.length} broken embeds or anchors`);
  process.exit(1);
}
