import type { Meta, StoryObj } from '@storybook/react-vite';
import * as React from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { MessageStreamProtocolName } from '../../src/core.js';
import type { Recorder } from '../../src/devtools.js';
import { AgentDevtools, createRecorder } from '../../src/devtools.js';
import {
  hostileFrames,
  hugeAiSdkFrames,
  recordFrames,
  recordProtocol,
} from '../../test/fixtures/recordings.js';

/** The panel open over one recorder, docked along the bottom of the canvas. */
function Panel({ recorder, dir }: { recorder: Recorder; dir?: 'rtl' }) {
  return (
    <div dir={dir} style={{ minBlockSize: '85vh' }}>
      <AgentDevtools recorder={recorder} defaultOpen placement="bottom" />
    </div>
  );
}

const HUGE = 6000;

// Recorders are made once, outside the stories' args: Storybook walks args, and a hostile frame
// is a cycle.
const empty = createRecorder();
const huge = recordFrames('ai-sdk', hugeAiSdkFrames(HUGE), { capacity: 5000 }).recorder;
const hostileSession = recordFrames('agentscope', hostileFrames());
const hostile = hostileSession.recorder;
const HOSTILE_EVENTS = hostileSession.session.events.length;
const rightToLeft = recordProtocol('ai-sdk').recorder;
const closed = recordProtocol('ag-ui').recorder;

const meta = {
  title: 'Devtools/AgentDevtools',
  component: AgentDevtools,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof AgentDevtools>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The scrubber stands after the last event: its maximum is the session's event count. */
async function expectWholeSession(canvasElement: HTMLElement, events: number) {
  const canvas = within(canvasElement);
  const slider = await canvas.findByRole('slider', { name: 'Events folded' });
  await expect(slider).toHaveAttribute('max', String(events));
  await expect(slider).toHaveValue(String(events));
}

const protocolStory = (protocol: MessageStreamProtocolName, decisions = false): Story => {
  const { recorder, session } = recordProtocol(protocol, {
    ...(decisions
      ? {
          decisions: [
            {
              toolCallId: 'call-1',
              allowed: true,
              sent: { type: 'USER_CONFIRM_RESULT', reply_id: 'r1', confirm_results: [] },
            },
          ],
        }
      : {}),
  });
  return {
    render: () => <Panel recorder={recorder} />,
    play: async ({ canvasElement }) => {
      await expectWholeSession(canvasElement, session.events.length);
      const conversation = within(canvasElement).getByRole('log', {
        name: 'Conversation at this point',
      });
      await waitFor(() =>
        expect(conversation.querySelectorAll('[data-slot="message"]').length).toBeGreaterThan(0),
      );
    },
  };
};

/** An AgentScope reply that thinks, writes and parks on a confirmation, with the decision sent. */
export const AgentScope: Story = {
  ...protocolStory('agentscope', true),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('slider', { name: 'Events folded' });
    const approvals = within(canvas.getByRole('region', { name: 'Approvals' }));
    await expect(approvals.getByText('Bash')).toBeVisible();
    await expect(approvals.getByText('Allowed', { exact: false })).toBeVisible();
    await expect(approvals.getByText(/USER_CONFIRM_RESULT/)).toBeVisible();
  },
};

/** The demo's AI SDK UI message stream (reasoning, tools, an approval, media). */
export const AiSdk: Story = protocolStory('ai-sdk');

/** AG-UI 1.0 events: a run that fails, then one that reasons, calls tools and finishes. */
export const AgUi: Story = protocolStory('ag-ui');

/** AgentFlow stream chunks with a failing tool. */
export const AgentFlow: Story = protocolStory('agentflow');

/** Operator-Use RPC events of one agent turn. */
export const OperatorUse: Story = protocolStory('operator-use');

/** A recorder with nothing recorded yet. */
export const Empty: Story = {
  render: () => <Panel recorder={empty} />,
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText(/Nothing recorded yet/)).toBeVisible();
  },
};

/** 6,000 text deltas in a ring of 5,000: the list renders only the rows in view. */
export const Huge: Story = {
  render: () => <Panel recorder={huge} />,
  play: async ({ canvasElement }) => {
    await expectWholeSession(canvasElement, 5000);
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/1,006 dropped/)).toBeVisible();
    const list = canvas.getByRole('listbox', { name: /Events of/ });
    await expect(list.querySelectorAll('[role="option"]').length).toBeLessThan(100);
  },
};

/** Frames no fold can use (text, null, a number, unknown types, a cycle, 100 kB): each is shown. */
export const Hostile: Story = {
  render: () => <Panel recorder={hostile} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expectWholeSession(canvasElement, HOSTILE_EVENTS);
    // The list opens at the last event; the bad frames come first.
    await userEvent.click(canvas.getByRole('button', { name: 'First' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(
        canvasElement.querySelectorAll('[data-slot="devtools-event"][data-diagnostics]').length,
      ).toBeGreaterThan(2),
    );
    await expect(canvasElement.querySelector('img')).toBeNull();
    await expect(canvas.getByRole('log', { name: 'Conversation at this point' })).toBeVisible();
  },
};

/** Right to left: the panel follows the page's direction. */
export const RightToLeft: Story = {
  render: () => <Panel recorder={rightToLeft} dir="rtl" />,
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('slider', { name: 'Events folded' });
  },
};

/** Closed: only the toggle shows. */
export const Closed: Story = {
  render: () => <AgentDevtools recorder={closed} />,
  play: async ({ canvasElement }) => {
    const toggle = within(canvasElement).getByRole('button', { name: /Devtools/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  },
};
