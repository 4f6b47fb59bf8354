/*
 * A2UI surfaces drawn by the official renderer (`@a2ui/react`, v0.8 and v0.9) in Chromium, and
 * their buttons' actions back through the protocol: over AG-UI, as the next run's
 * `forwardedProps.a2uiAction` (where the official A2UI middleware reads it; that side is
 * checked against the middleware itself in test/react-node/a2ui-middleware.test.tsx).
 */
import * as React from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { page, userEvent } from 'vitest/browser';
import { useAgUiAgent } from '../../src/ag-ui.js';
import { foldAgUiEvents } from '../../src/ag-ui.js';
import {
  AgentMessagesProvider,
  Composer,
  Message,
  MessageList,
  type ActivityAction,
} from '../../src/index.js';
import {
  bookingV08,
  bookingV09,
  loadA2ui,
  surfaceSnapshot,
} from '../fixtures/activity/a2ui-surfaces.js';
import { DrivenAgent } from '../fixtures/activity/driven-agent.js';

function Chat({ agent }: { agent: DrivenAgent }) {
  const chat = useAgUiAgent(agent);
  return (
    <AgentMessagesProvider a2ui={loadA2ui}>
      <MessageList {...chat.list} style={{ height: 600 }} />
      <Composer {...chat.composer} />
    </AgentMessagesProvider>
  );
}

const run = (id: string) => ({ type: 'RUN_STARTED', threadId: 't', runId: id });

function surfaceMessage(operations: unknown[]) {
  const { messages } = foldAgUiEvents([
    run('r1'),
    surfaceSnapshot('surface-1', operations),
    { type: 'RUN_FINISHED', threadId: 't', runId: 'r1' },
  ]);
  const message = messages.find((msg) => msg.id === 'surface-1');
  if (message === undefined) throw new Error('the fold should keep the activity');
  return message;
}

describe('A2UI surfaces', () => {
  // Lit (under @a2ui/web_core) announces its dev mode once, on import: not this library's doing.
  beforeAll(async () => {
    await loadA2ui();
  });

  it('draws a v0.9 surface of an AG-UI activity, and sends its button back as the next run', async () => {
    const agent = new DrivenAgent();
    const screen = await render(<Chat agent={agent} />);
    await userEvent.fill(page.getByRole('textbox'), 'Book a table');
    await userEvent.keyboard('{Enter}');
    agent.emit(agent.started(), surfaceSnapshot('surface-1', bookingV09('booking', '19:30')));
    agent.finish();
    const surface = page.elementLocator(document.body).getByText('Table for two');
    await expect.element(surface).toBeVisible();
    const slot = screen.container.querySelector('[data-slot="a2ui-surface"]');
    expect(slot?.getAttribute('data-state')).toBe('ready');
    expect(slot?.closest('[data-slot="activity"]')?.getAttribute('data-activity-type')).toBe(
      'a2ui-surface',
    );

    await userEvent.click(page.getByRole('button', { name: 'Book' }));
    await vi.waitFor(() => expect(agent.inputs).toHaveLength(2));
    const forwarded = agent.inputs[1]?.forwardedProps as {
      a2uiAction?: { userAction?: Record<string, unknown> };
      activityAction?: Record<string, unknown>;
    };
    expect(forwarded.a2uiAction?.userAction).toMatchObject({
      name: 'book',
      surfaceId: 'booking',
      sourceComponentId: 'book',
      context: { time: '19:30' },
    });
    expect(forwarded.activityAction).toMatchObject({ activityType: 'a2ui-surface', name: 'book' });
    agent.emit(agent.started());
    agent.finish();
  });

  it('draws a v0.8 surface with @a2ui/react and hands its action to onActivityAction', async () => {
    const onActivityAction = vi.fn<(action: ActivityAction) => void>();
    await render(
      <AgentMessagesProvider a2ui={() => import('@a2ui/react')}>
        <Message message={surfaceMessage(bookingV08('v8'))} onActivityAction={onActivityAction} />
      </AgentMessagesProvider>,
    );
    await expect.element(page.getByText('Table for two')).toBeVisible();
    await userEvent.click(page.getByRole('button', { name: 'Book' }));
    await vi.waitFor(() => expect(onActivityAction).toHaveBeenCalledTimes(1));
    expect(onActivityAction.mock.calls[0]?.[0]).toMatchObject({
      activityType: 'a2ui-surface',
      messageId: 'surface-1',
      name: 'book',
      payload: { userAction: { name: 'book', surfaceId: 'v8', context: { time: '19:00' } } },
    });
  });

  it('shows the surface as JSON with a note while its renderer loads, and without one', async () => {
    const message = surfaceMessage(bookingV09());
    const pending = () => new Promise<never>(() => {});
    const screen = await render(
      <>
        <AgentMessagesProvider a2ui={pending}>
          <Message message={message} />
        </AgentMessagesProvider>
        <Message message={message} />
      </>,
    );
    const surfaces = () => [...screen.container.querySelectorAll('[data-slot="a2ui-surface"]')];
    await vi.waitFor(() =>
      expect(surfaces().map((node) => node.getAttribute('data-state'))).toEqual([
        'loading',
        'missing',
      ]),
    );
    await expect.element(page.getByText(/Loading the interface/)).toBeVisible();
    await expect.element(page.getByText(/No A2UI renderer/)).toBeVisible();
    expect(surfaces().every((node) => node.textContent?.includes('Activity: a2ui-surface'))).toBe(
      true,
    );
  });
});
