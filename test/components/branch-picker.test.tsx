import * as React from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { page, userEvent } from 'vitest/browser';
import { BranchPicker } from '../../src/components/branch-picker/branch-picker.js';
import { AgentMessagesProvider } from '../../src/components/provider/agent-messages-provider.js';

const previous = () => page.getByRole('button', { name: 'Previous version' });
const next = () => page.getByRole('button', { name: 'Next version' });
const picker = () => document.querySelector('[data-slot="branch-picker"]');

/** A picker that owns its index, as an app would. */
function Owned({ count, initial = 0 }: { count: number; initial?: number }) {
  const [index, setIndex] = React.useState(initial);
  return <BranchPicker index={index} count={count} onChange={setIndex} />;
}

describe('BranchPicker', () => {
  it.each([0, 1, -2, Number.NaN])('renders nothing with %s versions', async (count) => {
    const { container } = await render(<BranchPicker index={0} count={count} onChange={vi.fn()} />);
    expect(container.innerHTML).toBe('');
  });

  it('shows the position, and says it in words', async () => {
    await render(<BranchPicker index={1} count={3} onChange={vi.fn()} />);
    await expect.element(page.getByRole('group', { name: 'Versions' })).toBeVisible();
    await expect.element(page.getByText('2 / 3')).toBeVisible();
    await expect.element(page.getByRole('status')).toHaveTextContent('Version 2 of 3');
    await expect.element(next()).toHaveAccessibleDescription('Version 2 of 3');
  });

  it('asks for the previous and the next version', async () => {
    const onChange = vi.fn();
    await render(<BranchPicker index={1} count={3} onChange={onChange} />);
    await userEvent.click(previous());
    expect(onChange).toHaveBeenLastCalledWith(0);
    await userEvent.click(next());
    expect(onChange).toHaveBeenLastCalledWith(2);
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('turns the buttons off at the ends, keeping them focusable', async () => {
    const onChange = vi.fn();
    const { rerender } = await render(<BranchPicker index={0} count={2} onChange={onChange} />);
    await expect.element(previous()).toHaveAttribute('aria-disabled', 'true');
    expect(picker()?.hasAttribute('data-first')).toBe(true);
    // Forced: Playwright would otherwise wait for the aria-disabled button to be enabled.
    await userEvent.click(previous(), { force: true });
    expect(onChange).not.toHaveBeenCalled();
    await rerender(<BranchPicker index={1} count={2} onChange={onChange} />);
    await expect.element(next()).toHaveAttribute('aria-disabled', 'true');
    await expect.element(previous()).not.toHaveAttribute('aria-disabled');
    expect(picker()?.hasAttribute('data-last')).toBe(true);
    await userEvent.click(next(), { force: true });
    expect(onChange).not.toHaveBeenCalled();
  });

  it('steps with the arrow keys and jumps with Home and End; focus stays at the end', async () => {
    await render(<Owned count={3} />);
    await userEvent.click(next());
    await expect.element(page.getByText('2 / 3')).toBeVisible();
    await userEvent.keyboard('{ArrowRight}');
    await expect.element(page.getByText('3 / 3')).toBeVisible();
    await expect.element(next()).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect.element(page.getByText('3 / 3')).toBeVisible();
    await userEvent.keyboard('{ArrowLeft}');
    await expect.element(page.getByText('2 / 3')).toBeVisible();
    await userEvent.keyboard('{Home}');
    await expect.element(page.getByText('1 / 3')).toBeVisible();
    await userEvent.keyboard('{End}');
    await expect.element(page.getByText('3 / 3')).toBeVisible();
  });

  it('mirrors the arrow keys right to left', async () => {
    await render(
      <div dir="rtl">
        <Owned count={3} initial={1} />
      </div>,
    );
    next().element().focus();
    await userEvent.keyboard('{ArrowLeft}');
    await expect.element(page.getByText('3 / 3')).toBeVisible();
  });

  it('clamps an index out of range instead of failing', async () => {
    const onChange = vi.fn();
    await render(<BranchPicker index={7} count={3} onChange={onChange} />);
    await expect.element(page.getByText('3 / 3')).toBeVisible();
    await userEvent.click(previous());
    expect(onChange).toHaveBeenCalledWith(1);
  });

  it('takes its labels from the provider, and its name from `label`', async () => {
    await render(
      <AgentMessagesProvider
        locale="de"
        labels={{
          previousBranch: 'Vorherige Version',
          nextBranch: 'Nächste Version',
          branchPosition: (position, count) => `Version ${position} von ${count}`,
        }}
      >
        <BranchPicker index={0} count={2} onChange={vi.fn()} label="Antwortversionen" />
      </AgentMessagesProvider>,
    );
    await expect.element(page.getByRole('group', { name: 'Antwortversionen' })).toBeVisible();
    await expect.element(page.getByRole('button', { name: 'Vorherige Version' })).toBeVisible();
    await expect
      .element(page.getByRole('button', { name: 'Nächste Version' }))
      .toHaveAccessibleDescription('Version 1 von 2');
  });
});
