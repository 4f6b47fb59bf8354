// The README's two first screens, copied verbatim, chat in Chromium from the packed tarball. The
// AI SDK block (`useAiSdkChat(useChat())`) and the AG-UI block (`useAgUiAgent(agent)`) are taken
// from README.md as they are and become two modules of one Vite app, in a fresh folder outside
// the repository whose node_modules holds the unpacked tarball and links React, `ai`,
// `@ai-sdk/react`, `@ag-ui/client` and `@ag-ui/core` from the repository's (no network). One
// Node server serves the build, answers `/api/chat` with a real `streamText(…)
// .toUIMessageStreamResponse()` over a scripted mock model and `/api/ag-ui` with a Mastra agent
// (a scripted mock model, a tool that suspends for approval) behind `@ag-ui/mastra`, encoded with
// `@ag-ui/encoder`. On each page (`?app=ai-sdk`, `?app=ag-ui`) Chromium says hello and reads the
// reply, asks for the approval and allows it and reads the reply that goes on, then makes the
// model fail and reads the error. Fails on any page error, console error or warning, or failed
// request.
// Needs dist/ (npm run build). `--keep` leaves the app folder in place, to look at.
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';
import { serveChatApp } from './consumer-chat-server.mjs';
import { extractBlocks } from './docs-blocks.mjs';
import { packTarball } from './pack.mjs';

/** What the app installs besides the package, linked from the repository's node_modules. */
const APP_PACKAGES = ['react', 'react-dom', 'ai', '@ai-sdk/react', '@ag-ui/client', '@ag-ui/core'];
/** Generous: the machine is shared; nothing here measures time. */
const WAIT = 60_000;

const root = new URL('..', import.meta.url).pathname;
if (!existsSync(join(root, 'dist/index.js'))) {
  console.error('dist/ is missing: run `npm run build` first');
  process.exit(1);
}

/* -------------------------------------------------------------------------------------------------
 * The README's blocks
 * -----------------------------------------------------------------------------------------------*/

/** The one README tsx block that holds every one of `needles`, as written. */
function readmeBlock(label, needles) {
  const blocks = extractBlocks(readFileSync(join(root, 'README.md'), 'utf8'), 'README.md');
  const found = blocks.filter((block) => needles.every((needle) => block.code.includes(needle)));
  if (found.length !== 1) {
    throw new Error(
      `README.md: expected one ${label} first-screen block (holding ${needles.join(' and ')}), found ${found.length}`,
    );
  }
  return found[0];
}

const AI_SDK_BLOCK = readmeBlock('AI SDK', ['useAiSdkChat(useChat())', 'export function Chat']);
const AG_UI_BLOCK = readmeBlock('AG-UI', ['useAgUiAgent(agent)', 'export function Chat']);

/* -------------------------------------------------------------------------------------------------
 * The app
 * -----------------------------------------------------------------------------------------------*/

// The page mounts one block's `Chat`, by `?app=`. The styles and the log's height are the app's.
const MAIN = `
import { createRoot } from 'react-dom/client';
import 'react-agent-messages/styles.css';
import { Chat as AiSdkChat } from './ai-sdk-chat';
import { Chat as AgUiChat } from './ag-ui-chat';

const app = new URLSearchParams(location.search).get('app');
const Chat = app === 'ai-sdk' ? AiSdkChat : app === 'ag-ui' ? AgUiChat : null;
const element = document.getElementById('root');
if (Chat === null || element === null) throw new Error('unknown app: ' + app);
createRoot(element).render(<Chat />);
`;

// An empty icon: no favicon request, so any failed request is the app's.
const HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" /><link rel="icon" href="data:," /><title>consumer chat</title>
    <style>.chat-log, [data-slot="message-list"] { height: 420px; }</style>
  </head>
  <body><div id="root"></div><script type="module" src="/main.tsx"></script></body>
</html>
`;

/** Unpacks the tarball into a fresh app folder and links what the app installs. */
function createApp(work) {
  const app = join(work, 'app');
  const installed = join(app, 'node_modules/react-agent-messages');
  mkdirSync(installed, { recursive: true });
  execFileSync('tar', ['-xzf', packTarball(root, work), '-C', installed, '--strip-components=1']);
  const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
  for (const name of [...Object.keys(manifest.dependencies ?? {}), ...APP_PACKAGES]) {
    const target = join(root, 'node_modules', name);
    if (!existsSync(target)) throw new Error(`${name} is not in node_modules: run npm install`);
    const link = join(app, 'node_modules', name);
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(target, link, 'dir');
  }
  writeFileSync(
    join(app, 'package.json'),
    '{ "name": "consumer-chat", "private": true, "type": "module" }\n',
  );
  writeFileSync(join(app, 'index.html'), HTML);
  writeFileSync(join(app, 'main.tsx'), MAIN);
  writeFileSync(join(app, 'ai-sdk-chat.tsx'), `${AI_SDK_BLOCK.code}\n`);
  writeFileSync(join(app, 'ag-ui-chat.tsx'), `${AG_UI_BLOCK.code}\n`);
  return app;
}

/** One `vite build` for both pages, with the repository's Vite. */
async function build(app) {
  const vite = await import(pathToFileURL(join(root, 'node_modules/vite/dist/node/index.js')).href);
  await vite.build({
    root: app,
    configFile: false,
    logLevel: 'warn',
    // What @vitejs/plugin-react would set: the automatic JSX runtime.
    oxc: { jsx: { runtime: 'automatic' } },
    resolve: { dedupe: ['react', 'react-dom'] },
    build: {
      rolldownOptions: {
        // The package's 'use client' lines, which a client-only bundle drops, as it should.
        onwarn(warning, warn) {
          if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
        },
      },
      outDir: join(app, 'dist'),
      chunkSizeWarningLimit: 5_000,
    },
  });
  return join(app, 'dist');
}

/* -------------------------------------------------------------------------------------------------
 * The chats, in Chromium
 * -----------------------------------------------------------------------------------------------*/

/** Types into the Composer and presses Enter. */
async function say(page, words) {
  const input = page.locator('textarea');
  await input.fill(words, { timeout: WAIT });
  await input.press('Enter');
}

/** Waits until the conversation shows `words`. */
async function reads(page, words) {
  await page.getByRole('log').getByText(words).first().waitFor({ state: 'visible', timeout: WAIT });
}

const PAGES = [
  {
    app: 'ai-sdk',
    block: AI_SDK_BLOCK,
    hello: 'Hello from streamText.',
    ask: 'Please deploy',
    question: 'deploy',
    done: 'Deployed to prod.',
    error: 'The model is overloaded',
    // `useChat`'s error, under the list (with Retry).
    errorSlot: 'message-list-error',
  },
  {
    app: 'ag-ui',
    block: AG_UI_BLOCK,
    hello: 'Hello from Mastra.',
    ask: 'Please delete the cache',
    question: 'Approve deleting /var/cache/app?',
    done: 'Deleted the cache.',
    error: 'the model is overloaded',
    // A run that ends in RUN_ERROR: shown on its reply, which is marked failed.
    errorSlot: 'message-ending',
  },
];

/** One page's chat; returns what went wrong, each step named. */
async function chat(browser, url, { app, block, hello, ask, question, done, error, errorSlot }) {
  const where = `?app=${app} (README.md:${block.line})`;
  const problems = [];
  const page = await browser.newPage();
  page.on('console', (message) => {
    if (['error', 'warning'].includes(message.type()))
      problems.push(`${where}: console ${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (thrown) => problems.push(`${where}: page error: ${thrown.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${where}: ${response.status()} ${response.url()}`);
  });
  const steps = [
    [
      'says hello and reads the reply',
      async () => {
        await say(page, 'Hello');
        await reads(page, hello);
      },
    ],
    [
      'asks for the tool, sees the approval, allows it and reads the reply that goes on',
      async () => {
        await say(page, ask);
        await reads(page, question);
        await page
          .locator('[data-slot="confirmation-prompt-button"][data-action="allow"][data-armed]')
          .click({ timeout: WAIT });
        await reads(page, done);
      },
    ],
    [
      `makes the model fail and sees the error (${errorSlot})`,
      async () => {
        await say(page, 'Now fail');
        await page
          .locator(`[data-slot="${errorSlot}"]`, { hasText: error })
          .first()
          .waitFor({ state: 'visible', timeout: WAIT });
      },
    ],
  ];
  try {
    await page.goto(`${url}/?app=${app}`);
    for (const [title, step] of steps) {
      try {
        await step();
        console.log(`  ✔ ${app}: ${title}`);
      } catch (thrown) {
        const message = thrown instanceof Error ? thrown.message.split('\n')[0] : String(thrown);
        problems.push(`${where}: ${title}: ${message}`);
        break;
      }
    }
  } finally {
    await page.close();
  }
  return problems;
}

const work = mkdtempSync(join(tmpdir(), 'ram-consumer-chat-'));
const problems = [];
try {
  const app = createApp(work);
  const dist = await build(app);
  const server = await serveChatApp(dist);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    for (const each of PAGES) {
      console.log(`README.md:${each.block.line}, verbatim, at ?app=${each.app}:`);
      problems.push(...(await chat(browser, server.url, each)));
    }
  } finally {
    await browser.close();
    await server.close();
  }
} finally {
  if (process.argv.includes('--keep')) console.log(`kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}
// A render that logs logs again on every update: each problem once, with its count.
const counts = new Map();
for (const problem of problems) counts.set(problem, (counts.get(problem) ?? 0) + 1);
for (const [problem, count] of counts) {
  console.error(`✖ ${problem}${count > 1 ? ` (${count} times)` : ''}`);
}
if (problems.length > 0) {
  console.error(
    "\nThe README's first screens do not chat as written: fix README.md or the package.",
  );
  process.exit(1);
}
console.log("The README's AI SDK and AG-UI first screens chat, approve and fail as written.");
