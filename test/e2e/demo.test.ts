/*
 * The demo, used as a person would: the real local agent and page, in Chromium. Fast replies use
 * `firehose` speed; the tests that need to see a reply in progress (streaming, stopping,
 * reloading) use `realistic` or `fast`.
 */
import { copyFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ChatPage, Harness } from './harness.js';
import { openChat, SEND_READY, SHOTS, startHarness } from './harness.js';

const DOCS_CHAT = new URL('../../docs/demo-chat.png', import.meta.url).pathname;
const RPC_LOG = new URL('../../demo/fixtures/operator-use-rpc-events.jsonl', import.meta.url)
  .pathname;
const DOCS_REPLAY = new URL('../../docs/demo-replay.png', import.meta.url).pathname;
const DOCS_STREAM_TABLE = new URL('../../docs/stream-table.png', import.meta.url).pathname;
const DOCS_STREAM_CODE = new URL('../../docs/stream-code.png', import.meta.url).pathname;

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface AxeResult {
  violations: { id: string; nodes: { target: string[] }[] }[];
}

let harness: Harness;
const open: ChatPage[] = [];

beforeAll(async () => {
  harness = await startHarness();
});
// A page left open keeps its event stream, and Chromium opens at most six connections per host.
afterEach(async () => {
  for (const chatPage of open.splice(0)) await chatPage.page.close().catch(() => undefined);
});
afterAll(async () => {
  await harness?.close();
});

async function chat(speed: string): Promise<ChatPage> {
  const page = await openChat(harness, speed);
  open.push(page);
  return page;
}

function done(chatPage: ChatPage): void {
  expect(chatPage.problems).toEqual([]);
}

const replies = (page: Page) => page.locator('[data-slot="message"][data-role="assistant"]');
const lastReply = (page: Page) => replies(page).last();
const prompt = (page: Page) => page.locator('[data-slot="confirmation-prompt"]');

/** Waits until the prompt accepts clicks (it ignores them for a moment after it appears). */
async function armedPrompt(page: Page): Promise<Locator> {
  const root = prompt(page);
  await root.and(page.locator('[data-armed]')).waitFor();
  return root;
}

/** The status of the reply to the last user message, once that message is `text` (else null). */
function replyTo(page: Page, text: string): Promise<string | null> {
  // The list is virtualized: only the rows near the viewport are in the DOM, so count nothing.
  return page.evaluate((sent) => {
    const all = [...document.querySelectorAll('[data-slot="message"]')];
    const user = all.findLastIndex((message) => message.getAttribute('data-role') === 'user');
    if (user < 0 || !all[user]?.textContent?.includes(sent)) return null;
    return all[user + 1]?.getAttribute('data-status') ?? null;
  }, text);
}

async function textLength(locator: Locator): Promise<number> {
  return (await locator.textContent())?.length ?? 0;
}

describe('chat', () => {
  it('streams a markdown answer with code, a table and footnotes, then finishes', async () => {
    const c = await chat('fast');
    await c.send('Write a markdown report with code, a table and citations');
    const text = lastReply(c.page).locator('[data-slot="text-block"]').first();
    await text.and(c.page.locator('[data-streaming]')).waitFor();
    await c.shot('01-markdown-streaming');
    await expect.poll(() => lastReply(c.page).getAttribute('data-status')).toBe('done');
    await expect.poll(() => text.locator('[data-streaming]').count()).toBe(0);
    const reply = lastReply(c.page);
    expect(
      await reply.getByRole('heading', { name: 'What the event fold guarantees' }).count(),
    ).toBe(1);
    expect(await reply.locator('table').count()).toBe(1);
    expect(await reply.getByRole('cell', { name: 'O(delta)' }).count()).toBe(2);
    expect(await reply.locator('pre code').count()).toBeGreaterThanOrEqual(2);
    expect(await reply.getByText('<b>not bold</b>').count()).toBe(1);
    expect(
      await reply.getByRole('link', { name: 'link to the AgentScope repository' }).count(),
    ).toBe(1);
    await c.shot('02-markdown-done');
    done(c);
  });

  it('opens a thinking block', async () => {
    const c = await chat('firehose');
    await c.send('Think it through: which is larger, 9.11 or 9.9?');
    const trigger = lastReply(c.page).locator('[data-slot="thinking-block-trigger"]');
    await expect.poll(() => lastReply(c.page).getAttribute('data-status')).toBe('done');
    expect(await trigger.getAttribute('aria-expanded')).toBe('false');
    await trigger.click();
    expect(await trigger.getAttribute('aria-expanded')).toBe('true');
    await lastReply(c.page)
      .getByText('A common slip is to compare them', { exact: false })
      .waitFor();
    await c.shot('03-thinking-open');
    done(c);
  });
  it('a suggestion chip sends its prompt and starts that scenario', async () => {
    const c = await chat('firehose');
    await c.page
      .getByRole('list', { name: 'Suggestions' })
      .getByRole('button', { name: 'Think first' })
      .click();
    await expect.poll(() => replyTo(c.page, 'Think it through: which is larger')).toBe('done');
    expect(await lastReply(c.page).locator('[data-slot="thinking-block-trigger"]').count()).toBe(1);
    done(c);
  });

  it("the page's speed control sets how fast the agent replies", async () => {
    const c = await chat('slow');
    await c.page.getByLabel('Speed').selectOption('firehose');
    const posted = c.page.waitForRequest(
      (r) => r.method() === 'POST' && r.url().endsWith('/chat/'),
    );
    await c.send('Tell me a long story');
    expect((await posted).postDataJSON()).toMatchObject({ speed: 'firehose' });
    // At the `slow` the page opened with, this story takes minutes.
    await expect.poll(() => replyTo(c.page, 'Tell me a long story')).toBe('done');
    done(c);
  });
});

describe('tool calls', () => {
  it('approve: the call runs and its output streams into the card', async () => {
    const c = await chat('realistic');
    await c.send('List the files in src with ls');
    const root = await armedPrompt(c.page);
    expect(await root.getByText('ls -la src', { exact: false }).count()).toBeGreaterThan(0);
    await c.shot('04-approval-prompt');
    await root.getByRole('button', { name: /^Allow/ }).click();
    const result = lastReply(c.page).locator('[data-slot="tool-result-block"]').first();
    await result.and(c.page.locator('[data-state="running"]')).waitFor({ state: 'attached' });
    await expect.poll(() => result.getAttribute('data-state')).toBe('success');
    await expect.poll(() => lastReply(c.page).getAttribute('data-status')).toBe('done');
    expect(await prompt(c.page).count()).toBe(0);
    const card = lastReply(c.page).locator('[data-slot="tool-call-card"]');
    if ((await card.getAttribute('data-open')) === null)
      await card.locator('[data-slot="tool-call-card-header"]').click();
    await card.getByText('index.ts', { exact: false }).first().waitFor();
    await c.shot('05-approved-result');
    done(c);
  });

  it('deny: the result says denied', async () => {
    const c = await chat('firehose');
    await c.send('Delete the dist folder');
    const root = await armedPrompt(c.page);
    expect(await root.getByRole('button', { name: /^Always allow/ }).count()).toBe(0);
    await root.getByRole('button', { name: /^Deny/ }).click();
    await expect.poll(() => lastReply(c.page).getAttribute('data-status')).toBe('done');
    const card = lastReply(c.page).locator('[data-slot="tool-call-card"]');
    await expect
      .poll(() => card.locator('[data-slot="tool-result-block"]').getAttribute('data-state'))
      .toBe('denied');
    await card.getByText('Denied', { exact: false }).first().waitFor();
    await c.shot('06-denied');
    done(c);
  });

  it('always allow: the next identical call runs without asking', async () => {
    const c = await chat('firehose');
    await c.send('List the files in src with ls');
    const root = await armedPrompt(c.page);
    await root.getByRole('button', { name: /^Always allow Bash: ls:\*/ }).click();
    await expect.poll(() => lastReply(c.page).getAttribute('data-status')).toBe('done');
    // Would the prompt appear, even for a moment?
    await c.page.evaluate(() => {
      const flag = document.documentElement.dataset;
      new MutationObserver(() => {
        if (document.querySelector('[data-slot="confirmation-prompt"]')) flag['asked'] = 'yes';
      }).observe(document.body, { subtree: true, childList: true });
    });
    await c.send('List the files in src with ls again');
    await expect.poll(() => replyTo(c.page, 'again')).toBe('done');
    expect(await c.page.locator('html').getAttribute('data-asked')).toBeNull();
    expect(await prompt(c.page).count()).toBe(0);
    const second = lastReply(c.page);
    expect(await second.locator('[data-slot="tool-call-card"]').getAttribute('data-state')).toBe(
      'finished',
    );
    expect(await second.locator('[data-slot="tool-result-block"]').getAttribute('data-state')).toBe(
      'success',
    );
    await c.shot('07-always-allowed');
    done(c);
  });

  it('runs a tool in the browser, and shows failures, hints and limits', async () => {
    const c = await chat('firehose');
    await c.send('What time zone is my browser in?');
    await c.page.getByRole('button', { name: 'Run and share' }).click();
    await expect.poll(() => lastReply(c.page).getAttribute('data-status')).toBe('done');
    await lastReply(c.page)
      .locator('[data-slot="text-block"]')
      .getByText('timeZone', { exact: false })
      .first()
      .waitFor();
    const cases: [string, string, string][] = [
      [
        "What's the weather in Atlantis?",
        'done',
        '[data-slot="tool-result-block"][data-state="error"]',
      ],
      ['Show a runtime hint', 'done', '[data-slot="hint-block"]'],
      ['Keep searching until you find the answer', 'exceeded', '[data-slot="message-ending"]'],
      ['Trigger a server error', 'error', '[data-slot="message-error"]'],
    ];
    for (const [text, status, shows] of cases) {
      await c.send(text);
      await expect.poll(() => replyTo(c.page, text)).toBe(status);
      expect(await lastReply(c.page).locator(shows).count()).toBeGreaterThan(0);
    }
    await c.shot('08-failures-hints-limits');
    done(c);
  });
});

describe('interrupts and reloads', () => {
  it('stop: a long reply is marked interrupted and stops growing', async () => {
    const c = await chat('realistic');
    await c.send('Tell me a long story');
    const text = lastReply(c.page).locator('[data-slot="text-block"]');
    await expect.poll(() => textLength(text)).toBeGreaterThan(80);
    await c.page.getByRole('button', { name: 'Stop', exact: true }).click();
    await expect.poll(() => lastReply(c.page).getAttribute('data-status')).toBe('interrupted');
    // The finished text renders in the background a moment after the status changes (emphasis
    // the streaming tail closed shows its marker as text then): read the length once it has.
    await expect
      .poll(async () => {
        const before = await textLength(text);
        await c.page.waitForTimeout(300);
        return (await textLength(text)) === before;
      })
      .toBe(true);
    const length = await textLength(text);
    await c.page.waitForTimeout(600);
    expect(await textLength(text)).toBe(length);
    await c.shot('09-interrupted');
    done(c);
  });

  it('stop while a tool call waits for approval: the reply ends interrupted, the prompt goes', async () => {
    const c = await chat('firehose');
    await c.send('Delete the dist folder');
    await armedPrompt(c.page);
    await c.page.getByRole('button', { name: 'Stop', exact: true }).click();
    await expect.poll(() => lastReply(c.page).getAttribute('data-status')).toBe('interrupted');
    await expect.poll(() => prompt(c.page).count()).toBe(0);
    const result = lastReply(c.page).locator('[data-slot="tool-result-block"]');
    expect(await result.getAttribute('data-state')).toBe('interrupted');
    await c.page.locator('[data-slot="composer-input"]').fill('next');
    await c.page.locator(SEND_READY).waitFor();
    done(c);
  });

  it('reload mid-stream: history + replay restore the conversation without duplicates', async () => {
    const c = await chat('realistic');
    await c.send('Tell me a long story');
    const text = () => lastReply(c.page).locator('[data-slot="text-block"]');
    await expect.poll(() => textLength(text())).toBeGreaterThan(150);
    const before = (await text().textContent()) ?? '';
    await c.page.reload();
    await expect.poll(() => lastReply(c.page).getAttribute('data-status')).toBe('streaming');
    await expect.poll(() => textLength(text())).toBeGreaterThan(before.length + 40);
    const after = (await text().textContent()) ?? '';
    const flat = (value: string) => value.replace(/\s+/g, '');
    expect(flat(after)).toContain(flat(before).slice(0, 120));
    expect(after.split('The Keeper of Vell')).toHaveLength(2);
    expect(after.split('The lighthouse keeper of Vell')).toHaveLength(2);
    expect(await c.page.locator('[data-slot="message"][data-role="user"]').count()).toBe(1);
    expect(await replies(c.page).count()).toBe(1);
    await c.shot('10-reloaded-mid-stream');
    await c.page.getByRole('button', { name: 'Stop', exact: true }).click();
    await expect.poll(() => lastReply(c.page).getAttribute('data-status')).toBe('interrupted');
    done(c);
  });
});

describe('media', () => {
  it('loads every image, the audio, the video and the PDF from this server', async () => {
    const c = await chat('firehose');
    await c.send('Show me an image, an audio clip, a video and a PDF');
    await expect.poll(() => lastReply(c.page).getAttribute('data-status')).toBe('done');
    const reply = lastReply(c.page);
    const card = reply.locator('[data-slot="tool-call-card"]');
    if ((await card.getAttribute('data-open')) === null)
      await card.locator('[data-slot="tool-call-card-header"]').click();
    const images = reply.locator('img');
    await expect.poll(() => images.count()).toBeGreaterThanOrEqual(2);
    await expect
      .poll(() =>
        images.evaluateAll((all) =>
          all.map(
            (img) =>
              (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
          ),
        ),
      )
      .not.toContain(false);
    const origin = harness.server.url;
    const sources = await reply
      .locator('audio, video, iframe, object, embed, a[href*="/media/"]')
      .evaluateAll((all) =>
        all.map((el) => ({
          tag: el.tagName.toLowerCase(),
          src:
            (el as HTMLMediaElement).currentSrc ||
            el.getAttribute('src') ||
            el.getAttribute('data') ||
            el.getAttribute('href') ||
            '',
        })),
      );
    const byKind = (pattern: RegExp) => sources.filter((s) => pattern.test(s.src));
    expect(byKind(/chime\.wav$/).length).toBeGreaterThan(0);
    expect(byKind(/clip\.webm$/).length).toBeGreaterThan(0);
    expect(byKind(/report\.pdf/).length).toBeGreaterThan(0);
    for (const { src } of sources) {
      const url = new URL(src, origin);
      expect(url.origin).toBe(new URL(origin).origin);
      expect((await c.page.request.get(url.href)).status()).toBe(200);
    }
    // The generated clip and chime really decode: their metadata loads.
    const metadata = (selector: string) =>
      reply
        .locator(selector)
        .first()
        .evaluate(async (element) => {
          const media = element as HTMLVideoElement;
          if (media.readyState < 1) {
            media.preload = 'metadata';
            media.load();
            await new Promise((resolve, reject) => {
              media.addEventListener('loadedmetadata', resolve, { once: true });
              media.addEventListener('error', () => reject(new Error(`${media.src} failed`)), {
                once: true,
              });
            });
          }
          return [
            Math.round(media.duration * 10) / 10,
            media.videoWidth ?? 0,
            media.videoHeight ?? 0,
          ];
        });
    expect(await metadata('video')).toEqual([2, 160, 90]);
    expect(await metadata('audio')).toEqual([1.2, 0, 0]);
    // The page allow-lists its own /media/ path, so the PDF previews in a frame at once.
    const frame = reply.locator('iframe, object, embed').first();
    await frame.waitFor({ state: 'attached' });
    const frameSrc = (await frame.getAttribute('src')) ?? (await frame.getAttribute('data')) ?? '';
    expect(frameSrc).toContain('/media/report.pdf');
    expect((await c.page.request.get(new URL(frameSrc, origin).href)).status()).toBe(200);
    await card.scrollIntoViewIfNeeded();
    await c.shot('11-media');
    done(c);
  });
});

describe('page', () => {
  it('has no axe violations: chat with a pending prompt, dark theme, replay viewer', async () => {
    const c = await chat('firehose');
    const violations = async () => {
      await c.page.addScriptTag({ path: AXE });
      return c.page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run(node: Node): Promise<AxeResult> } }).axe;
        const result = await axe.run(document);
        return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`);
      });
    };
    await c.send('Think it through: which is larger, 9.11 or 9.9?');
    await expect.poll(() => replyTo(c.page, 'Think it through')).toBe('done');
    await c.send('List the files in src with ls');
    await armedPrompt(c.page);
    expect(await violations()).toEqual([]);
    await c.page.getByRole('button', { name: 'Dark theme' }).click();
    expect(await violations()).toEqual([]);
    await c.page.getByRole('button', { name: 'Dark theme' }).click();
    await c.page.getByRole('tab', { name: 'Replay viewer' }).click();
    await c.page.getByRole('slider', { name: 'Events folded' }).waitFor();
    expect(await violations()).toEqual([]);
    done(c);
  });

  it('devtools: the chat toggle opens the panel on the recorded stream, scrubbable', async () => {
    const c = await chat('firehose');
    await c.send('Think it through: which is larger, 9.11 or 9.9?');
    await expect.poll(() => replyTo(c.page, 'Think it through')).toBe('done');
    await c.page.getByRole('button', { name: 'Devtools', exact: true }).click();
    const panel = c.page.getByRole('region', { name: 'Agent devtools' });
    const slider = panel.getByRole('slider', { name: 'Events folded' });
    await slider.waitFor();
    const total = Number(await slider.getAttribute('max'));
    expect(total).toBeGreaterThan(5);
    const shown = panel.getByRole('log', { name: 'Conversation at this point' });
    await expect.poll(() => shown.locator('[data-slot="message"]').count()).toBeGreaterThan(0);
    await slider.fill('0');
    await expect.poll(() => shown.locator('[data-slot="message"]').count()).toBe(0);
    await panel.getByRole('button', { name: 'Last' }).click();
    await expect.poll(() => shown.locator('[data-slot="message"]').count()).toBeGreaterThan(0);
    await c.shot('16-devtools');
    await slider.focus();
    await c.page.keyboard.press('Escape');
    await expect.poll(() => panel.count()).toBe(0);
    done(c);
  });

  it('switches to the dark theme', async () => {
    const c = await chat('firehose');
    await c.send('Think it through: which is larger, 9.11 or 9.9?');
    await expect.poll(() => lastReply(c.page).getAttribute('data-status')).toBe('done');
    await c.page.getByRole('button', { name: 'Dark theme' }).click();
    expect(await c.page.locator('html').getAttribute('data-theme')).toBe('dark');
    const background = await c.page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgb(9, 9, 11)');
    await c.shot('12-dark-theme');
    await c.page.getByRole('button', { name: 'Dark theme' }).click();
    done(c);
  });

  it('replay viewer: the markdown answer at the moment its table, then its code, is streaming', async () => {
    const c = await chat('firehose');
    await c.send('Write a markdown report with code, a table and citations');
    await expect.poll(() => lastReply(c.page).getAttribute('data-status')).toBe('done');
    await c.page.getByRole('button', { name: 'Replay this chat' }).click();
    const slider = c.page.getByRole('slider', { name: 'Events folded' });
    await slider.waitFor();
    const total = Number(await slider.getAttribute('max'));
    const reply = lastReply(c.page);
    // Both predicates only turn true as entries are applied: find the first entry that makes
    // each true by bisection, then step a little further into the stream.
    const firstWhere = async (selector: string) => {
      let low = 0;
      let high = total;
      while (low < high) {
        const middle = Math.floor((low + high) / 2);
        await slider.fill(String(middle));
        if ((await c.page.locator(selector).count()) > 0) high = middle;
        else low = middle + 1;
      }
      return low;
    };
    const at = async (entry: number) => {
      await slider.fill(String(entry));
      await expect.poll(() => reply.getAttribute('data-status')).toBe('streaming');
    };
    // The reply from a section heading down to its streaming end, which the list keeps in view.
    const shoot = async (heading: string, name: string) => {
      const top = await reply.getByRole('heading', { name: heading }).boundingBox();
      const box = await reply.boundingBox();
      if (!top || !box) throw new Error(`no ${heading}`);
      const y = top.y - 12;
      const clip = { x: box.x, y, width: box.width, height: box.y + box.height - y };
      await c.page.screenshot({ path: `${SHOTS}${name}.png`, clip });
    };
    const table = await firstWhere('[data-slot="message"] table tbody tr:nth-child(3)');
    await at(table + 6);
    expect(await reply.locator('table tbody tr').count()).toBe(3);
    await shoot('Costs per block type', '14-stream-table');
    const code = await firstWhere('[data-slot="code-block"][data-incomplete]');
    await at(code + 45);
    expect(await reply.locator('[data-slot="code-block"][data-incomplete]').count()).toBe(1);
    expect(await reply.textContent()).not.toContain('```');
    await shoot('A fold in TypeScript', '15-stream-code');
    done(c);
  });

  it('replay viewer: scrubs a recorded log entry by entry, and reads the other formats', async () => {
    const c = await chat('firehose');
    await c.page.getByRole('tab', { name: 'Replay viewer' }).click();
    const slider = c.page.getByRole('slider', { name: 'Events folded' });
    await slider.waitFor();
    await c.page.getByText('AgentScope events', { exact: false }).waitFor();
    const total = Number(await slider.getAttribute('max'));
    expect(total).toBeGreaterThan(100);
    await slider.focus();
    await c.page.keyboard.press('Home');
    expect(await slider.inputValue()).toBe('0');
    expect(await c.page.locator('[data-slot="message"]').count()).toBe(0);
    await c.page.keyboard.press('ArrowRight');
    await expect
      .poll(() => c.page.locator('[data-slot="message"][data-role="user"]').count())
      .toBe(1);
    for (let i = 0; i < 30; i++) await c.page.getByRole('button', { name: 'Next' }).click();
    expect(await slider.inputValue()).toBe('31');
    await expect
      .poll(() => c.page.locator('[data-slot="message"][data-role="assistant"]').count())
      .toBe(1);
    expect(await c.page.locator('[data-slot="message"][data-status="streaming"]').count()).toBe(1);
    await slider.fill(String(Math.round(total * 0.45)));
    await c.page.locator('[data-slot="message"]').first().waitFor();
    await c.shot('13-replay-scrubbed');
    await c.page.getByRole('button', { name: 'Last' }).click();
    expect(await c.page.locator('[data-slot="message"][data-status="streaming"]').count()).toBe(0);

    const fixtures: [RegExp, string][] = [
      [/AgentFlow: a streamed run/, 'AgentFlow stream chunks'],
      [/Operator-Use: RPC events/, 'Operator-Use RPC events'],
      [/Operator-Use: a session file/, 'Operator-Use session file'],
    ];
    for (const [option, kind] of fixtures) {
      const select = c.page.getByLabel('Recorded log');
      const value = await select
        .locator('option')
        .filter({ hasText: option })
        .getAttribute('value');
      await select.selectOption(value ?? '');
      await c.page.getByRole('button', { name: 'Load', exact: true }).click();
      await c.page.getByText(kind, { exact: false }).waitFor();
      await expect.poll(() => c.page.locator('[data-slot="message"]').count()).toBeGreaterThan(0);
      await c.page.getByRole('button', { name: 'First' }).click();
      expect(await c.page.locator('[data-slot="message"]').count()).toBe(0);
    }
    done(c);
  });
  it('replay viewer: opens a log file from disk and scrubs through it', async () => {
    const c = await chat('firehose');
    await c.page.getByRole('tab', { name: 'Replay viewer' }).click();
    await c.page.getByText('AgentScope events', { exact: false }).waitFor();
    await c.page.locator('input[type="file"]').setInputFiles(RPC_LOG);
    await c.page.getByText('operator-use-rpc-events.jsonl', { exact: true }).waitFor();
    await c.page.getByText('Operator-Use RPC events', { exact: false }).waitFor();
    const slider = c.page.getByRole('slider', { name: 'Events folded' });
    const total = Number(await slider.getAttribute('max'));
    expect(total).toBeGreaterThan(2);
    expect(await slider.inputValue()).toBe(String(total));
    const messages = c.page.locator('[data-slot="message"]');
    await expect.poll(() => messages.count()).toBeGreaterThan(0);
    await slider.focus();
    await c.page.keyboard.press('Home');
    await expect.poll(() => messages.count()).toBe(0);
    await slider.fill(String(total - 1));
    await expect.poll(() => messages.count()).toBeGreaterThan(0);
    await c.page.keyboard.press('End');
    expect(await slider.inputValue()).toBe(String(total));
    done(c);
  });
});

describe('artifacts', () => {
  // The README's pictures change only on request: UPDATE_SCREENSHOTS=1 npm run test:e2e
  it.runIf(process.env['UPDATE_SCREENSHOTS'] || !existsSync(DOCS_STREAM_CODE))(
    'copies two screenshots for the README',
    () => {
      copyFileSync(`${SHOTS}04-approval-prompt.png`, DOCS_CHAT);
      copyFileSync(`${SHOTS}13-replay-scrubbed.png`, DOCS_REPLAY);
      copyFileSync(`${SHOTS}14-stream-table.png`, DOCS_STREAM_TABLE);
      copyFileSync(`${SHOTS}15-stream-code.png`, DOCS_STREAM_CODE);
    },
  );
});
