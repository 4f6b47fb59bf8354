import type { Meta, StoryObj } from '@storybook/react-vite';
import * as React from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { ApprovalPolicy } from '../../src/core.js';
import { ApprovalRules } from '../../src/components/approval-rules/approval-rules.js';
import { askingCall, fixedPolicy, rule } from '../fixtures/approval-policies.js';

type Fill = 'empty' | 'full' | 'huge' | 'hostile';

/** A policy in one of the states the stories show. */
function policyFor(fill: Fill): ApprovalPolicy {
  const policy = fixedPolicy();
  if (fill === 'full') {
    policy.add(rule('Bash', 'git status:*'), { scope: 'always' });
    policy.add(rule('Bash', 'rm:*', 'deny'), { scope: 'always' });
    policy.add(rule('Read', 'src/**'), { scope: 'session' });
    policy.add(rule('WebFetch', null), { scope: 'once' });
    policy.decide(askingCall('c1', 'Bash', '{"command": "git status -s"}'));
    policy.decide(askingCall('c2', 'Bash', '{"command": "rm -rf /"}'));
    policy.record({
      toolCall: askingCall('c3', 'Edit', '{"file_path": "a.ts"}'),
      decision: 'allow',
    });
    policy.decide(askingCall('c4', 'Read', '{"path": "src/index.ts"}'));
  } else if (fill === 'huge') {
    for (let index = 0; index < 300; index++) {
      policy.add(rule(`tool_${index}`, `cmd${index}:*`), { scope: 'session' });
    }
    for (let index = 0; index < 1000; index++) {
      policy.decide(
        askingCall(
          `c${index}`,
          `tool_${index % 300}`,
          `{"command": "cmd${index % 300} --n ${index}"}`,
        ),
      );
    }
  } else if (fill === 'hostile') {
    policy.add(rule('Ba\u202esh', 'ls\u200b:*'), { scope: 'always' });
    policy.add(rule('<img src=x onerror=alert(1)>', `${'a'.repeat(5000)}/**`), {
      scope: 'session',
    });
    policy.record({
      toolCall: askingCall('h1', 'Bash\u2066', `{"command": "echo \\u202e${'x'.repeat(3000)}"}`),
      decision: 'deny',
    });
  }
  return policy;
}

interface PanelStoryProps {
  fill: Fill;
  onExport?: (json: string) => void;
}

function Panel({ fill, onExport }: PanelStoryProps) {
  const [policy] = React.useState(() => policyFor(fill));
  return <ApprovalRules policy={policy} logPageSize={20} {...(onExport ? { onExport } : {})} />;
}

const meta = {
  title: 'Approvals/ApprovalRules',
  component: Panel,
  args: { fill: 'full', onExport: fn() },
} satisfies Meta<typeof Panel>;

export default meta;
type Story = StoryObj<typeof meta>;

/** No rules and no decisions: both say so, and there is nothing to export. */
export const Empty: Story = {
  args: { fill: 'empty' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/No rules yet/)).toBeVisible();
    await expect(canvas.getByText('No decisions yet')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Export log (JSON)' })).toBeDisabled();
  },
};

/** Rules of every scope and behaviour, a log by rules and by the user; revoke and export by keyboard. */
export const Full: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const rules = canvas.getByRole('table', { name: 'Rules' });
    // The `once` rule decided nothing yet; the others show their uses.
    await expect(within(rules).getAllByRole('row')).toHaveLength(5);
    await expect(within(rules).getByText('git status:*')).toBeVisible();
    const log = canvas.getByRole('table', { name: 'Decisions' });
    await expect(within(log).getAllByRole('row')).toHaveLength(5);
    await expect(within(log).getByText('You')).toBeVisible();
    await expect(within(log).getByText('Rule Bash: rm:*')).toBeVisible();

    const first = canvas.getByRole('button', { name: 'Revoke rule Bash: git status:*' });
    first.focus();
    await userEvent.keyboard('{Enter}');
    // Focus moves to the next rule's Revoke.
    await waitFor(() =>
      expect(canvas.getByRole('button', { name: 'Revoke rule Bash: rm:*' })).toHaveFocus(),
    );
    await expect(within(rules).getAllByRole('row')).toHaveLength(4);

    await userEvent.click(canvas.getByRole('button', { name: 'Export log (JSON)' }));
    await expect(args.onExport).toHaveBeenCalledTimes(1);
    const exported = JSON.parse(
      (args.onExport as ReturnType<typeof fn>).mock.calls[0]?.[0] as string,
    ) as unknown[];
    await expect(exported).toHaveLength(4);
  },
};

/** 300 rules and 1,000 decisions: the log shows 20 at a time, newest first. */
export const Huge: Story = {
  args: { fill: 'huge' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const log = canvas.getByRole('table', { name: 'Decisions' });
    await expect(within(log).getAllByRole('row')).toHaveLength(21);
    await expect(canvas.getByText(/980 older decisions/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Show 20 more' }));
    await expect(within(log).getAllByRole('row')).toHaveLength(41);
  },
};

/** Names and patterns that hide characters or carry markup: shown as text, hidden ones marked. */
export const Hostile: Story = {
  args: { fill: 'hostile' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvasElement.querySelector('img')).toBeNull();
    await expect(canvas.getByText(/\[U\+202E\]/, { selector: 'bdi' })).toBeVisible();
    await expect(canvas.getByText(/ls\[U\+200B\]:\*/)).toBeVisible();
  },
};
