// A Next.js app-router app that renders this package from a React Server Component: packs the
// tarball, installs it with the latest Next.js 16 into a fresh folder outside the repository, and
// builds a page that is a server component: it builds a history with `userMsg`, `assistantMsg`
// (`react-agent-messages/core`) and the AgentScope adapter (`react-agent-messages/agentscope`) on
// the server and renders it with `<AgentMessagesProvider>`, `<Message>` and `<MessageList>`.
// Then it checks that the prerendered HTML holds the messages, serves the app on 127.0.0.1 and
// opens it in Chromium: the page must hydrate without a recoverable error or a console error, and
// switch its times to relative ones ("3 days ago") once interactive. Needs dist/ (npm run build);
// pass a packed tarball's path to reuse it.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.mjs';

const root = new URL('..', import.meta.url).pathname;
if (!process.argv[2] && !existsSync(join(root, 'dist/index.js'))) {
  console.error('dist/ is missing: run `npm run build` first');
  process.exit(1);
}

const PAGE = `
// No 'use client': a React Server Component. The history is built on the server.
import { AgentMessagesProvider, Message, MessageList } from 'react-agent-messages';
import { assistantMsg, textBlock, thinkingBlock, userMsg } from 'react-agent-messages/core';
import { fromAgentScopeMsg } from 'react-agent-messages/agentscope';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const built = Date.now();
const ago = (ms: number) => new Date(built - ms).toISOString();

// AgentScope 1.x wrote local times without a zone: the server and the browser read them alike.
const legacy = fromAgentScopeMsg({
  id: 'legacy',
  name: 'user',
  role: 'user',
  content: 'A question from an AgentScope 1.x log',
  timestamp: '2025-06-01 10:20:29.001',
}).message;

const history = [
  legacy,
  userMsg('What is the weather in Paris?', { id: 'u1', created_at: ago(3 * DAY) }),
  assistantMsg(
    [
      thinkingBlock('The user wants the weather.', {
        id: 'th1',
        created_at: ago(3 * DAY - 1000),
        finished_at: ago(3 * DAY - 13_000),
      }),
      textBlock('Rendered by a **server component**: 18 °C and light rain.', {
        id: 't1',
        created_at: ago(3 * DAY - 14_000),
        finished_at: ago(3 * DAY - 15_000),
      }),
    ],
    {
      id: 'a1',
      name: 'Friday',
      created_at: ago(3 * DAY - 1000),
      finished_at: ago(3 * DAY - 15_000),
      finished_reason: 'completed',
    },
  ),
  userMsg('And tomorrow?', { id: 'u2', created_at: ago(3000) }),
  // Still open after two hours (a constructed message is finished unless told otherwise): a
  // counter once the page is interactive.
  assistantMsg('Looking it up', {
    id: 'a2',
    name: 'Friday',
    created_at: ago(125 * MINUTE),
    finished_at: null,
  }),
];

export default function Page() {
  return (
    <AgentMessagesProvider locale="en">
      <main>
        <section id="messages">
          {history.map((message) => (
            <Message key={message.id} message={message} />
          ))}
        </section>
        <section id="list" style={{ height: 600 }}>
          <MessageList messages={history} />
        </section>
      </main>
    </AgentMessagesProvider>
  );
}
`;

const LAYOUT = `
import 'react-agent-messages/styles.css';

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
`;

const npm = (args, cwd) =>
  execFileSync('npm', args, { cwd, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });

/** A free TCP port on the loopback interface. */
function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Resolves once `url` answers, or rejects when the server exits first or `ms` pass. */
async function waitForServer(url, child, ms) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`next start exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resume) => setTimeout(resume, 250));
  }
  throw new Error(`next start did not answer within ${ms / 1000} s`);
}

/** Loads the page in Chromium and returns what went wrong while it hydrated. */
async function hydrate(url) {
  const problems = [];
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS],
  });
  try {
    const page = await browser.newPage();
    page.on('console', (message) => {
      // The browser asks for a favicon the app does not have.
      if (message.location().url.endsWith('/favicon.ico')) return;
      if (message.type() === 'error' || message.type() === 'warning') {
        problems.push(`console.${message.type()}: ${message.text()}`);
      }
    });
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    await page.goto(url, { waitUntil: 'load' });
    // Every time turns relative (and gains its full date as a title) once the page is interactive.
    const times = page.locator('#messages [data-slot="message-time"]');
    await page.waitForFunction(
      (selector) =>
        [...globalThis.document.querySelectorAll(selector)].every((time) =>
          time.hasAttribute('title'),
        ),
      '#messages [data-slot="message-time"]',
      { timeout: 30_000 },
    );
    const texts = await times.allTextContents();
    if (!texts.includes('3 days ago')) {
      problems.push(`relative times after hydration: ${JSON.stringify(texts)}`);
    }
    const counter = await page
      .locator('#messages [data-slot="message-elapsed"][data-live]')
      .textContent();
    if (!/^2 hr, \d+ min$/.test(counter ?? '')) problems.push(`open reply's counter: ${counter}`);
    // Anything React reports after hydration (a recoverable error) arrives as a console error.
    await page.waitForTimeout(500);
    // The browser loads the markdown engine lazily; the server's markdown stays as it was.
    const bold = await page.locator('#messages [data-slot="text-block"] strong').allTextContents();
    if (!bold.includes('server component')) problems.push(`markdown after hydration: ${bold}`);
  } finally {
    await browser.close();
  }
  return problems;
}

const work = mkdtempSync(join(tmpdir(), 'ram-consumer-rsc-'));
let server;
try {
  let tarball = process.argv[2] ? resolve(process.argv[2]) : null;
  if (!tarball) {
    npm(['pack', '--pack-destination', work, '--silent'], root);
    const name = readdirSync(work).find((file) => file.endsWith('.tgz'));
    if (!name) throw new Error('npm pack made no tarball');
    tarball = join(work, name);
  }
  const app = join(work, 'app');
  mkdirSync(join(app, 'app'), { recursive: true });
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify({
      name: 'consumer-rsc',
      private: true,
      type: 'module',
      dependencies: {
        'react-agent-messages': `file:${tarball}`,
        next: '^16',
        react: '^19',
        'react-dom': '^19',
      },
      // Listed so that `next build` type-checks the page instead of installing them itself.
      devDependencies: {
        typescript: '^5',
        '@types/react': '^19',
        '@types/react-dom': '^19',
        '@types/node': '^20',
      },
    }),
  );
  writeFileSync(
    join(app, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        lib: ['dom', 'dom.iterable', 'ES2023'],
        strict: true,
        noEmit: true,
        module: 'esnext',
        moduleResolution: 'bundler',
        jsx: 'react-jsx',
        isolatedModules: true,
        skipLibCheck: true,
        plugins: [{ name: 'next' }],
      },
      include: ['next-env.d.ts', '**/*.ts', '**/*.tsx'],
      exclude: ['node_modules'],
    }),
  );
  writeFileSync(join(app, 'app/layout.tsx'), LAYOUT);
  writeFileSync(join(app, 'app/page.tsx'), PAGE);

  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
  let started = Date.now();
  npm(['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel', 'error'], app);
  const installed = (Date.now() - started) / 1000;
  const next = join(app, 'node_modules/next/dist/bin/next');
  started = Date.now();
  try {
    execFileSync(process.execPath, [next, 'build'], { cwd: app, env, encoding: 'utf8' });
  } catch (error) {
    // The build's own report says what failed: shown only then.
    console.error(error.stdout, error.stderr);
    throw error;
  }
  const builtIn = (Date.now() - started) / 1000;

  const html = readFileSync(join(app, '.next/server/app/index.html'), 'utf8');
  for (const expected of [
    'data-slot="message"',
    'What is the weather in Paris?',
    '<strong>server component</strong>',
    'A question from an AgentScope 1.x log',
    'role="log"',
    ' UTC</time>',
  ]) {
    if (!html.includes(expected)) throw new Error(`prerendered page lacks ${expected}`);
  }

  const port = await freePort();
  server = spawn(process.execPath, [next, 'start', '-H', '127.0.0.1', '-p', String(port)], {
    cwd: app,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}/`;
  await waitForServer(url, server, 60_000);
  const problems = await hydrate(url);
  if (problems.length > 0) throw new Error(`hydration:\n${problems.join('\n')}`);
  console.log(
    `Next.js server component: renders <Message> and <MessageList>, hydrates cleanly ` +
      `(install ${installed.toFixed(0)} s, next build ${builtIn.toFixed(0)} s)`,
  );
} finally {
  server?.kill();
  rmSync(work, { recursive: true, force: true });
}
