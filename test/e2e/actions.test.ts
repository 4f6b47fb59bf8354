/*
 * The message actions in the demo, used as a person would: Copy says "Copied" and fills the
 * clipboard, the feedback toggles stay pressed, Retry asks the agent again and keeps the earlier
 * reply as a version that the picker walks back to by keyboard, and Edit sends the edited text.
 * Axe checks the page with the picker shown.
 */
import { createRequire } from 'node:module';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from './harness.js';
import { openChat, startHarness } from './harness.js';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const QUESTION = 'Think it through: which is larger, 9.11 or 9.9?';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
  await harness.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: harness.server.url,
  });
});
afterAll(async () => {
  await harness?.close();
});

const replies = (page: Page) => page.locator('[data-slot="message"][data-role="assistant"]');
const userMessages = (page: Page) => page.locator('[data-slot="message"][data-role="user"]');
const pressed = (reply: Locator, name: string) =>
  reply.getByRole('button', { name, exact: true }).getAttribute('aria-pressed');

async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(node: Node): Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document);
    return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`);
  });
}

describe('message actions', () => {
  it('copy, feedback, Retry with versions walked by keyboard, Edit, versions after a reload', async () => {
    const c = await openChat(harness, 'firehose');
    const { page } = c;
    try {
      await c.send(QUESTION);
      const reply = replies(page).last();
      await expect.poll(() => reply.getAttribute('data-status')).toBe('done');

      // Copy: the reply's text reaches the clipboard, and the button says so.
      const copy = reply.locator('[data-slot="message-action-copy"]');
      await copy.click();
      await reply.locator('[data-slot="message-action-copy"][data-state="copied"]').waitFor();
      expect(await copy.textContent()).toBe('Copied');
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toContain('9.9');

      // Feedback: one toggle at a time, pressed until pressed again.
      expect(await pressed(reply, 'Good response')).toBe('false');
      await reply.getByRole('button', { name: 'Bad response' }).click();
      expect(await pressed(reply, 'Bad response')).toBe('true');
      await reply.getByRole('button', { name: 'Good response' }).click();
      expect(await pressed(reply, 'Good response')).toBe('true');
      expect(await pressed(reply, 'Bad response')).toBe('false');
      await c.shot('actions-feedback');

      // Retry: a second reply to the same message; the list shows it alone, at 2 / 2.
      await reply.getByRole('button', { name: 'Retry' }).click();
      const picker = page.locator('[data-slot="branch-picker"]');
      await picker.getByText('2 / 2', { exact: true }).waitFor();
      await expect.poll(() => replies(page).last().getAttribute('data-status')).toBe('done');
      expect(await replies(page).count()).toBe(1);
      expect(await userMessages(page).count()).toBe(1);
      // The new version has no rating of its own yet.
      expect(await pressed(replies(page).last(), 'Good response')).toBe('false');
      // The server kept the user message once, and both replies.
      const session = new URL(page.url()).searchParams.get('session') ?? '';
      const stored = harness.server.store.get(session).messages.map((m) => m.role);
      expect(stored).toEqual(['user', 'assistant', 'assistant']);
      await c.shot('actions-retry-version-2');
      expect(await axeViolations(page)).toEqual([]);

      // The picker walks back to the earlier reply (the one rated "Good") and forward again,
      // focus staying on the picker from step to step.
      await picker.getByRole('button', { name: 'Next version' }).focus();
      await page.keyboard.press('ArrowLeft');
      await picker.getByText('1 / 2', { exact: true }).waitFor();
      expect(await replies(page).count()).toBe(1);
      expect(await pressed(replies(page).last(), 'Good response')).toBe('true');
      await c.shot('actions-retry-version-1');
      const focusInPicker = () =>
        page.evaluate(() => !!document.activeElement?.closest('[data-slot="branch-picker"]'));
      expect(await focusInPicker()).toBe(true);
      await page.keyboard.press('ArrowRight');
      await picker.getByText('2 / 2', { exact: true }).waitFor();
      expect(await pressed(replies(page).last(), 'Good response')).toBe('false');
      expect(await focusInPicker()).toBe(true);
      await page.keyboard.press('Home');
      await picker.getByText('1 / 2', { exact: true }).waitFor();
      await page.keyboard.press('End');
      await picker.getByText('2 / 2', { exact: true }).waitFor();

      // Edit: the inline editor sends the edited text as a new turn, answered like any other.
      const question = userMessages(page).first();
      await question.getByRole('button', { name: 'Edit' }).click();
      const editor = question.getByRole('textbox', { name: 'Edit message' });
      await editor.fill('Hello');
      await editor.press('Control+Enter');
      await userMessages(page).last().getByText('Hello', { exact: true }).waitFor();
      expect(await userMessages(page).count()).toBe(2);
      await expect.poll(() => replies(page).count()).toBe(2);
      await expect.poll(() => replies(page).last().getAttribute('data-status')).toBe('done');
      await c.shot('actions-edit-sent');

      // A reload rebuilds the versions from the history: the reply after the question is 2 / 2.
      await page.reload();
      await picker.getByText('2 / 2', { exact: true }).waitFor();
      expect(await replies(page).count()).toBe(2);

      // Retrying the earlier turn: its new reply arrives after the later turn, yet is shown as
      // its third version, in its place, and stays there after a reload.
      await replies(page).first().getByRole('button', { name: 'Retry' }).click();
      await picker.getByText('3 / 3', { exact: true }).waitFor();
      await expect.poll(() => replies(page).first().getAttribute('data-status')).toBe('done');
      const order = () =>
        page
          .locator('[data-slot="message"]')
          .evaluateAll((all) => all.map((m) => m.getAttribute('data-role')));
      expect(await order()).toEqual(['user', 'assistant', 'user', 'assistant']);
      expect(await userMessages(page).last().textContent()).toContain('Hello');
      await page.reload();
      await picker.getByText('3 / 3', { exact: true }).waitFor();
      expect(await order()).toEqual(['user', 'assistant', 'user', 'assistant']);
      expect(c.problems).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
