/*
 * Queue, steer and stop in the demo's AI SDK chat, used as a person would: a message written
 * while the reply streams waits in the queue, Steer hands it to the running reply (which answers
 * it at its next step, in the same reply), and Stop ends the run on the server too, so nothing of
 * it plays on to be resumed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { steeringAcknowledgement } from '../../demo/server/ai-sdk/route.js';
import type { Harness } from './harness.js';
import { openChat, startHarness } from './harness.js';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.close();
});

const STORY = 'Tell me a long story';

describe('the AI SDK chat while a reply streams', () => {
  it('queues a message, and Steer puts it into the running reply, which answers it', async () => {
    const c = await openChat(harness, 'realistic', '&protocol=ai-sdk');
    const { page } = c;
    await c.send(STORY);
    const reply = page.locator('[data-slot="message"][data-role="assistant"]').last();
    await expect.poll(() => reply.getAttribute('data-status')).toBe('streaming');

    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('Make it about a lighthouse');
    await box.press('Enter');
    const row = page.locator('[data-slot="composer-queue-item"]');
    await expect.poll(() => row.getAttribute('data-state')).toBe('queued');
    await page.getByRole('button', { name: 'Steer: queued message 1' }).click();
    await c.shot('steer-sent');

    // The next step of the same reply answers it; no second reply starts.
    const acknowledgement = steeringAcknowledgement('Make it about a lighthouse');
    await expect.poll(() => reply.textContent(), { timeout: 120_000 }).toContain(acknowledgement);
    await expect.poll(() => reply.getAttribute('data-status'), { timeout: 120_000 }).toBe('done');
    const replies = page.locator('[data-slot="message"][data-role="assistant"]');
    expect(await replies.count()).toBe(1);
    // The steering message shows inside the reply, where it joined it.
    expect(await reply.textContent()).toContain('Make it about a lighthouse');
    await expect.poll(() => row.count()).toBe(0);
    await c.shot('steer-answered');
    expect(c.problems).toEqual([]);
    await page.close();
  }, 240_000);

  it('Stop ends the reply on the server too: nothing is left running to steer', async () => {
    const c = await openChat(harness, 'slow', '&protocol=ai-sdk');
    const { page } = c;
    await c.send(STORY);
    const reply = page.locator('[data-slot="message"][data-role="assistant"]').last();
    await expect.poll(() => reply.getAttribute('data-status')).toBe('streaming');
    await page.locator('[data-slot="composer-button"][data-action="stop"]').click();
    await expect.poll(() => reply.getAttribute('data-status')).toBe('interrupted');

    const chatId = new URL(page.url()).searchParams.get('session') ?? '';
    const steer = () =>
      fetch(`${harness.server.url}/api/chat/${encodeURIComponent(chatId)}/steer`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text: 'still there?' }),
      }).then((response) => response.status);
    await expect.poll(steer, { timeout: 30_000 }).toBe(404);
    expect(c.problems).toEqual([]);
    await page.close();
  }, 120_000);
});
