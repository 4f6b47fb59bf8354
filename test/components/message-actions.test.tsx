import * as React from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { page, userEvent } from 'vitest/browser';
import type { Msg } from '../../src/index.js';
import { AgentMessagesProvider, Message } from '../../src/index.js';
import { assistantMsg, userMsg } from '../../src/core.js';
import { MessageList } from '../../src/components/message-list/message-list.js';
import { stripMarkdown } from '../../src/components/message-actions/message-text.js';
import '../../src/styles/message-actions.css';

const T = '2026-09-01T12:00:00Z';
const reply = assistantMsg('Use **bold** and [a link](https://example.com).', {
  id: 'r1',
  name: 'Friday',
  created_at: T,
});
const question = userMsg('What is *up*?', { id: 'u1', name: 'Ada', created_at: T });

function actionsOf(container: HTMLElement): HTMLElement | null {
  return container.querySelector('[data-slot="message-actions"]');
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Message actions: Copy', () => {
  it('copies the text as markdown and says "Copied"', async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await render(<Message message={reply} />);
    await userEvent.click(page.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('Use **bold** and [a link](https://example.com).');
    await expect.element(page.getByRole('button', { name: 'Copied' })).toBeVisible();
    await expect.element(page.getByRole('status')).toHaveTextContent('Copied');
  });

  it('copies plain text with copyFormat="plain"', async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await render(
      <AgentMessagesProvider copyFormat="plain">
        <Message message={reply} />
      </AgentMessagesProvider>,
    );
    await userEvent.click(page.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('Use bold and a link.');
  });

  it('shows "Copy failed" and reports the error when the clipboard refuses, without throwing', async () => {
    const refusal = new DOMException('denied', 'NotAllowedError');
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(refusal);
    const onCopyError = vi.fn();
    const { container } = await render(<Message message={reply} onCopyError={onCopyError} />);
    await userEvent.click(page.getByRole('button', { name: 'Copy' }));
    await expect.element(page.getByRole('button', { name: 'Copy failed' })).toBeVisible();
    expect(
      container.querySelector('[data-slot="message-action-copy"]')?.getAttribute('data-state'),
    ).toBe('failed');
    expect(onCopyError).toHaveBeenCalledWith(refusal, reply);
  });

  it('fails visibly when writeText throws synchronously', async () => {
    vi.spyOn(navigator.clipboard, 'writeText').mockImplementation(() => {
      throw new Error('no clipboard');
    });
    await render(<Message message={reply} />);
    await userEvent.click(page.getByRole('button', { name: 'Copy' }));
    await expect.element(page.getByRole('button', { name: 'Copy failed' })).toBeVisible();
  });
});

describe('Message actions: plain text', () => {
  it('removes markdown syntax and keeps code and link text', () => {
    expect(
      stripMarkdown(
        '# Title\n\n> quoted _text_\n\n- [x] done\n\n```js\nconst a = `b`;\n```\n\nSee ![logo](x.png) and `code`.',
      ),
    ).toBe('Title\n\nquoted text\n\n- done\n\nconst a = `b`;\n\nSee logo and code.');
  });
});

describe('Message actions: Retry and Edit', () => {
  it('offers Retry on assistant replies only, and only with onRetry', async () => {
    const onRetry = vi.fn();
    const screen = await render(
      <>
        <Message message={question} onRetry={onRetry} />
        <Message message={reply} />
      </>,
    );
    expect(page.getByRole('button', { name: 'Retry' }).elements()).toHaveLength(0);
    await screen.rerender(
      <>
        <Message message={question} onRetry={onRetry} />
        <Message message={reply} onRetry={onRetry} />
      </>,
    );
    await userEvent.click(page.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledWith(reply);
  });

  it('offers Edit on user messages only: Ctrl+Enter saves the edited text', async () => {
    const onEdit = vi.fn();
    await render(
      <>
        <Message message={question} onEdit={onEdit} />
        <Message message={reply} onEdit={onEdit} />
      </>,
    );
    expect(page.getByRole('button', { name: 'Edit' }).elements()).toHaveLength(1);
    await userEvent.click(page.getByRole('button', { name: 'Edit' }));
    const editor = page.getByRole('textbox', { name: 'Edit message' });
    await expect.element(editor).toHaveFocus();
    await expect.element(editor).toHaveValue('What is *up*?');
    await userEvent.fill(editor, 'What is down?');
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    expect(onEdit).toHaveBeenCalledWith(question, 'What is down?');
    expect(page.getByRole('textbox').elements()).toHaveLength(0);
    await expect.element(page.getByRole('button', { name: 'Edit' })).toHaveFocus();
  });

  it('Escape and Cancel close the editor without saving; Save saves', async () => {
    const onEdit = vi.fn();
    const { container } = await render(<Message message={question} onEdit={onEdit} />);
    await userEvent.click(page.getByRole('button', { name: 'Edit' }));
    expect(container.querySelector('[data-slot="message"]')?.hasAttribute('data-editing')).toBe(
      true,
    );
    expect(actionsOf(container)).toBeNull();
    await userEvent.keyboard('{Escape}');
    expect(page.getByRole('textbox').elements()).toHaveLength(0);
    await expect.element(page.getByText('What is')).toBeVisible();

    await userEvent.click(page.getByRole('button', { name: 'Edit' }));
    await userEvent.click(page.getByRole('button', { name: 'Cancel' }));
    expect(page.getByRole('textbox').elements()).toHaveLength(0);
    expect(onEdit).not.toHaveBeenCalled();

    await userEvent.click(page.getByRole('button', { name: 'Edit' }));
    await userEvent.fill(page.getByRole('textbox'), 'Again');
    await userEvent.click(page.getByRole('button', { name: 'Save' }));
    expect(onEdit).toHaveBeenCalledWith(question, 'Again');
  });
});

describe('Message actions: feedback', () => {
  it('toggles uncontrolled: up, then down, then off (null)', async () => {
    const onFeedback = vi.fn();
    await render(<Message message={reply} onFeedback={onFeedback} />);
    const up = page.getByRole('button', { name: 'Good response' });
    const down = page.getByRole('button', { name: 'Bad response' });
    await expect.element(up).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(up);
    await expect.element(up).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(down);
    await expect.element(down).toHaveAttribute('aria-pressed', 'true');
    await expect.element(up).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(down);
    await expect.element(down).toHaveAttribute('aria-pressed', 'false');
    expect(onFeedback.mock.calls).toEqual([
      [reply, 'up'],
      [reply, 'down'],
      [reply, null],
    ]);
  });

  it('follows the feedback prop when controlled', async () => {
    const onFeedback = vi.fn();
    const screen = await render(
      <Message message={reply} feedback="down" onFeedback={onFeedback} />,
    );
    const up = page.getByRole('button', { name: 'Good response' });
    const down = page.getByRole('button', { name: 'Bad response' });
    await expect.element(down).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(up);
    expect(onFeedback).toHaveBeenCalledWith(reply, 'up');
    // The owner has not accepted the change: the prop still says "down".
    await expect.element(down).toHaveAttribute('aria-pressed', 'true');
    await screen.rerender(<Message message={reply} feedback={null} onFeedback={onFeedback} />);
    await expect.element(down).toHaveAttribute('aria-pressed', 'false');
    await expect.element(up).toHaveAttribute('aria-pressed', 'false');
  });

  it('shows no feedback on user messages', async () => {
    await render(<Message message={question} onFeedback={() => {}} />);
    expect(page.getByRole('button', { name: 'Good response' }).elements()).toHaveLength(0);
  });
});

describe('Message actions: the bar', () => {
  it('shows no bar on a streaming reply', async () => {
    const streaming = assistantMsg('Still going', { id: 'r2', finished_at: null });
    const { container } = await render(
      <Message message={streaming} onRetry={() => {}} onFeedback={() => {}} />,
    );
    await expect.element(page.getByText('Still going')).toBeVisible();
    expect(actionsOf(container)).toBeNull();
  });

  it('is hidden by opacity only: Tab reaches Copy, and the bar then shows', async () => {
    const { container } = await render(<Message message={reply} onRetry={() => {}} />);
    const bar = actionsOf(container);
    if (!bar) throw new Error('no bar');
    expect(getComputedStyle(bar).opacity).toBe('0');
    const copy = page.getByRole('button', { name: 'Copy' });
    for (let i = 0; i < 5 && document.activeElement !== copy.element(); i++) {
      await userEvent.tab();
    }
    await expect.element(copy).toHaveFocus();
    await vi.waitFor(() => expect(getComputedStyle(bar).opacity).toBe('1'));
    await expect.element(page.getByRole('group', { name: 'Message actions' })).toBeInTheDocument();
  });

  it('adds the app’s own buttons with renderActions', async () => {
    const share = vi.fn();
    await render(
      <AgentMessagesProvider
        renderActions={(message) => (
          <button type="button" onClick={() => share(message.id)}>
            Share
          </button>
        )}
      >
        <Message message={reply} />
      </AgentMessagesProvider>,
    );
    const group = page.getByRole('group', { name: 'Message actions' });
    await userEvent.click(group.getByRole('button', { name: 'Share' }));
    expect(share).toHaveBeenCalledWith('r1');
  });

  it('uses the labels of the provider', async () => {
    const { AgentMessagesProvider, defaultLabels } = await import('../../src/index.js');
    await render(
      <AgentMessagesProvider labels={{ ...defaultLabels, copy: 'Kopieren', retry: 'Nochmal' }}>
        <Message message={reply} onRetry={() => {}} />
      </AgentMessagesProvider>,
    );
    await expect.element(page.getByRole('button', { name: 'Kopieren' })).toBeVisible();
    await expect.element(page.getByRole('button', { name: 'Nochmal' })).toBeVisible();
  });
});

describe('Message actions through MessageList', () => {
  const HEIGHT = { height: 500 };
  const conversation: Msg[] = [question, reply];

  it('passes the actions to each row, and feedback by message id', async () => {
    const onRetry = vi.fn();
    const onEdit = vi.fn();
    const onFeedback = vi.fn();
    await render(
      <MessageList
        messages={conversation}
        style={HEIGHT}
        onRetry={(message) => onRetry(message.id)}
        onEdit={(message, text) => onEdit(message.id, text)}
        onFeedback={onFeedback}
        feedback={{ r1: 'up' }}
      />,
    );
    await userEvent.click(page.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledWith('r1');
    await expect
      .element(page.getByRole('button', { name: 'Good response' }))
      .toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(page.getByRole('button', { name: 'Edit' }));
    await userEvent.fill(page.getByRole('textbox', { name: 'Edit message' }), 'Changed');
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    expect(onEdit).toHaveBeenCalledWith('u1', 'Changed');
  });

  it('re-renders only the row whose feedback changed, and no finished row while another streams', async () => {
    const rendered: string[] = [];
    const renderActions = (message: Msg) => {
      rendered.push(message.id);
      return null;
    };
    const other = assistantMsg('Another reply', { id: 'r3', created_at: T });
    const streaming = assistantMsg('Stre', { id: 'r4', created_at: T, finished_at: null });
    const list = (messages: Msg[], feedback: Record<string, 'up' | 'down' | null>) => (
      <AgentMessagesProvider renderActions={renderActions}>
        <MessageList
          messages={messages}
          style={HEIGHT}
          // A new function every render: the list keeps rows stable anyway.
          onFeedback={() => {}}
          onRetry={() => {}}
          feedback={feedback}
        />
      </AgentMessagesProvider>
    );
    const screen = await render(list([question, reply, other], {}));
    await expect.element(page.getByText('Another reply')).toBeVisible();
    rendered.length = 0;
    await screen.rerender(list([question, reply, other], { r3: 'down' }));
    await expect
      .element(page.getByRole('button', { name: 'Bad response' }).nth(1))
      .toHaveAttribute('aria-pressed', 'true');
    expect(rendered).toEqual(['r3']);

    rendered.length = 0;
    await screen.rerender(list([question, reply, other, streaming], { r3: 'down' }));
    await screen.rerender(
      list([question, reply, other, { ...streaming, content: [] }], { r3: 'down' }),
    );
    await expect.element(page.getByText('Another reply')).toBeVisible();
    expect(rendered).toEqual([]);
  });
});
