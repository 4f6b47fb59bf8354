// `npm run screenshots`: the pictures in docs/, made from what the code renders now. Each shot is
// a page of the demo (its server and page started as the end-to-end tests start them) or a story
// (from storybook-static/ when it was built, else from a Storybook dev server started here), shot
// in Debian's Chromium through playwright-core. Add a shot to SHOTS; `npm run screenshots --
// <name>…` makes only those.
/* global document, HTMLElement, requestAnimationFrame -- in page.evaluate, run in the page */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';

const root = new URL('..', import.meta.url).pathname;
const DOCS = join(root, 'docs');
/** Above this a picture is too heavy for a README: the script says so. */
const MAX_BYTES = 150 * 1024;
const WIDE = { width: 1100, height: 760 };
const STORY = { width: 820, height: 640 };
/** The composer's Send button once it sends again (the reply is over). */
const SEND_READY = '[data-slot="composer-button"][data-action="send"]:not([aria-disabled])';
/** A reply that has ended. */
const REPLY_DONE = '[data-slot="message"][data-role="assistant"][data-status="done"]';

/**
 * What to shoot. `story` is a Storybook id (`title--name`, lower case), `url` a path of the demo.
 * `theme` is the demo's theme, or the Storybook toolbar's unless the story sets its own.
 * `send` types each text into the demo's composer in turn; `waitFor` is what must show before
 * the shot; `selector` shoots one element instead of the viewport.
 * @type {Array<{ name: string, story?: string, url?: string, theme: 'light' | 'dark',
 *   viewport: { width: number, height: number }, send?: string[], waitFor?: string,
 *   selector?: string, alt: string }>}
 */
const SHOTS = [
  {
    name: 'demo-chat',
    url: '/?speed=firehose',
    send: ['List the files in src with ls'],
    waitFor: '[data-slot="confirmation-prompt"][data-armed]',
    theme: 'light',
    viewport: WIDE,
    alt: 'The demo chat: a reply asks for approval to run a shell command',
  },
  {
    name: 'demo-chat-dark',
    url: '/?speed=firehose',
    send: ['Write a markdown report with code, a table and citations'],
    waitFor: REPLY_DONE,
    theme: 'dark',
    viewport: WIDE,
    alt: 'The demo chat, dark: a markdown report with code, a table and citations',
  },
  {
    name: 'demo-replay',
    url: '/#replay',
    waitFor: '[data-slot="message"]',
    theme: 'light',
    viewport: WIDE,
    alt: 'The replay viewer: a recorded AgentScope log',
  },
  {
    name: 'message',
    story: 'theming-look--default-light',
    theme: 'light',
    viewport: STORY,
    alt: 'The default look, light: a question, an answer with a table and code, a tool call asking approval',
  },
  {
    name: 'look-default-dark',
    story: 'theming-look--default-dark',
    theme: 'dark',
    viewport: STORY,
    alt: 'The default look, dark',
  },
  {
    name: 'look-shadcn-light',
    story: 'theming-look--shadcn-light',
    theme: 'light',
    viewport: STORY,
    alt: 'The shadcn/ui preset in a light shadcn theme with a blue primary colour',
  },
  {
    name: 'look-shadcn-dark',
    story: 'theming-look--shadcn-dark',
    theme: 'dark',
    viewport: STORY,
    alt: 'The shadcn/ui preset in the same theme, dark',
  },
  {
    name: 'stream-code',
    story: 'theming-look--streaming-code',
    theme: 'light',
    viewport: STORY,
    selector: '[data-slot="message"][data-role="assistant"]',
    alt: 'A code block streaming: the fence is still open, shown as code, not as backticks',
  },
  {
    name: 'stream-table',
    story: 'theming-look--streaming-table',
    theme: 'light',
    viewport: STORY,
    selector: '[data-slot="message"][data-role="assistant"]',
    alt: 'A table streaming: two finished rows and a third one arriving',
  },
  {
    name: 'look-rtl',
    story: 'theming-look--right-to-left',
    theme: 'light',
    viewport: STORY,
    alt: 'An Arabic conversation under dir="rtl": the layout mirrors, the tool call stays left to right',
  },
];

const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

/** A built Storybook served as files. */
function serveStatic(dir) {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
    let file = join(dir, path);
    if (!file.startsWith(dir)) return void response.writeHead(403).end();
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    response.end(readFileSync(file));
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({ url: `http://127.0.0.1:${port}`, close: () => server.close() });
    });
  });
}

async function reachable(url) {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

/** Storybook: the build if there is one, else a dev server of our own until the shots are done. */
async function startStorybook() {
  const built = join(root, 'storybook-static');
  if (existsSync(join(built, 'iframe.html'))) return serveStatic(built);
  const port = 6100 + Math.floor(Math.random() * 800);
  const child = spawn(
    process.execPath,
    [
      join(root, 'node_modules/storybook/dist/bin/dispatcher.js'),
      'dev',
      '--ci',
      '--no-open',
      '--quiet',
      '--exact-port',
      '-p',
      String(port),
    ],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], detached: true },
  );
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + 240_000;
  while (!(await reachable(`${url}/iframe.html`))) {
    if (child.exitCode !== null) throw new Error(`Storybook exited (${child.exitCode})`);
    if (Date.now() > until) throw new Error('Storybook did not start within 4 minutes');
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  return {
    url,
    close: () => {
      // Its own process group: the dev server and the workers it started.
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    },
  };
}

/** The demo's server and page, as the end-to-end harness starts them. */
async function startDemo() {
  const { startDemoServer } = await import('../demo/server/app.js');
  const { attachPage } = await import('../demo/server/page.js');
  const server = await startDemoServer({ port: 0, heartbeatMs: 2000 });
  const vite = await attachPage(server);
  return {
    url: server.url,
    close: async () => {
      await server.close();
      await vite.close();
    },
  };
}

/** Until the page stops changing: fonts, highlighted code, an armed prompt, two frames. */
async function settle(page) {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // Finished code is highlighted once the highlighter loads; streaming code shows plain first.
  const streaming = await page.locator('[data-slot="text-block"][data-streaming]').count();
  if (!streaming && (await page.locator('[data-slot="code-block"]').count())) {
    await page
      .locator('[data-slot="code-block-token"]')
      .first()
      .waitFor({ timeout: 15_000 })
      .catch(() => console.warn('  (code stayed unhighlighted)'));
  }
  if (await page.locator('[data-slot="confirmation-prompt"]').count()) {
    await page.locator('[data-slot="confirmation-prompt"][data-armed]').first().waitFor();
  }
  // A prompt focuses its title for screen readers; the ring is not part of the picture.
  await page.evaluate(() => {
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
  await page.waitForTimeout(300);
}

let sessions = 0;

async function shoot(browser, shot, servers) {
  const context = await browser.newContext({
    viewport: shot.viewport,
    deviceScaleFactor: 1,
    colorScheme: shot.theme,
    reducedMotion: 'reduce',
  });
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(60_000);
    if (shot.story) {
      const storybook = await servers.storybook();
      const globals = encodeURIComponent(`theme:${shot.theme}`);
      await page.goto(
        `${storybook.url}/iframe.html?id=${shot.story}&viewMode=story&globals=${globals}`,
      );
      await page.locator('#storybook-root [data-slot]').first().waitFor({ timeout: 180_000 });
    } else {
      const demo = await servers.demo();
      await page.addInitScript(
        (theme) => localStorage.setItem('ram-demo-theme', theme),
        shot.theme,
      );
      const [path, hash = ''] = (shot.url ?? '/').split('#');
      const glue = path.includes('?') ? '&' : '?';
      const session = `screenshots-${process.pid}-${++sessions}`;
      await page.goto(`${demo.url}${path}${glue}session=${session}${hash ? `#${hash}` : ''}`, {
        timeout: 120_000,
      });
      if (!hash) await page.getByText(/^(Connected|Ready)$/).waitFor({ timeout: 120_000 });
      const box = page.getByRole('textbox', { name: 'Message' });
      for (const text of shot.send ?? []) {
        // Send is available once there is text and the previous reply is over.
        await box.fill(text);
        await page.locator(SEND_READY).waitFor();
        await box.press('Enter');
        await page.waitForFunction(() => !document.querySelector('textarea')?.value);
      }
    }
    if (shot.waitFor) await page.locator(shot.waitFor).first().waitFor();
    await settle(page);
    const path = join(DOCS, `${shot.name}.png`);
    if (shot.selector) await page.locator(shot.selector).first().screenshot({ path });
    // A story is shot whole, however long; the demo as the viewport shows it.
    else await page.screenshot({ path, fullPage: Boolean(shot.story) });
    const bytes = statSync(path).size;
    const heavy = bytes > MAX_BYTES ? ' (over 150 KB: make it smaller)' : '';
    console.log(`  docs/${shot.name}.png  ${Math.round(bytes / 1024)} KB${heavy}`);
    return bytes <= MAX_BYTES;
  } finally {
    await context.close();
  }
}

async function main() {
  const only = process.argv.slice(2);
  const shots = only.length ? SHOTS.filter((shot) => only.includes(shot.name)) : SHOTS;
  if (shots.length === 0) throw new Error(`no shot named ${only.join(', ')}`);
  mkdirSync(DOCS, { recursive: true });
  const started = [];
  const once = (start) => {
    let running;
    return () => {
      running ??= start().then((server) => (started.push(server), server));
      return running;
    };
  };
  const servers = { storybook: once(startStorybook), demo: once(startDemo) };
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS],
  });
  let ok = true;
  try {
    for (const shot of shots) {
      console.log(`${shot.name}: ${shot.story ? `story ${shot.story}` : `demo ${shot.url}`}`);
      ok = (await shoot(browser, shot, servers)) && ok;
    }
  } finally {
    await browser.close();
    for (const server of started) await server.close();
  }
  if (!ok) process.exitCode = 1;
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
