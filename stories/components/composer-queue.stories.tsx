import * as React from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Composer } from '../../src/components/composer/composer.js';
import { AgentMessagesProvider } from '../../src/components/provider/agent-messages-provider.js';
import * as he from '../../src/locales/he.js';

const textbox = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('textbox', { name: 'Message' });
const items = (canvasElement: HTMLElement) =>
  canvasElement.querySelectorAll('[data-slot="composer-queue-item"]');
/** The failure shown on a row whose steer failed (the composer has an alert of its own). */
const steerError = (canvasElement: HTMLElement) =>
  within(canvasElement).findByText(
    (_text, element) => element?.getAttribute('data-slot') === 'composer-queue-error',
  );
/** An `onSteer` the backend refuses, as a steer route answering 409 would. */
const refusedSteer = () => Promise.reject(new Error('not delivered'));

const meta = {
  title: 'Input/Composer queue',
  component: Composer,
  args: { onSend: fn(), onStop: fn(), status: 'streaming', queue: true },
} satisfies Meta<typeof Composer>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A reply streams and nothing is queued yet: Stop, and Queue once there is text. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Stop' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Queue' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await expect(items(canvasElement)).toHaveLength(0);
  },
};

/** Enter while the reply streams: the message waits above the input, not sent. */
export const Streaming: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.type(textbox(canvasElement), 'Also check the staging logs{Enter}');
    await expect(items(canvasElement)).toHaveLength(1);
    await expect(items(canvasElement)[0]).toHaveAttribute('data-state', 'queued');
    await expect(args.onSend).not.toHaveBeenCalled();
  },
};

/** Three queued messages, in order, each with Send now and Remove. */
export const ThreeQueued: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.type(textbox(canvasElement), 'One{Enter}Two{Enter}Three{Enter}');
    await expect(items(canvasElement)).toHaveLength(3);
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Send now: queued message 3' })).toBeVisible();
  },
};

/** A queued message edited in place before it goes. */
export const Edited: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.type(textbox(canvasElement), 'Deploy to staging{Enter}');
    const queued = within(canvasElement).getByRole('textbox', { name: 'Queued message 1' });
    await userEvent.clear(queued);
    await userEvent.type(queued, 'Deploy to production');
    await expect(queued).toHaveValue('Deploy to production');
  },
};

/** Right to left: the queue follows the page's direction and each item its own text's. */
export const RightToLeft: Story = {
  render: (args) => (
    <div dir="rtl" lang="he">
      <Composer {...args} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await userEvent.type(textbox(canvasElement), 'שלום, מה המצב?{Enter}Then in English{Enter}');
    await expect(items(canvasElement)).toHaveLength(2);
  },
};

/** A reply in miniature: sending starts it (`streaming`), and the button below ends it. */
function WithReply(args: React.ComponentProps<typeof Composer>) {
  const [status, setStatus] = React.useState(args.status ?? 'streaming');
  return (
    <>
      <Composer
        {...args}
        status={status}
        onSend={(text, attachments) => {
          args.onSend(text, attachments);
          setStatus('streaming');
        }}
      />
      <button type="button" onClick={() => setStatus('done')}>
        End the reply
      </button>
    </>
  );
}

/** The reply ended and the queued message went: its row says Sent until its own reply ends. */
export const Sent: Story = {
  render: (args) => <WithReply {...args} />,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(textbox(canvasElement), 'Also check the staging logs{Enter}');
    await userEvent.click(canvas.getByRole('button', { name: 'End the reply' }));
    await expect(args.onSend).toHaveBeenCalledWith('Also check the staging logs', []);
    await expect(items(canvasElement)[0]).toHaveAttribute('data-state', 'sent');
    await expect(canvas.getByRole('status')).toHaveTextContent('Queued message 1: sent');
  },
};

/** Removed: the row stays, struck through, with Restore (which takes the focus) and Dismiss. */
export const Cancelled: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(textbox(canvasElement), 'One{Enter}Two{Enter}');
    await userEvent.click(canvas.getByRole('button', { name: 'Remove queued message 1' }));
    await expect(items(canvasElement)[0]).toHaveAttribute('data-state', 'cancelled');
    await expect(canvas.getByRole('button', { name: 'Restore queued message 1' })).toHaveFocus();
    await expect(canvas.getByRole('button', { name: 'Dismiss queued message 1' })).toBeVisible();
    await expect(args.onSend).not.toHaveBeenCalled();
  },
};

/** Every state at once: the one sent, one cancelled, one still waiting. */
export const Mixed: Story = {
  render: (args) => <WithReply {...args} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(textbox(canvasElement), 'One{Enter}Two{Enter}Three{Enter}');
    await userEvent.click(canvas.getByRole('button', { name: 'Remove queued message 2' }));
    await userEvent.click(canvas.getByRole('button', { name: 'End the reply' }));
    await expect([...items(canvasElement)].map((item) => item.getAttribute('data-state'))).toEqual([
      'sent',
      'cancelled',
      'queued',
    ]);
  },
};

/** With `onSteer`, each waiting row offers Steer beside Send now while the reply streams. */
export const Steerable: Story = {
  args: { onSteer: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(textbox(canvasElement), 'One{Enter}Two{Enter}');
    await expect(canvas.getByRole('button', { name: 'Steer: queued message 1' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Steer: queued message 2' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Send now: queued message 1' })).toBeVisible();
    await expect(args.onSteer).not.toHaveBeenCalled();
  },
};

/** Steered: the message joined the running reply, so its row reads Sent at once, read-only. */
export const Steered: Story = {
  args: { onSteer: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(textbox(canvasElement), 'Keep it short{Enter}');
    await userEvent.click(canvas.getByRole('button', { name: 'Steer: queued message 1' }));
    await expect(args.onSteer).toHaveBeenCalledWith('Keep it short', []);
    await expect(items(canvasElement)[0]).toHaveAttribute('data-state', 'sent');
    await expect(items(canvasElement)[0]).not.toHaveAttribute('data-steer-failed');
    await expect(canvas.getByRole('status')).toHaveTextContent('Queued message 1: sent');
    await expect(canvas.queryByRole('button', { name: /queued message 1/ })).toBeNull();
    await expect(args.onSend).not.toHaveBeenCalled();
  },
};

/** The steer was refused: the row waits again, in its place, with the failure said as an alert. */
export const SteerFailed: Story = {
  args: { onSteer: fn(refusedSteer) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(textbox(canvasElement), 'Keep it short{Enter}');
    await userEvent.click(canvas.getByRole('button', { name: 'Steer: queued message 1' }));
    const error = await steerError(canvasElement);
    await expect(error).toHaveAttribute('role', 'alert');
    await expect(error).toHaveTextContent('Not added to the running reply; it waits in the queue.');
    await expect(items(canvasElement)[0]).toHaveAttribute('data-state', 'queued');
    await expect(items(canvasElement)[0]).toHaveAttribute('data-steer-failed', '');
    // Still a waiting message: editable, and it can be steered again or sent now.
    await expect(canvas.getByRole('textbox', { name: 'Queued message 1' })).toHaveValue(
      'Keep it short',
    );
    await expect(canvas.getByRole('button', { name: 'Send now: queued message 1' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Steer: queued message 1' })).toBeEnabled();
    await expect(args.onSend).not.toHaveBeenCalled();
  },
};

/** Right to left, in Hebrew: one row steered, one refused with its alert. */
export const SteerRightToLeft: Story = {
  render: (args) => (
    <div dir={he.direction} lang={he.locale}>
      <AgentMessagesProvider locale={he.locale} labels={he.labels}>
        <Composer {...args} />
      </AgentMessagesProvider>
    </div>
  ),
  args: {
    onSteer: fn((text: string) => (text === 'קצר יותר' ? undefined : refusedSteer())),
  },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: he.labels.composerLabel });
    await userEvent.type(input, 'קצר יותר{Enter}ועם דוגמה{Enter}');
    const steers = () =>
      canvasElement.querySelectorAll<HTMLButtonElement>('[data-slot="composer-queue-steer"]');
    await userEvent.click(steers()[0] as HTMLButtonElement);
    await userEvent.click(steers()[0] as HTMLButtonElement);
    await expect(await steerError(canvasElement)).toHaveTextContent(he.labels.steerFailed);
    await expect([...items(canvasElement)].map((item) => item.getAttribute('data-state'))).toEqual([
      'sent',
      'queued',
    ]);
    await expect(items(canvasElement)[1]).toHaveAttribute('data-steer-failed', '');
  },
};
