/*
 * AG-UI activities where they occur: through `@ag-ui/client`'s own run loop (an `AbstractAgent`
 * whose run the test drives) into `useAgUiAgent` and `<MessageList>`, each activity rendered
 * by the renderer `activityRenderers` registers for its type, else as JSON; deltas update it in
 * place. What is asserted is what a user sees.
 */
import * as React from 'react';
import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { page, userEvent } from 'vitest/browser';
import { useAgUiAgent } from '../../src/ag-ui.js';
import {
  AgentMessagesProvider,
  Composer,
  MessageList,
  type ActivityRenderer,
  type ActivityRendererProps,
} from '../../src/index.js';
import { DrivenAgent } from '../fixtures/activity/driven-agent.js';

const say = (id: string, text: string) => [
  { type: 'TEXT_MESSAGE_START', messageId: id, role: 'assistant' },
  { type: 'TEXT_MESSAGE_CONTENT', messageId: id, delta: text },
  { type: 'TEXT_MESSAGE_END', messageId: id },
];

interface Step {
  title: string;
  done: boolean;
}

/** An app's renderer for `plan` activities: a checklist. */
function PlanView({ content, messageId }: ActivityRendererProps) {
  const steps = ((content as { steps?: Step[] } | null)?.steps ?? []).filter(
    (step) => typeof step?.title === 'string',
  );
  return (
    <ol data-testid="plan" data-id={messageId}>
      {steps.map((step) => (
        <li key={step.title} data-done={step.done ? '' : undefined}>
          {step.title}
        </li>
      ))}
    </ol>
  );
}

const renderers: Record<string, ActivityRenderer> = { plan: PlanView };

function Chat({ agent }: { agent: DrivenAgent }) {
  const chat = useAgUiAgent(agent);
  return (
    <AgentMessagesProvider activityRenderers={renderers}>
      <MessageList {...chat.list} style={{ height: 600 }} />
      <Composer {...chat.composer} />
    </AgentMessagesProvider>
  );
}

async function ask(text: string): Promise<void> {
  await userEvent.fill(page.getByRole('textbox'), text);
  await userEvent.keyboard('{Enter}');
}

const slots = (root: ParentNode) =>
  [...root.querySelectorAll('[data-slot="text-block"], [data-slot="activity"]')].map((node) =>
    node.getAttribute('data-slot') === 'activity'
      ? `activity:${node.getAttribute('data-activity-type')}:${node.getAttribute('data-view')}`
      : (node.textContent ?? '').trim(),
  );

describe('AG-UI activities in the list', () => {
  it('renders a snapshot where it occurs, then updates it in place with each delta', async () => {
    const agent = new DrivenAgent();
    const screen = await render(<Chat agent={agent} />);
    await ask('Plan my trip');
    agent.emit(agent.started(), ...say('a1', 'Here is the plan.'), {
      type: 'ACTIVITY_SNAPSHOT',
      messageId: 'plan-1',
      activityType: 'plan',
      content: { steps: [{ title: 'Book flights', done: false }] },
    });
    const plan = page.getByTestId('plan');
    await expect.element(plan).toHaveTextContent('Book flights');
    const list = plan.element();

    agent.emit({
      type: 'ACTIVITY_DELTA',
      messageId: 'plan-1',
      activityType: 'plan',
      patch: [
        { op: 'replace', path: '/steps/0/done', value: true },
        { op: 'add', path: '/steps/-', value: { title: 'Find a hotel', done: false } },
      ],
    });
    await expect.element(plan).toHaveTextContent('Book flightsFind a hotel');
    // The same element, updated: not a second copy of the activity.
    expect(plan.element()).toBe(list);
    expect(list.querySelector('li')?.hasAttribute('data-done')).toBe(true);
    expect(screen.container.querySelectorAll('[data-slot="activity"]')).toHaveLength(1);

    agent.emit(...say('a2', 'Shall I book?'));
    agent.finish();
    await expect.element(page.getByText('Shall I book?')).toBeVisible();
    // In the order the agent sent them: the text, the activity, the next text.
    expect(slots(screen.container)).toEqual([
      'Plan my trip',
      'Here is the plan.',
      'activity:plan:custom',
      'Shall I book?',
    ]);
    expect(plan.element().getAttribute('data-id')).toBe('plan-1');
  });

  it('shows an activity of a type nothing renders as its JSON, updated by deltas', async () => {
    const agent = new DrivenAgent();
    const screen = await render(<Chat agent={agent} />);
    await ask('Search');
    agent.emit(agent.started(), {
      type: 'ACTIVITY_SNAPSHOT',
      messageId: 'search-1',
      activityType: 'web-search',
      content: { query: 'lyon restaurants', results: 0 },
    });
    const activity = page.elementLocator(document.body).getByText('Activity: web-search');
    await expect.element(activity).toBeVisible();
    const slot = screen.container.querySelector('[data-slot="activity"]');
    expect(slot?.getAttribute('data-activity-type')).toBe('web-search');
    expect(slot?.getAttribute('data-view')).toBe('json');
    await userEvent.click(activity);
    await expect.element(page.getByText(/"results": 0/)).toBeVisible();
    agent.emit({
      type: 'ACTIVITY_DELTA',
      messageId: 'search-1',
      activityType: 'web-search',
      patch: [{ op: 'replace', path: '/results', value: 12 }],
    });
    agent.finish();
    await expect.element(page.getByText(/"results": 12/)).toBeVisible();
    expect(screen.container.querySelector('[data-slot="activity"]')).toBe(slot);
  });
});
