import type { Meta, StoryObj } from '@storybook/react-vite';
import * as React from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { ApprovalPolicy, ToolCallBlock, ToolResultBlock } from '../../src/core.js';
import { ToolCallCard } from '../../src/components/blocks/tool-call-card/tool-call-card.js';
import { AgentMessagesProvider } from '../../src/components/provider/agent-messages-provider.js';
import { askingCall, fixedPolicy, rule } from '../fixtures/approval-policies.js';

/** A call a rule of `policy` answered, as the card shows it once the agent moved on. */
function decidedCard(policy: ApprovalPolicy, call: ToolCallBlock, denied: boolean) {
  policy.decide(call);
  const block: ToolCallBlock = {
    ...call,
    state: denied ? 'finished' : 'allowed',
    finished_at: '2025-06-01T10:00:01.000Z',
  };
  const result: ToolResultBlock = {
    type: 'tool_result',
    id: call.id,
    name: call.name,
    output: denied ? 'Denied by the user.' : 'total 8\nindex.ts\nmain.ts',
    state: denied ? 'denied' : 'success',
    metadata: {},
    created_at: '2025-06-01T10:00:01.000Z',
    finished_at: '2025-06-01T10:00:02.000Z',
  };
  return { block, result };
}

interface CardStoryProps {
  /** Which rule decides the call. */
  decision: 'allow' | 'deny';
}

function DecidedByRule({ decision }: CardStoryProps) {
  const [state] = React.useState(() => {
    const policy = fixedPolicy();
    policy.add(decision === 'allow' ? rule('Bash', 'ls:*') : rule('Bash', 'rm:*', 'deny'), {
      scope: 'always',
    });
    const call = askingCall(
      'call-1',
      'Bash',
      decision === 'allow' ? '{"command": "ls -la src"}' : '{"command": "rm -rf dist"}',
    );
    return { policy, ...decidedCard(policy, call, decision === 'deny') };
  });
  return (
    <AgentMessagesProvider approvalPolicy={state.policy}>
      <ToolCallCard block={state.block} result={state.result} />
    </AgentMessagesProvider>
  );
}

const meta = {
  title: 'Blocks/ToolCallCard/Approval policy',
  component: DecidedByRule,
  args: { decision: 'allow' },
} satisfies Meta<typeof DecidedByRule>;

export default meta;
type Story = StoryObj<typeof meta>;

const card = (canvasElement: HTMLElement) =>
  canvasElement.querySelector<HTMLElement>('[data-slot="tool-call-card"]');

/** A rule allowed the call: the card says which, and the rule can be revoked from the keyboard. */
export const AutoApproved: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(card(canvasElement)).toHaveAttribute('data-decided-by', 'rule');
    await expect(canvas.getByText('Approved by rule Bash: ls:*')).toBeVisible();
    const revoke = canvas.getByRole('button', { name: 'Revoke rule Bash: ls:*' });
    await userEvent.tab();
    await userEvent.tab();
    await expect(revoke).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(canvas.getByText('Rule revoked')).toHaveFocus());
    await expect(canvas.queryByRole('button', { name: /^Revoke/ })).toBeNull();
    // The note stays: the call was still approved by that rule.
    await expect(canvas.getByText('Approved by rule Bash: ls:*')).toBeVisible();
  },
};

/** A deny rule refused the call. */
export const AutoDenied: Story = {
  args: { decision: 'deny' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Denied by rule Bash: rm:*')).toBeVisible();
    await expect(canvasElement.querySelector('[data-slot="tool-call-card-rule"]')).toHaveAttribute(
      'data-decision',
      'deny',
    );
  },
};

function DecidedByUser() {
  const [state] = React.useState(() => {
    const policy = fixedPolicy();
    const call = askingCall('call-1', 'Bash', '{"command": "ls -la src"}');
    policy.record({ toolCall: call, decision: 'allow' });
    return { policy, block: { ...call, state: 'allowed' as const } };
  });
  return (
    <AgentMessagesProvider approvalPolicy={state.policy}>
      <ToolCallCard block={state.block} />
    </AgentMessagesProvider>
  );
}

/** The user allowed the call: no rule note, only `data-decided-by="user"`. */
export const DecidedByTheUser: Story = {
  render: () => <DecidedByUser />,
  play: async ({ canvasElement }) => {
    await expect(card(canvasElement)).toHaveAttribute('data-decided-by', 'user');
    await expect(canvasElement.querySelector('[data-slot="tool-call-card-rule"]')).toBeNull();
  },
};
