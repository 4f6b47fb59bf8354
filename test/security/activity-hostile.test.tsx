/*
 * Hostile activities, each beside an ordinary message that must keep rendering: content nested
 * thousands deep, megabytes of it, prototype keys as types and as A2UI data, a renderer that
 * throws, A2UI messages the renderer rejects. Each is contained where it occurs and shows its
 * content as JSON; nothing is lost and nothing leaks into `Object.prototype`.
 */
import * as React from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { page, userEvent } from 'vitest/browser';
import type { Msg } from '../../src/core.js';
import { foldAgUiEvents } from '../../src/ag-ui.js';
import {
  AgentMessagesProvider,
  MessageList,
  type ActivityRenderer,
  type ActivityRendererProps,
} from '../../src/index.js';
import { bookingV08, loadA2ui, surfaceSnapshot } from '../fixtures/activity/a2ui-surfaces.js';

const run = { type: 'RUN_STARTED', threadId: 't', runId: 'r1' };
const end = { type: 'RUN_FINISHED', threadId: 't', runId: 'r1' };
const text = (id: string, words: string) => [
  { type: 'TEXT_MESSAGE_START', messageId: id, role: 'assistant' },
  { type: 'TEXT_MESSAGE_CONTENT', messageId: id, delta: words },
  { type: 'TEXT_MESSAGE_END', messageId: id },
];
const activity = (messageId: string, activityType: string, content: unknown) => ({
  type: 'ACTIVITY_SNAPSHOT',
  messageId,
  activityType,
  content,
});

function conversation(...events: object[]): readonly Msg[] {
  return foldAgUiEvents([run, ...events, ...text('after', 'Still here.'), end]).messages;
}

function deep(levels: number): unknown {
  let value: unknown = { leaf: true };
  for (let level = 0; level < levels; level += 1) value = { child: value };
  return value;
}

function Exploding({ content }: ActivityRendererProps): React.ReactNode {
  if ((content as { ok?: boolean }).ok !== true) throw new Error('renderer failure');
  return <p data-testid="exploding-ok">fine now</p>;
}

const renderers: Record<string, ActivityRenderer> = { exploding: Exploding };

function List({ messages }: { messages: readonly Msg[] }) {
  return (
    <AgentMessagesProvider activityRenderers={renderers} a2ui={loadA2ui}>
      <MessageList messages={messages} style={{ height: 800 }} />
    </AgentMessagesProvider>
  );
}

const activities = (root: ParentNode) => [...root.querySelectorAll('[data-slot="activity"]')];

describe('hostile activities', () => {
  beforeAll(async () => {
    // Lit (under @a2ui/web_core) announces its dev mode once, on import: not this library's doing.
    await loadA2ui();
  });
  afterEach(() => {
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('contains deep and huge content, each beside the rest of the conversation', async () => {
    const screen = await render(
      <List
        messages={conversation(
          activity('deep', 'deep-type', deep(5000)),
          activity('huge', 'huge-type', { blob: 'x'.repeat(2_000_000) }),
        )}
      />,
    );
    await expect.element(page.getByText('Still here.')).toBeVisible();
    expect(
      activities(screen.container).map((node) => node.getAttribute('data-activity-type')),
    ).toEqual(['deep-type', 'huge-type']);
    await userEvent.click(page.getByText('Activity: huge-type'));
    // Cut, with the rest behind "Show all": the page does not hold two megabytes of text.
    const raw = activities(screen.container)[1]?.querySelector('[data-slot="unknown-block-raw"]');
    expect(raw?.textContent?.length ?? 0).toBeLessThan(200_000);
    expect(
      activities(screen.container)[1]?.querySelector('[data-slot="unknown-block-show-all"]'),
    ).not.toBeNull();
  });

  it('finds no renderer under prototype names, and keeps prototype keys as data', async () => {
    const content = JSON.parse(
      '{"__proto__": {"polluted": true}, "constructor": {"prototype": {"polluted": true}}}',
    );
    const screen = await render(
      <List
        messages={conversation(
          activity('p1', '__proto__', content),
          activity('p2', 'constructor', content),
          activity('p3', 'toString', content),
        )}
      />,
    );
    await expect.element(page.getByText('Still here.')).toBeVisible();
    expect(activities(screen.container).map((node) => node.getAttribute('data-view'))).toEqual([
      'json',
      'json',
      'json',
    ]);
    await userEvent.click(page.getByText('Activity: constructor'));
    const raw = activities(screen.container)[1]?.querySelector('[data-slot="unknown-block-raw"]');
    await expect.element(page.elementLocator(raw ?? document.body)).toBeVisible();
    expect(raw?.textContent).toContain('"__proto__"');
  });

  it('contains a renderer that throws, shows the JSON, and retries on the next delta', async () => {
    // React reports errors caught by boundaries on the console; that is expected here.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const events = [activity('boom', 'exploding', { ok: false })];
    const screen = await render(<List messages={conversation(...events)} />);
    await expect.element(page.getByText('Still here.')).toBeVisible();
    await expect.element(page.getByText(/The exploding view failed/)).toBeVisible();
    expect(screen.container.querySelector('[data-slot="activity-error"]')).not.toBeNull();
    await screen.rerender(
      <List
        messages={conversation(...events, {
          type: 'ACTIVITY_DELTA',
          messageId: 'boom',
          activityType: 'exploding',
          patch: [{ op: 'replace', path: '/ok', value: true }],
        })}
      />,
    );
    await expect.element(page.getByTestId('exploding-ok')).toBeVisible();
    consoleError.mockRestore();
  });

  it('shows A2UI messages the renderer rejects as JSON, and keeps prototype keys out of its data', async () => {
    const proto = JSON.parse(
      '{"dataModelUpdate": {"surfaceId": "p", "contents": [{"key": "__proto__", "valueMap": [{"key": "polluted", "valueBoolean": true}]}]}}',
    );
    const screen = await render(
      <List
        messages={conversation(
          surfaceSnapshot('bad-catalog', [
            {
              version: 'v0.9',
              createSurface: { surfaceId: 'x', catalogId: 'https://evil.example/catalog' },
            },
          ]),
          surfaceSnapshot('proto', [proto, ...bookingV08('p')]),
          surfaceSnapshot('deep', [{ beginRendering: { surfaceId: 'd', root: 'r' } }, deep(200)]),
          surfaceSnapshot('garbage', [{ beginRendering: { surfaceId: 7 } }, 'text', null]),
        )}
      />,
    );
    await expect.element(page.getByText('Still here.')).toBeVisible();
    const surfaces = () =>
      [...screen.container.querySelectorAll('[data-slot="a2ui-surface"]')].map((node) =>
        node.getAttribute('data-state'),
      );
    await expect.poll(surfaces).toEqual(['failed', 'ready', 'failed', 'failed']);
    await expect.element(page.getByText('Table for two')).toBeVisible();
  });
});
