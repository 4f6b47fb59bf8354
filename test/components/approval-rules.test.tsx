/*
 * `<ApprovalRules>` and the card's rule note in the browser: Export downloads the log as a JSON
 * file, and a server render hydrates without a mismatch although the browser's policy holds
 * rules (saved in `localStorage`) that the server never saw.
 */
import * as React from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { page } from 'vitest/browser';
import type { ApprovalPolicy } from '../../src/core.js';
import { AgentMessagesProvider, ApprovalRules, ToolCallCard } from '../../src/index.js';
import { createApprovalPolicy, toolCallBlock } from '../../src/core.js';

const RULE = {
  tool_name: 'Bash',
  rule_content: 'ls:*',
  behavior: 'allow',
  source: 'user',
} as const;

function decidedPolicy(): { policy: ApprovalPolicy; input: string } {
  const policy = createApprovalPolicy();
  policy.add(RULE, { scope: 'always' });
  const input = '{"command": "ls -la"}';
  policy.decide(toolCallBlock({ id: 'call-1', name: 'Bash', input, state: 'asking' }));
  return { policy, input };
}

describe('ApprovalRules', () => {
  it('Export downloads the log as approval-log.json', async () => {
    const { policy } = decidedPolicy();
    const blobs: Blob[] = [];
    const names: string[] = [];
    const create = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:test';
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    try {
      await render(<ApprovalRules policy={policy} />);
      await page.getByRole('button', { name: 'Export log (JSON)' }).click();
      expect(names).toEqual(['approval-log.json']);
      const log = JSON.parse(await must(blobs[0]).text()) as unknown[];
      expect(log).toEqual([
        expect.objectContaining({ tool: 'Bash', decision: 'allow', decidedBy: 'rule', rule: RULE }),
      ]);
      expect(document.querySelector('a[download]')).toBeNull();
    } finally {
      create.mockRestore();
      click.mockRestore();
    }
  });

  it('shows a long log a page at a time: "Show N more" adds a page, or what remains', async () => {
    const policy = createApprovalPolicy();
    policy.add(RULE, { scope: 'always' });
    for (let i = 1; i <= 12; i++) {
      const input = `{"command": "ls ${i}"}`;
      policy.decide(toolCallBlock({ id: `call-${i}`, name: 'Bash', input, state: 'asking' }));
    }
    const screen = await render(<ApprovalRules policy={policy} logPageSize={5} />);
    const rows = () =>
      screen.container.querySelectorAll('[data-slot="approval-log-arguments"]').length;
    await expect.poll(rows).toBe(5);
    await page.getByRole('button', { name: 'Show 5 more' }).click();
    await expect.poll(rows).toBe(10);
    await page.getByRole('button', { name: 'Show 2 more' }).click();
    await expect.poll(rows).toBe(12);
    expect(screen.container.querySelector('[data-slot="approval-log-show-more"]')).toBeNull();
  });

  it('hydrates a server render made without the browser’s rules, then shows them', async () => {
    const { policy, input } = decidedPolicy();
    const block = toolCallBlock({ id: 'call-1', name: 'Bash', input, state: 'allowed' });
    const tree = (value: ApprovalPolicy) => (
      <AgentMessagesProvider approvalPolicy={value}>
        <ToolCallCard block={block} />
        <ApprovalRules policy={value} />
      </AgentMessagesProvider>
    );
    const container = document.createElement('div');
    // The server has a policy of its own, with none of the browser's rules.
    container.innerHTML = renderToString(tree(createApprovalPolicy()));
    document.body.append(container);
    expect(
      container.querySelector('[data-slot="approval-rules"]')?.hasAttribute('data-empty'),
    ).toBe(true);
    const root = hydrateRoot(container, tree(policy));
    try {
      await expect
        .poll(() => container.querySelector('[data-slot="approval-rules-rule"]'))
        .not.toBeNull();
      expect(container.textContent).toContain('Approved by rule Bash: ls:*');
    } finally {
      root.unmount();
      container.remove();
    }
  });
});

function must<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('missing');
  return value;
}
