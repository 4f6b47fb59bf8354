/*
 * The demo's protocol switch, used as a person would: the same page speaks AgentScope (its
 * session stream), the AI SDK UI message stream (`POST /api/chat`) and AG-UI (`POST /ag-ui`)
 * through one `useMessageStream`; in each, a command asks for approval, Allow runs it, and the
 * reply finishes with the command's output.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatPage, Harness } from './harness.js';
import { openChat, startHarness } from './harness.js';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.close();
});

const prompt = (page: Page) => page.locator('[data-slot="confirmation-prompt"]');
const lastReply = (page: Page) =>
  page.locator('[data-slot="message"][data-role="assistant"]').last();

describe.each([
  { protocol: 'agentscope', label: 'AgentScope' },
  { protocol: 'ai-sdk', label: 'AI SDK' },
  { protocol: 'ag-ui', label: 'AG-UI' },
])('the chat in $label', ({ protocol, label }) => {
  let c: ChatPage;

  it('is chosen in the page and kept in the URL', async () => {
    c = await openChat(harness, 'firehose');
    await c.page.getByLabel('Protocol').selectOption({ label });
    await c.page.getByText(/^(Connected|Ready)$/).waitFor();
    expect(new URL(c.page.url()).searchParams.get('protocol') ?? 'agentscope').toBe(protocol);
  });

  it('asks before running a command, and Allow runs it', async () => {
    await c.send('Delete the dist folder');
    const root = prompt(c.page).and(c.page.locator('[data-armed]'));
    await root.waitFor().catch(async (error: unknown) => {
      await c.page.screenshot({ path: `test-results/e2e/protocol-${protocol}-no-prompt.png` });
      throw error;
    });
    await root
      .getByRole('button', { name: /^Allow/ })
      .first()
      .click();
    await expect.poll(() => prompt(c.page).count()).toBe(0);
    const result = c.page.locator('[data-slot="tool-result-block"]').last();
    await expect.poll(() => result.getAttribute('data-state')).toBe('success');
    await expect.poll(() => lastReply(c.page).getAttribute('data-status')).toBe('done');
    await c.page.screenshot({ path: `test-results/e2e/protocol-${protocol}-approved.png` });
    expect(c.problems).toEqual([]);
    await c.page.close();
  });
});
