/*
 * An approval policy end to end in the browser: the hook answers what its rules decide, the card
 * says so and revokes the rule, "Always allow" adds an `always` rule, and after a revoke the
 * next call asks again.
 */
import * as React from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { page } from 'vitest/browser';
import type { ApprovalPolicy, UserConfirmResultEvent } from '../../src/core.js';
import { createApprovalPolicy } from '../../src/core.js';
import { ConfirmationPrompt } from '../../src/components/confirmation-prompt/confirmation-prompt.js';
import { Message } from '../../src/components/message/message.js';
import { AgentMessagesProvider } from '../../src/components/provider/agent-messages-provider.js';
import { useMessageStream } from '../../src/use-message-stream/use-message-stream.js';
import { bashRule, parkedOn, pushStream } from '../fixtures/stream-events.js';

const POLL = { timeout: 10_000 };

/** A reply that calls Bash with `command` and parks on it. */
const parkedOnCommand = (reply: string, callId: string, command: string) =>
  parkedOn(JSON.stringify({ command }), reply, callId);

interface ChatProps {
  policy: ApprovalPolicy;
  stream: ReadableStream<Uint8Array>;
  onConfirm(event: UserConfirmResultEvent): void;
}

function Chat({ policy, stream, onConfirm }: ChatProps) {
  const { messages, pendingConfirmations, confirm } = useMessageStream({
    source: () => stream,
    onConfirm,
    approvalPolicy: policy,
  });
  return (
    <AgentMessagesProvider approvalPolicy={policy} safety={{ confirmationArmDelayMs: 0 }}>
      {messages.map((message) => (
        <Message key={message.id} message={message} />
      ))}
      <ConfirmationPrompt
        toolCalls={pendingConfirmations.map((pending) => pending.toolCall)}
        onDecision={confirm}
      />
    </AgentMessagesProvider>
  );
}

const prompt = () => document.querySelector('[data-slot="confirmation-prompt"]');
describe('useMessageStream with an approval policy', () => {
  it('"Always allow" once: the next matching call runs without a prompt and says so; revoked, the next asks', async () => {
    const policy = createApprovalPolicy();
    const live = pushStream();
    const sent: UserConfirmResultEvent[] = [];
    const onConfirm = vi.fn((event: UserConfirmResultEvent) => {
      sent.push(event);
      // The server publishes the decision back, as AgentScope does.
      live.push(JSON.parse(JSON.stringify(event)) as UserConfirmResultEvent);
    });
    await render(<Chat policy={policy} stream={live.stream} onConfirm={onConfirm} />);

    live.push(...parkedOnCommand('r1', 'call-1', 'git status'));
    await page.getByRole('button', { name: 'Always allow Bash: git status:*' }).click();
    await expect.poll(() => sent.length, POLL).toBe(1);
    // The policy keeps the rule: the agent is not sent it, so that a revoke takes effect.
    expect(sent[0]?.confirm_results[0]).toMatchObject({ confirmed: true, rules: null });
    expect(policy.list()).toEqual([
      expect.objectContaining({ ...bashRule, source: 'suggested', scope: 'always' }),
    ]);
    await expect.poll(prompt, POLL).toBeNull();

    // Would the prompt show, even for a frame?
    let asked = false;
    const observer = new MutationObserver(() => {
      if (prompt()) asked = true;
    });
    observer.observe(document.body, { subtree: true, childList: true });
    live.push(...parkedOnCommand('r2', 'call-2', 'git status -s'));
    await expect.poll(() => sent.length, POLL).toBe(2);
    expect(sent[1]?.confirm_results[0]).toMatchObject({ confirmed: true, rules: null });
    const note = page.getByText('Approved by rule Bash: git status:*');
    await expect.element(note).toBeVisible();
    observer.disconnect();
    expect(asked).toBe(false);
    expect(policy.log().map((entry) => entry.decidedBy)).toEqual(['user', 'rule']);
    expect(
      document.querySelector('[data-slot="tool-call-card"][data-decided-by="rule"]'),
    ).not.toBeNull();

    await page.getByRole('button', { name: 'Revoke rule Bash: git status:*' }).click();
    expect(policy.list()).toEqual([]);
    await expect.element(page.getByText('Rule revoked')).toBeVisible();

    live.push(...parkedOnCommand('r3', 'call-3', 'git status'));
    await expect.poll(prompt, POLL).not.toBeNull();
    expect(sent).toHaveLength(2);
  });
});
