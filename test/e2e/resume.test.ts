/*
 * Replies that survive a dropped connection and a server switch, as a person sees them: a private
 * redis-server and two demo server processes on it (A and B, each serving the page), the chat
 * opened in Chromium against A, the browser's connection dropped mid-reply, and the page reloaded
 * against B. The reply goes on there, and once done reads exactly as the same prompt's reply read
 * where nothing was dropped: nothing doubled, nothing missing. An approval asked on A is still
 * answerable on B, and only once: the same answer given again in a tab on A runs nothing.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';
import type { RedisServer } from '../demo-server/redis-server.js';
import { startRedisServer } from '../demo-server/redis-server.js';

const ROOT = new URL('../../', import.meta.url).pathname;
const SHOTS = `${ROOT}test-results/e2e/`;
const STORY = 'Tell me a long story';

interface DemoProcess {
  url: string;
  child: ChildProcess;
}

/** `npm start` as a child process on a free port, sharing `redisUrl`. */
function startDemoProcess(redisUrl: string, name: string): Promise<DemoProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'demo/server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', REDIS_URL: redisUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`demo server ${name} did not start:\n${output}`)),
      90_000,
    );
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /react-agent-messages demo: (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ url: match[1], child });
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`demo server ${name} exited (${String(code)}):\n${output}`));
    });
  });
}

function stopDemoProcess(demo: DemoProcess | undefined): Promise<void> {
  const child = demo?.child;
  if (!child || child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

let redis: RedisServer;
let a: DemoProcess;
let b: DemoProcess;
let browser: Browser;
let context: BrowserContext;
let sessions = 0;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  redis = await startRedisServer();
  // One after the other: the first compiles the page and pre-bundles, the second reuses it.
  a = await startDemoProcess(redis.url, 'A');
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
  context = await browser.newContext({
    viewport: { width: 1100, height: 860 },
    reducedMotion: 'reduce',
  });
  const warm = await context.newPage();
  await warm.goto(`${a.url}/?session=resume-warm-a`, { timeout: 90_000 });
  await warm.getByText('Connected', { exact: true }).waitFor({ timeout: 90_000 });
  b = await startDemoProcess(redis.url, 'B');
  await warm.goto(`${b.url}/?session=resume-warm-b`, { timeout: 90_000 });
  await warm.getByText('Connected', { exact: true }).waitFor({ timeout: 90_000 });
  await warm.close();
}, 300_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await Promise.all([stopDemoProcess(a), stopDemoProcess(b)]);
  await redis?.stop();
}, 60_000);

const lastReply = (page: Page) =>
  page.locator('[data-slot="message"][data-role="assistant"]').last();
const replyText = (page: Page) =>
  lastReply(page)
    .locator('[data-slot="message-content"]')
    .first()
    .evaluate((node) => node.textContent ?? '');
const prompt = (page: Page) => page.locator('[data-slot="confirmation-prompt"][data-armed]');

/** Opens the chat; it is ready when idle, or (`asking`) once its question shows. */
async function open(base: string, query: string, asking = false): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${base}/?${query}`);
  const ready = asking ? prompt(page) : page.getByText(/^(Connected|Ready)$/);
  await ready.waitFor({ timeout: 30_000 });
  return page;
}

async function send(page: Page, text: string): Promise<void> {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await page
    .locator('[data-slot="composer-button"][data-action="send"]:not([aria-disabled])')
    .waitFor();
  await box.press('Enter');
}

async function finished(page: Page): Promise<string> {
  await expect
    .poll(() => lastReply(page).getAttribute('data-status'), { timeout: 90_000 })
    .toBe('done');
  return replyText(page);
}

describe.each([
  { protocol: 'agentscope', label: 'AgentScope' },
  { protocol: 'ai-sdk', label: 'AI SDK' },
])('$label', ({ protocol }) => {
  const query = (session: string, speed: string) =>
    `protocol=${protocol}&speed=${speed}&session=${session}`;

  it('a reply dropped mid-stream on A continues on B, with no doubled and no missing text', async () => {
    // The reply as it reads when nothing is dropped.
    const reference = await open(b.url, query(`resume-ref-${protocol}-${++sessions}`, 'firehose'));
    await send(reference, STORY);
    const whole = await finished(reference);
    await reference.close();
    expect(whole.length).toBeGreaterThan(2000);

    const session = `resume-${protocol}-${process.pid}-${++sessions}`;
    const page = await open(a.url, query(session, 'fast'));
    await send(page, STORY);
    await expect
      .poll(async () => (await replyText(page).catch(() => '')).length)
      .toBeGreaterThan(300);
    await context.setOffline(true);
    const partial = await replyText(page);
    await page.screenshot({ path: `${SHOTS}resume-${protocol}-dropped.png` });
    expect(partial.length).toBeLessThan(whole.length);

    await context.setOffline(false);
    const switched = Date.now();
    await page.goto(`${b.url}/?${query(session, 'fast')}`);
    await expect
      .poll(async () => (await replyText(page).catch(() => '')).length, { timeout: 30_000 })
      .toBeGreaterThanOrEqual(partial.length);
    const resumedMs = Date.now() - switched;
    const text = await finished(page);
    await page.screenshot({ path: `${SHOTS}resume-${protocol}-finished.png` });
    console.info(
      `${protocol}: ${partial.length} characters before the drop, ${text.length} compared; ` +
        `the reply was back on B ${resumedMs} ms after the switch`,
    );
    expect(text).toBe(whole);
    expect(await page.locator('[data-slot="message"][data-role="assistant"]').count()).toBe(1);
    await page.close();
  });

  it('an approval asked on A is answered on B, and the same answer again on A runs nothing', async () => {
    const session = `approve-${protocol}-${process.pid}-${++sessions}`;
    const onA = await open(a.url, query(session, 'fast'));
    await send(onA, 'Delete the dist folder');
    await prompt(onA).waitFor({ timeout: 30_000 });
    // The same chat in a tab on B: the question is there.
    const onB = await open(b.url, query(session, 'fast'), true);
    await onA.reload();
    await prompt(onA).waitFor({ timeout: 30_000 });

    // The decision B's page posts, kept to be posted again.
    const decision = onB.waitForRequest(
      (request) => request.method() === 'POST' && /\/(chat\/|api\/chat)/.test(request.url()),
    );
    await prompt(onB)
      .getByRole('button', { name: /^Allow/ })
      .first()
      .click();
    const posted = await decision;
    await expect.poll(() => prompt(onB).count()).toBe(0);
    const result = onB.locator('[data-slot="tool-result-block"]');
    await expect.poll(() => result.last().getAttribute('data-state')).toBe('success');
    await finished(onB);

    if (protocol === 'agentscope') {
      // A's tab follows the session live: the answer closed its question there too.
      await expect.poll(() => prompt(onA).count()).toBe(0);
    } else {
      // A's tab still shows the question it loaded: answering it there runs nothing.
      await prompt(onA)
        .getByRole('button', { name: /^Allow/ })
        .first()
        .click();
      await expect.poll(() => prompt(onA).count()).toBe(0);
    }
    // The same answer posted again, from A's tab to A: refused, and the tool does not run again.
    const target = new URL(posted.url());
    const again = await onA.evaluate(
      async ({ url, body }) => {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
        return { status: response.status, text: await response.text() };
      },
      { url: target.pathname + target.search, body: posted.postData() ?? '' },
    );
    if (protocol === 'agentscope') expect(again.status).toBe(409);
    else expect(again.text).toContain('not waiting for anything');
    await onB.reload();
    await finished(onB);
    await onB.screenshot({ path: `${SHOTS}approve-${protocol}-once.png` });
    expect(await onB.locator('[data-slot="tool-result-block"]').count()).toBe(1);
    await onA.close();
    await onB.close();
  });
});

describe('AG-UI (HttpAgent with createResumableAgUiFetch)', () => {
  const query = (session: string, speed: string) =>
    `protocol=ag-ui&speed=${speed}&session=${session}`;

  // The thread lives in the page's `HttpAgent`, so there is no reload here: the same page's reply
  // loses its connection and the fetch reopens it. Chromium's offline mode stalls a stream rather
  // than ending it, so the drop is made in the network layer: the first answer is cut inside a
  // frame, as a proxy that gives up would. (The switch to another process on the same redis is
  // covered against the real `HttpAgent` in test/demo-server/ag-ui-http-agent-resume.test.ts.)
  it('a reply whose connection is cut mid-frame goes on in place, with no doubled and no missing text', async () => {
    const reference = await open(a.url, query(`resume-ref-ag-ui-${++sessions}`, 'firehose'));
    await send(reference, STORY);
    const whole = await finished(reference);
    await reference.close();
    expect(whole.length).toBeGreaterThan(2000);

    const page = await open(a.url, query(`resume-ag-ui-${process.pid}-${++sessions}`, 'firehose'));
    let cutAt = 0;
    await page.route('**/ag-ui?**', async (route) => {
      const request = route.request();
      if (cutAt > 0 || request.headers()['last-event-id'] !== undefined) return route.continue();
      const response = await route.fetch();
      const body = await response.text();
      // A few characters into the frame after the first third: a frame cut in two.
      cutAt = body.indexOf('\n\n', Math.floor(body.length / 3)) + 12;
      await route.fulfill({ response, body: body.slice(0, cutAt) });
    });
    const reopened = page.waitForRequest(
      (request) =>
        request.method() === 'POST' &&
        request.url().includes('/ag-ui') &&
        request.headers()['last-event-id'] !== undefined,
      { timeout: 60_000 },
    );
    await send(page, STORY);

    expect((await reopened).headers()['last-event-id']).toMatch(/:[1-9]\d*$/);
    const text = await finished(page);
    await page.screenshot({ path: `${SHOTS}resume-ag-ui-finished.png` });
    console.info(
      `ag-ui: the first answer cut at byte ${cutAt}; ${text.length} characters compared`,
    );
    expect(cutAt).toBeGreaterThan(0);
    expect(text).toBe(whole);
    expect(await page.locator('[data-slot="message"][data-role="assistant"]').count()).toBe(1);
    await page.close();
  }, 120_000);
});
