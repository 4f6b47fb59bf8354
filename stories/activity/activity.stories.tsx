import type { Meta, StoryObj } from '@storybook/react-vite';
import * as React from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { bookingV09, surfaceSnapshot } from '../../test/fixtures/activity/a2ui-surfaces.js';
import { expectConsoleError } from '../fixtures/expected-console-error.js';
import { ActivityList, conversation, quietLitDevMode, THROWN } from './activity-fixtures.js';

const meta = {
  title: 'Activities/Activity',
  component: ActivityList,
} satisfies Meta<typeof ActivityList>;

export default meta;
type Story = StoryObj<typeof meta>;

const plan = (steps: { title: string; done: boolean }[]) => ({
  type: 'ACTIVITY_SNAPSHOT',
  messageId: 'plan-1',
  activityType: 'plan',
  content: { steps },
});

/** An A2UI surface (v0.9) drawn by @a2ui/react; its button's action reaches the app. */
export const A2uiSurfaceWithAction: Story = {
  args: { messages: conversation(surfaceSnapshot('surface-1', bookingV09('booking', '19:30'))) },
  beforeEach: quietLitDevMode,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Table for two')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(canvas.getByTestId('actions')).toHaveTextContent('"time":"19:30"'));
  },
};

/** An activity of a type nothing renders: its content as JSON, behind a disclosure. */
export const UnknownActivity: Story = {
  args: {
    messages: conversation({
      type: 'ACTIVITY_SNAPSHOT',
      messageId: 'search-1',
      activityType: 'web-search',
      content: { query: 'restaurants in Lyon', results: 12 },
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByText('Activity: web-search'));
    await expect(canvas.getByText(/"results": 12/)).toBeVisible();
  },
};

const steps = [
  [{ op: 'replace', path: '/steps/0/done', value: true }],
  [{ op: 'add', path: '/steps/-', value: { title: 'Find a hotel', done: false } }],
  [{ op: 'replace', path: '/steps/1/done', value: true }],
];

/** A plan updated in place by its deltas, one per click. */
function UpdatingPlan() {
  const [applied, setApplied] = React.useState(0);
  const messages = React.useMemo(
    () =>
      conversation(
        plan([{ title: 'Book flights', done: false }]),
        ...steps.slice(0, applied).map((patch) => ({
          type: 'ACTIVITY_DELTA',
          messageId: 'plan-1',
          activityType: 'plan',
          patch,
        })),
      ),
    [applied],
  );
  return (
    <>
      <button
        type="button"
        disabled={applied === steps.length}
        onClick={() => setApplied((count) => count + 1)}
      >
        Next delta
      </button>
      <ActivityList messages={messages} />
    </>
  );
}

/** An activity that updates in place: each delta patches the same view. */
export const UpdatingActivity: Story = {
  args: { messages: [] },
  render: () => <UpdatingPlan />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const view = await canvas.findByTestId('plan');
    await userEvent.click(canvas.getByRole('button', { name: 'Next delta' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Next delta' }));
    await waitFor(() => expect(view).toHaveTextContent('✓ Book flightsFind a hotel'));
    expect(canvas.getByTestId('plan')).toBe(view);
  },
};

function deep(levels: number): unknown {
  let value: unknown = { leaf: true };
  for (let level = 0; level < levels; level += 1) value = { child: value };
  return value;
}

/** Hostile activities, each contained where it occurs: the conversation around them renders. */
export const Hostile: Story = {
  args: {
    messages: conversation(
      { type: 'ACTIVITY_SNAPSHOT', messageId: 'h1', activityType: 'exploding', content: {} },
      { type: 'ACTIVITY_SNAPSHOT', messageId: 'h2', activityType: '__proto__', content: {} },
      { type: 'ACTIVITY_SNAPSHOT', messageId: 'h3', activityType: 'deep', content: deep(3000) },
      {
        type: 'ACTIVITY_SNAPSHOT',
        messageId: 'h4',
        activityType: 'huge',
        content: { blob: 'x'.repeat(500_000) },
      },
      surfaceSnapshot('h5', [
        { version: 'v0.9', createSurface: { surfaceId: 'x', catalogId: 'https://evil.example' } },
      ]),
    ),
  },
  // React reports the error its boundary caught: expected here, and only here.
  beforeEach: () => {
    const restoreWarn = quietLitDevMode();
    const restoreError = expectConsoleError(THROWN)();
    return () => {
      restoreError();
      restoreWarn();
    };
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Anything else?')).toBeVisible();
    await expect(canvas.getByText(/The exploding view failed/)).toBeVisible();
    await waitFor(() =>
      expect(canvasElement.querySelector('[data-slot="a2ui-surface"]')).toHaveAttribute(
        'data-state',
        'failed',
      ),
    );
  },
};

/** Right to left: the activity and its JSON follow the page's direction. */
export const RightToLeft: Story = {
  args: {
    dir: 'rtl',
    messages: conversation(
      plan([
        { title: 'حجز الرحلات', done: true },
        { title: 'البحث عن فندق', done: false },
      ]),
      {
        type: 'ACTIVITY_SNAPSHOT',
        messageId: 'note-1',
        activityType: 'הערה',
        content: { text: 'שלום עולם' },
      },
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('البحث عن فندق')).toBeVisible();
    await userEvent.click(canvas.getByText('Activity: הערה'));
    await expect(canvas.getByText(/שלום עולם/)).toBeVisible();
  },
};
