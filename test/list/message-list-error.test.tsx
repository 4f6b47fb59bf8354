import * as React from 'react';
import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { page, userEvent } from 'vitest/browser';
import { MessageList, useMessageStream, userMsg } from '../../src/index.js';
import { chatMessages } from './helpers.js';

const HEIGHT = { height: 400 };

/** The error's alert (the list's announcer is an alert region too, an empty one here). */
const errorAlert = () => page.getByRole('alert').filter({ hasText: /^Error/ });

/** The README's chat with a transport that fails: the send error shows in the list. */
function Chat({ post }: { post: (input: unknown) => Promise<void> }) {
  const { messages, addMessages } = useMessageStream();
  const [sendError, setSendError] = React.useState<Error | null>(null);
  const send = (text: string) => {
    const msg = userMsg(text);
    addMessages(msg);
    setSendError(null);
    post(msg).catch((error: unknown) =>
      setSendError(error instanceof Error ? error : new Error(String(error))),
    );
  };
  return (
    <>
      <button type="button" onClick={() => send('Book a table for two')}>
        Send
      </button>
      <MessageList
        messages={messages}
        error={sendError}
        onDismissError={() => setSendError(null)}
        style={HEIGHT}
      />
    </>
  );
}

describe('MessageList error', () => {
  it('shows a failed send as an alert under the message, which the user can dismiss', async () => {
    const post = () => Promise.reject(new Error('HTTP 503'));
    const screen = await render(<Chat post={post} />);
    await userEvent.click(page.getByRole('button', { name: 'Send' }));

    const alert = errorAlert();
    await expect.element(alert).toHaveTextContent('Error HTTP 503');
    // Nothing is lost: the message the user wrote stays in the list.
    await expect.element(page.getByText('Book a table for two')).toBeVisible();

    await userEvent.click(page.getByRole('button', { name: 'Dismiss' }));
    await expect.element(alert).not.toBeInTheDocument();
    // Focus stays in the list, not lost to the page.
    expect(document.activeElement).toBe(
      screen.container.querySelector('[data-slot="message-list"]'),
    );
  });

  it('shows no alert while sending works', async () => {
    await render(<Chat post={() => Promise.resolve()} />);
    await userEvent.click(page.getByRole('button', { name: 'Send' }));
    await expect.element(page.getByText('Book a table for two')).toBeVisible();
    expect(errorAlert().query()).toBeNull();
  });

  it('shows a string, reveals hidden characters, and offers no dismiss button unless asked', async () => {
    const screen = await render(
      <MessageList messages={chatMessages(0, 3)} error={'Upstream \u202Efailure'} style={HEIGHT} />,
    );
    await expect.element(errorAlert()).toHaveTextContent('Error Upstream [U+202E]failure');
    expect(page.getByRole('button', { name: 'Dismiss' }).query()).toBeNull();
    // An empty list still shows the error.
    await screen.rerender(<MessageList messages={[]} error={new Error('')} style={HEIGHT} />);
    await expect.element(errorAlert()).toHaveTextContent(/^Error$/);
    await expect.element(page.getByText('No messages yet')).toBeVisible();
  });
});
