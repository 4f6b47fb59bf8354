import type { Meta, StoryObj } from '@storybook/react-vite';
import * as React from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { BranchPickerProps } from '../../src/components/branch-picker/branch-picker.js';
import { BranchPicker } from '../../src/components/branch-picker/branch-picker.js';
import { AgentMessagesProvider } from '../../src/components/provider/agent-messages-provider.js';

/** The picker with its index owned here, as an app owns it; `onChange` still hears each step. */
function Owned(props: BranchPickerProps) {
  const { index: initial, onChange, ...rest } = props;
  const [index, setIndex] = React.useState(initial);
  return (
    <BranchPicker
      {...rest}
      index={index}
      onChange={(next) => {
        setIndex(next);
        onChange(next);
      }}
    />
  );
}

const meta = {
  title: 'Message/BranchPicker',
  component: BranchPicker,
  args: { index: 0, count: 3, onChange: fn() },
  render: (args) => <Owned {...args} />,
} satisfies Meta<typeof BranchPicker>;

export default meta;
type Story = StoryObj<typeof meta>;

const previous = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('button', { name: 'Previous version' });
const next = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('button', { name: 'Next version' });

/** At the first version: "Previous" is off, but stays focusable. */
export const First: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('1 / 3')).toBeVisible();
    await expect(previous(canvasElement)).toHaveAttribute('aria-disabled', 'true');
    previous(canvasElement).focus();
    await userEvent.keyboard('{ArrowLeft}');
    await expect(args.onChange).not.toHaveBeenCalled();
    await userEvent.keyboard('{ArrowRight}');
    await expect(args.onChange).toHaveBeenCalledWith(1);
    await expect(canvas.getByText('2 / 3')).toBeVisible();
  },
};

/** In the middle: both directions, from the keyboard. */
export const Middle: Story = {
  args: { index: 1 },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Version 2 of 3');
    await userEvent.tab();
    await expect(previous(canvasElement)).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onChange).toHaveBeenLastCalledWith(0);
    await userEvent.keyboard('{End}');
    await expect(args.onChange).toHaveBeenLastCalledWith(2);
    await expect(canvas.getByText('3 / 3')).toBeVisible();
  },
};

/** At the last version: "Next" is off; stepping there from the keyboard keeps focus on it. */
export const Last: Story = {
  args: { index: 2 },
  play: async ({ canvasElement, args }) => {
    await expect(next(canvasElement)).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(next(canvasElement));
    await expect(args.onChange).not.toHaveBeenCalled();
    await expect(next(canvasElement)).toHaveFocus();
    await userEvent.keyboard('{Home}');
    await expect(args.onChange).toHaveBeenLastCalledWith(0);
  },
};

/** One version only: nothing to pick, nothing rendered. */
export const Single: Story = {
  args: { count: 1 },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-slot="branch-picker"]')).toBeNull();
  },
};

/** Right to left: "previous" sits on the right and ArrowRight goes back. */
export const RightToLeft: Story = {
  args: { index: 1 },
  render: (args) => (
    <div dir="rtl">
      <Owned {...args} />
    </div>
  ),
  play: async ({ canvasElement, args }) => {
    next(canvasElement).focus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(args.onChange).toHaveBeenLastCalledWith(0);
  },
};

/** Labels from the provider: the buttons, the position and the group's name are localisable. */
export const Localised: Story = {
  args: { index: 1, count: 12, label: 'Antwortversionen' },
  render: (args) => (
    <AgentMessagesProvider
      locale="de"
      labels={{
        previousBranch: 'Vorherige Version',
        nextBranch: 'Nächste Version',
        branchPosition: (position, count) => `Version ${position} von ${count}`,
      }}
    >
      <Owned {...args} />
    </AgentMessagesProvider>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('group', { name: 'Antwortversionen' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Nächste Version' })).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent('Version 2 von 12');
  },
};
