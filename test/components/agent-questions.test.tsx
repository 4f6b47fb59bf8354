/*
 * What the agent says to the user when it asks or fails: an approval's question on its prompt,
 * and a failure without a code that reads as a sentence.
 */
import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { page } from 'vitest/browser';
import { assistantMsg, textBlock, toolCallBlock } from '../../src/core.js';
import { ConfirmationPrompt } from '../../src/components/confirmation-prompt/confirmation-prompt.js';
import { Message } from '../../src/index.js';

describe('What the agent asks and reports', () => {
  it("shows an approval's question on its prompt, as the call's description", async () => {
    const call = toolCallBlock({
      id: 'c1',
      name: 'delete_files',
      input: '{"path":"/var/cache/app"}',
      state: 'asking',
      question: 'Approve deleting /var/cache/app?',
    });
    await render(<ConfirmationPrompt toolCalls={[call]} onDecision={() => {}} armDelayMs={0} />);
    const question = page.getByText('Approve deleting /var/cache/app?');
    await expect.element(question).toBeVisible();
    const group = document.querySelector('[data-slot="confirmation-prompt-call"]');
    const described = group?.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(described)?.textContent).toBe(
      'Approve deleting /var/cache/app?',
    );
  });

  it('reads a failure without a code as "Failed" and its message, not "unknown"', async () => {
    const message = {
      ...assistantMsg([textBlock('Starting')]),
      finished_reason: 'error' as const,
      error: { type: 'unknown', message: 'the model is overloaded' },
    };
    await render(<Message message={message} />);
    const ending = document.querySelector('[data-slot="message-ending"]');
    await expect.element(page.getByText('the model is overloaded')).toBeVisible();
    expect(ending?.textContent).not.toContain('unknown');
    expect(ending?.textContent).toMatch(/^Failed\s*the model is overloaded$/);
  });

  it('keeps a known error type', async () => {
    const message = {
      ...assistantMsg([textBlock('Starting')]),
      finished_reason: 'error' as const,
      error: { type: 'rate_limit', message: 'slow down' },
    };
    await render(<Message message={message} />);
    await expect.element(page.getByText('rate_limit')).toBeVisible();
  });
});
