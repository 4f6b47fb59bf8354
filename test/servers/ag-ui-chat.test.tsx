/*
 * The README's AG-UI first screen in Chromium: `useAgUiAgent(new HttpAgent({ url }))` spread into
 * `<MessageList>` and `<Composer>`, against Mastra agents (mock models) behind `@ag-ui/mastra`,
 * served over HTTP with `@ag-ui/encoder`. Everything is read off the page, as a user would.
 */
import { HttpAgent } from '@ag-ui/client';
import * as React from 'react';
import { describe, expect, inject, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { page, userEvent } from 'vitest/browser';
import { useAgUiAgent, type AgUiFrontendTool } from '../../src/ag-ui.js';
import { Composer, MessageList } from '../../src/index.js';

function Chat({ scenario, tools }: { scenario: string; tools?: AgUiFrontendTool[] }) {
  const [agent] = React.useState(
    () => new HttpAgent({ url: `${inject('mastraUrl')}/${scenario}` }),
  );
  const chat = useAgUiAgent(agent, tools ? { tools } : {});
  return (
    <>
      <MessageList {...chat.list} style={{ height: 500 }} />
      <Composer {...chat.composer} />
      <output data-testid="state">{JSON.stringify(chat.state)}</output>
    </>
  );
}

async function say(text: string): Promise<void> {
  await userEvent.fill(page.getByRole('textbox'), text);
  await userEvent.keyboard('{Enter}');
}

// The conversation itself, not the live region that also reads replies out.
const inLog = () => page.getByRole('log');
const lastReply = () => page.getByRole('article').last();

/** Clicks a decision button once the prompt accepts clicks (after its arm delay). */
async function decide(action: 'allow' | 'deny'): Promise<void> {
  const button = page.elementLocator(
    document.querySelector(`[data-slot="confirmation-prompt-button"][data-action="${action}"]`) ??
      document.body,
  );
  await expect.element(button).toHaveAttribute('data-armed', '');
  await userEvent.click(button);
}

describe('useAgUiAgent in the page, against Mastra', () => {
  // First: the stopped stream's model keeps its timers for a few seconds after Stop.
  it('stops a reply with Stop, and marks it interrupted', async () => {
    await render(<Chat scenario="slow" />);
    await say('Talk a lot');
    await expect.element(inLog().getByText(/word3/)).toBeVisible();
    await userEvent.click(page.getByRole('button', { name: 'Stop' }));
    await expect.element(lastReply()).toHaveAttribute('data-status', 'interrupted');
    expect(lastReply().element().textContent).not.toContain('word99');
  });

  it('shows what the user wrote and the streamed answer', async () => {
    await render(<Chat scenario="text" />);
    await say('Hello?');
    await expect.element(inLog().getByText('Hello?')).toBeVisible();
    await expect.element(inLog().getByText('Mastra', { exact: true })).toBeVisible();
    await expect.element(lastReply()).toHaveAttribute('data-status', 'done');
  });

  it('shows reasoning and a server tool with its result', async () => {
    await render(<Chat scenario="tool" />);
    await say('Weather in Paris?');
    await expect.element(inLog().getByText('It is 18 degrees in Paris.')).toBeVisible();
    const card = page.elementLocator(
      document.querySelector('[data-slot="tool-call-card"]') ?? document.body,
    );
    await expect.element(card).toHaveTextContent('weather');
    await expect.element(lastReply()).toHaveAttribute('data-status', 'done');
  });

  it.each([
    ['allow', 'Done: deleted.'],
    ['deny', 'Done: kept.'],
  ] as const)(
    'asks about a suspended tool with its question and name; %s resumes the run',
    async (action, answer) => {
      await render(<Chat scenario="suspend" />);
      await say('Clean the cache');
      await expect.element(inLog().getByText('Approve deleting /var/cache/app?')).toBeVisible();
      const prompt = document.querySelector('[data-slot="confirmation-prompt-call"]');
      expect(prompt?.textContent).toContain('delete_files');
      expect(prompt?.textContent).toContain('/var/cache/app');
      await decide(action);
      await expect.element(inLog().getByText(answer)).toBeVisible();
      await expect.element(lastReply()).toHaveAttribute('data-status', 'done');
      expect(document.querySelector('[data-slot="confirmation-prompt-call"]')).toBeNull();
    },
  );

  it('runs a frontend tool and shows the answer that used its result', async () => {
    const tools: AgUiFrontendTool[] = [
      {
        name: 'read_theme',
        description: "The page's colour theme",
        handler: () => ({ theme: document.documentElement.dataset['theme'] ?? 'Dark' }),
      },
    ];
    await render(<Chat scenario="frontend" tools={tools} />);
    await say('Which theme?');
    await expect.element(inLog().getByText('The page says dark.')).toBeVisible();
  });

  it('shows a failed run on its reply, without "unknown"', async () => {
    await render(<Chat scenario="error" />);
    await say('Hi');
    await expect.element(lastReply()).toHaveAttribute('data-status', 'error');
    const ending = page.elementLocator(
      document.querySelector('[data-slot="message-ending"]') ?? document.body,
    );
    await expect.element(ending).toHaveTextContent('the model is overloaded');
    expect(ending.element().textContent).not.toContain('unknown');
  });

  it('shows the agent state from snapshots and deltas', async () => {
    await render(<Chat scenario="state" />);
    await say('Remember milk and eggs');
    await expect.element(inLog().getByText('Noted.')).toBeVisible();
    await expect.element(page.getByTestId('state')).toHaveTextContent('{"todo":["milk","eggs"]}');
  });
});
