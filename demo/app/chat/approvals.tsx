/*
 * Approval rules in the demo: one policy per chat session, its `always` rules kept in
 * `localStorage` under the session's id (a new chat starts with none, a reload keeps them). The
 * stream answers what the rules decide, the cards say "Approved by rule …" with Revoke, and the
 * panel above the conversation lists the rules and the decision log.
 */
import * as React from 'react';
import type { ApprovalPolicy } from 'react-agent-messages/core';
import { AgentMessagesProvider, ApprovalRules } from 'react-agent-messages';
import { createApprovalPolicy, createLocalStorageApprovalStorage } from 'react-agent-messages/core';
import './approvals.css';

const policies = new Map<string, ApprovalPolicy>();

/** The session's policy: the same object for the page's lifetime, so the stream and UI share it. */
export function demoApprovalPolicy(sessionId: string): ApprovalPolicy {
  let policy = policies.get(sessionId);
  if (!policy) {
    const storage = createLocalStorageApprovalStorage(`ram-demo-approvals:${sessionId}`);
    policy = createApprovalPolicy({ storage });
    policies.set(sessionId, policy);
  }
  return policy;
}

/** The rules panel (collapsed), and the provider that lets the cards show the policy's decisions. */
export function DemoApprovals({
  sessionId,
  children,
}: {
  sessionId: string;
  children: React.ReactNode;
}) {
  const policy = demoApprovalPolicy(sessionId);
  const { rules } = React.useSyncExternalStore(policy.subscribe, policy.getSnapshot);
  return (
    <AgentMessagesProvider approvalPolicy={policy}>
      <details className="demo-approvals">
        <summary>Approval rules ({rules.length})</summary>
        <ApprovalRules policy={policy} headingLevel={2} />
      </details>
      {children}
    </AgentMessagesProvider>
  );
}
