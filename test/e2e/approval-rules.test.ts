/*
 * Approval rules in the demo, used as a person would: "Always allow" once, the next matching call
 * is approved without a click and says so, the rule is revoked from the card, and the next call
 * asks again. The rules panel lists the rule and the log; axe checks the open panel.
 */
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Harness } from './harness.js';
import { openChat, startHarness } from './harness.js';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.close();
});

const replies = (page: Page) => page.locator('[data-slot="message"][data-role="assistant"]');
const prompt = (page: Page) => page.locator('[data-slot="confirmation-prompt"]');

/** Starts watching for any confirmation prompt, even one shown for a single frame. */
async function watchForPrompt(page: Page): Promise<void> {
  await page.evaluate(() => {
    const flag = document.documentElement.dataset;
    delete flag['asked'];
    new MutationObserver(() => {
      if (document.querySelector('[data-slot="confirmation-prompt"]')) flag['asked'] = 'yes';
    }).observe(document.body, { subtree: true, childList: true });
  });
}

describe('approval rules', () => {
  it('"Always allow" once; the next call is approved by the rule and says so; revoked, the next asks', async () => {
    const c = await openChat(harness, 'firehose');
    const { page } = c;
    try {
      await c.send('List the files in src with ls');
      const first = prompt(page).and(page.locator('[data-armed]'));
      await first.waitFor();
      await first.getByRole('button', { name: /^Always allow Bash: ls:\*/ }).click();
      await expect.poll(() => replies(page).last().getAttribute('data-status')).toBe('done');
      await page.getByText('Approval rules (1)').waitFor();

      await watchForPrompt(page);
      // The new reply, not the last one before it arrives (which is already done).
      const before = await replies(page).count();
      await c.send('List the files in src with ls again');
      const second = replies(page).nth(before);
      await second.waitFor();
      await expect.poll(() => second.getAttribute('data-status')).toBe('done');
      expect(await page.locator('html').getAttribute('data-asked')).toBeNull();
      const card = second.locator('[data-slot="tool-call-card"]');
      expect(await card.getAttribute('data-decided-by')).toBe('rule');
      await card.getByText('Approved by rule Bash: ls:*').waitFor();
      expect(
        await second.locator('[data-slot="tool-result-block"]').getAttribute('data-state'),
      ).toBe('success');

      // The panel lists the rule, used once, and both decisions; axe finds nothing in it.
      await page.getByText('Approval rules (1)').click();
      const panel = page.locator('[data-slot="approval-rules"]');
      const rule = panel.locator('[data-slot="approval-rules-rule"]');
      expect(await rule.count()).toBe(1);
      await rule.getByRole('cell', { name: 'ls:*', exact: true }).waitFor();
      await rule.getByRole('cell', { name: '1 time', exact: true }).waitFor();
      expect(await panel.locator('[data-slot="approval-log-entry"]').count()).toBe(2);
      await page.addScriptTag({ path: AXE });
      const violations = await page.evaluate(async () => {
        const axe = (
          window as unknown as {
            axe: { run(node: Element): Promise<{ violations: { id: string }[] }> };
          }
        ).axe;
        const panelNode = document.querySelector('[data-slot="approval-rules"]');
        return panelNode ? (await axe.run(panelNode)).violations.map((v) => v.id) : ['no panel'];
      });
      expect(violations).toEqual([]);
      await c.shot('approval-rules-panel');

      await card.getByRole('button', { name: 'Revoke rule Bash: ls:*' }).click();
      await card.getByText('Rule revoked').waitFor();
      await page.getByText('Approval rules (0)').waitFor();

      await c.send('List the files in src with ls');
      await prompt(page).waitFor();
      await c.shot('approval-rule-revoked-asks-again');
      expect(c.problems).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
