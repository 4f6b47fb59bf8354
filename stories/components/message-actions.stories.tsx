import type { Meta, StoryObj } from '@storybook/react-vite';
import * as React from 'react';
import { expect, fn, spyOn, userEvent, waitFor, within } from 'storybook/test';
import { assistantMsg, userMsg } from '../../src/core.js';
import { AgentMessagesProvider, Message } from '../../src/index.js';
import { foldedReply } from '../fixtures/conversations.js';

const T = '2026-09-01T12:00:00Z';
const ANSWER =
  'It will be **18 °C** in Paris with light rain: take an [umbrella](https://example.com/umbrellas).';
const answer = assistantMsg(ANSWER, { id: 'answer', name: 'Friday', created_at: T });
const question = userMsg('What is the weather in Paris tomorrow?', {
  id: 'question',
  name: 'Ada',
  created_at: T,
});

const meta = {
  title: 'Message/Actions',
  component: Message,
  args: { message: answer },
} satisfies Meta<typeof Message>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Stubs the clipboard for one story, so that Copy behaves the same in every browser. */
function stubClipboard(outcome: 'accept' | 'refuse') {
  return () => {
    const spy = spyOn(navigator.clipboard, 'writeText');
    if (outcome === 'accept') spy.mockResolvedValue(undefined);
    else spy.mockRejectedValue(new DOMException('Write permission denied.', 'NotAllowedError'));
    return () => spy.mockRestore();
  };
}

/** A finished reply: Copy, Retry and feedback. The keyboard reaches the bar with Tab. */
export const AssistantReply: Story = {
  args: { onRetry: fn(), onFeedback: fn() },
  beforeEach: stubClipboard('accept'),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const copy = canvas.getByRole('button', { name: 'Copy' });
    for (let i = 0; i < 6 && document.activeElement !== copy; i++) await userEvent.tab();
    await expect(copy).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(await canvas.findByRole('button', { name: 'Copied' })).toHaveAttribute(
      'data-state',
      'copied',
    );
    await expect(navigator.clipboard.writeText).toHaveBeenCalledWith(ANSWER);
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await expect(args.onRetry).toHaveBeenCalledWith(answer);
  },
};

/** A long reply with thinking and a tool call: Copy takes its text blocks only. */
export const ReplyWithTools: Story = {
  args: { message: foldedReply(), onRetry: fn() },
  play: async ({ canvasElement }) => {
    const bar = canvasElement.querySelector('[data-slot="message-actions"]');
    await expect(bar).not.toBeNull();
  },
};

/** A user message with Edit (and Copy). */
export const UserMessage: Story = {
  args: { message: question, onEdit: fn() },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Retry' })).toBeNull();
  },
};

/** The editor open: Escape cancels and focus returns to Edit; Save saves. */
export const EditorOpen: Story = {
  args: { message: question, onEdit: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    // The text renders once the markdown renderer has loaded.
    await canvas.findByText('What is the weather in Paris tomorrow?');
    canvas.getByRole('button', { name: 'Edit' }).focus();
    await userEvent.keyboard('{Enter}');
    const input = await canvas.findByRole('textbox', { name: 'Edit message' });
    await expect(input).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect(canvas.queryByRole('textbox')).toBeNull();
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Edit' })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' and Lyon');
    // Ctrl+Enter is tested with real key events in the browser tests; the simulated keys here
    // would replay the Enter on the Edit button that takes focus back.
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expect(args.onEdit).toHaveBeenCalledWith(
      question,
      'What is the weather in Paris tomorrow? and Lyon',
    );
    // Left open for the snapshot: the editor as the user sees it.
    await userEvent.click(canvas.getByRole('button', { name: 'Edit' }));
    await expect(canvas.getByRole('button', { name: 'Save' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Cancel' })).toBeVisible();
  },
};

/** Feedback controlled by the app: "Good response" pressed. */
export const FeedbackUp: Story = {
  args: { feedback: 'up', onFeedback: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const up = canvas.getByRole('button', { name: 'Good response' });
    await expect(up).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.getByRole('button', { name: 'Bad response' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    up.focus();
    await userEvent.keyboard(' ');
    await expect(args.onFeedback).toHaveBeenCalledWith(answer, null);
  },
};

/** Uncontrolled feedback, toggled with the keyboard. */
export const FeedbackUncontrolled: Story = {
  args: { onFeedback: fn() },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const down = canvas.getByRole('button', { name: 'Bad response' });
    down.focus();
    await userEvent.keyboard('{Enter}');
    await expect(down).toHaveAttribute('aria-pressed', 'true');
  },
};

/** The clipboard refused: "Copy failed", reported to `onCopyError`, nothing thrown. */
export const CopyFailed: Story = {
  args: { onCopyError: fn() },
  beforeEach: stubClipboard('refuse'),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    canvas.getByRole('button', { name: 'Copy' }).focus();
    await userEvent.keyboard('{Enter}');
    const failed = await canvas.findByRole('button', { name: 'Copy failed' });
    await expect(failed).toHaveAttribute('data-state', 'failed');
    await expect(args.onCopyError).toHaveBeenCalled();
  },
};

/** The app's own buttons after the built-in ones. */
export const CustomActions: Story = {
  args: { onRetry: fn() },
  // `renderActions` is app-wide: it is set once, on the provider.
  decorators: [
    (Story) => (
      <AgentMessagesProvider
        renderActions={(message) => (
          <button type="button" data-message={message.id}>
            Share
          </button>
        )}
      >
        <Story />
      </AgentMessagesProvider>
    ),
  ],
  play: async ({ canvasElement }) => {
    const group = within(canvasElement).getByRole('group', { name: 'Message actions' });
    await expect(within(group).getByRole('button', { name: 'Share' })).toBeInTheDocument();
  },
};

/** A reply still streaming shows no actions. */
export const Streaming: Story = {
  args: { message: foldedReply(17), onRetry: fn(), onFeedback: fn() },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-slot="message-actions"]')).toBeNull();
  },
};

/** The bar as it shows under a conversation's messages, with every action. */
export const Conversation: Story = {
  render: (args) => (
    <div>
      <Message message={question} {...(args.onEdit ? { onEdit: args.onEdit } : {})} />
      <Message
        message={answer}
        {...(args.onRetry ? { onRetry: args.onRetry } : {})}
        {...(args.onFeedback ? { onFeedback: args.onFeedback } : {})}
      />
    </div>
  ),
  args: { onEdit: fn(), onRetry: fn(), onFeedback: fn() },
};
