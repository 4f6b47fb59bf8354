/*
 * Where focus goes when a prompt mounts: to a new prompt in view, without scrolling; nowhere for
 * one out of view, such as a row far up a scrolled list that was loaded with history.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { page } from 'vitest/browser';
import type { ToolCallBlock } from '../../src/core.js';
import { toolCallBlock } from '../../src/core.js';
import { ConfirmationPrompt } from '../../src/components/confirmation-prompt/confirmation-prompt.js';

const call = toolCallBlock({
  id: 'call-f',
  name: 'Bash',
  input: '{"command":"ls"}',
  state: 'asking',
  suggested_rules: [],
});
const title = () => page.getByText('The agent wants to run a tool');

/** A scrolling list 200px high with the prompt's row `above` px from its top. */
function List({ calls, above }: { calls: ToolCallBlock[]; above: number }) {
  return (
    <div data-testid="list" style={{ height: 200, overflowY: 'auto', overflowAnchor: 'none' }}>
      <div style={{ height: above }} />
      <div style={{ height: 300 }}>
        <ConfirmationPrompt toolCalls={calls} onDecision={() => {}} armDelayMs={0} />
      </div>
      <div style={{ height: 2000 }} />
    </div>
  );
}

async function mountScrolled(above: number, scrollTop: number) {
  const screen = await render(<List calls={[]} above={above} />);
  const list = page.getByTestId('list').element();
  list.scrollTop = scrollTop;
  await screen.rerender(<List calls={[call]} above={above} />);
  // Give a late scroll (focus, scroll anchoring) a frame to happen.
  await new Promise(requestAnimationFrame);
  return list;
}

describe('ConfirmationPrompt focus on mount', () => {
  beforeEach(() => {
    (document.activeElement as HTMLElement | null)?.blur();
  });

  it('keeps a scrolled list where it is when a prompt mounts far up, out of view', async () => {
    const list = await mountScrolled(0, 2100);
    expect(list.scrollTop).toBe(2100);
    expect(document.activeElement).toBe(document.body);
  });

  it('focuses a prompt that appears partly in view without scrolling to it', async () => {
    // The row starts 10px above the list's bottom edge: the title shows only in part.
    const list = await mountScrolled(1000, 810);
    await expect.element(title()).toHaveFocus();
    expect(list.scrollTop).toBe(810);
  });

  it('moves focus from the body to a prompt that appears in view', async () => {
    function Chat({ calls }: { calls: ToolCallBlock[] }) {
      return <ConfirmationPrompt toolCalls={calls} onDecision={() => {}} armDelayMs={0} />;
    }
    const screen = await render(<Chat calls={[]} />);
    expect(document.activeElement).toBe(document.body);
    await screen.rerender(<Chat calls={[call]} />);
    await expect.element(title()).toHaveFocus();
  });
});
