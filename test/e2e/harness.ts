/*
 * The end-to-end harness: the real demo server and page on a free port, and Debian's Chromium
 * driven by playwright-core (never a downloaded browser). Each test opens its own chat session;
 * screenshots of every step go to test-results/e2e/.
 */
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import type { ViteDevServer } from 'vite';
import type { DemoServer } from '../../demo/server/app.js';
import { startDemoServer } from '../../demo/server/app.js';
import { attachPage } from '../../demo/server/page.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';

export const SHOTS = new URL('../../test-results/e2e/', import.meta.url).pathname;

export interface Harness {
  server: DemoServer;
  vite: ViteDevServer;
  browser: Browser;
  context: BrowserContext;
  close(): Promise<void>;
}

export async function startHarness(): Promise<Harness> {
  mkdirSync(SHOTS, { recursive: true });
  const server = await startDemoServer({ port: 0, heartbeatMs: 2000 });
  const vite = await attachPage(server);
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS],
  });
  const context = await browser.newContext({
    viewport: { width: 1100, height: 860 },
    reducedMotion: 'reduce',
  });
  // The first visit compiles the page and pre-bundles its dependencies: pay for it here, once.
  const warmUp = await context.newPage();
  await warmUp.goto(`${server.url}/?session=e2e-warm-up`, { timeout: 80_000 });
  await warmUp.getByText('Connected', { exact: true }).waitFor({ timeout: 80_000 });
  await warmUp.close();
  return {
    server,
    vite,
    browser,
    context,
    async close() {
      await context.close();
      await browser.close();
      await server.close();
      await vite.close();
    },
  };
}

/** The composer's Send button, once it sends (not while a reply streams or a decision waits). */
export const SEND_READY = '[data-slot="composer-button"][data-action="send"]:not([aria-disabled])';

let sessions = 0;

export interface ChatPage {
  page: Page;
  /** Console errors and uncaught exceptions seen so far. */
  problems: string[];
  shot(name: string): Promise<void>;
  send(text: string): Promise<void>;
}

/** Opens the chat on a new session at the given speed and waits until it is connected. */
export async function openChat(harness: Harness, speed: string, extra = ''): Promise<ChatPage> {
  const page = await harness.context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  const session = `e2e-${process.pid}-${++sessions}`;
  await page.goto(`${harness.server.url}/?speed=${speed}&session=${session}${extra}`);
  // AgentScope's session stream says Connected; the AI SDK and AG-UI chats, between runs, Ready.
  await page.getByText(/^(Connected|Ready)$/).waitFor({ timeout: 30_000 });
  return {
    page,
    problems,
    shot: (name) => page.screenshot({ path: `${SHOTS}${name}.png` }).then(() => undefined),
    async send(text) {
      const box = page.getByRole('textbox', { name: 'Message' });
      await box.fill(text);
      // The composer takes a message once the previous reply is over.
      await page.locator(SEND_READY).waitFor();
      await box.press('Enter');
      await page.waitForFunction(() => !document.querySelector('textarea')?.value);
    },
  };
}
