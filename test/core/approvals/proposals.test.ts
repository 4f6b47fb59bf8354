import { describe, expect, it } from 'vitest';
import type { PermissionRule } from '../../../src/core.js';
import { createApprovalPolicy, proposalsFor, recordDecision } from '../../../src/core.js';
import { askingCall, rule } from './helpers.js';

function suggesting(name: string, suggested_rules: unknown[]) {
  return {
    ...askingCall(name, { command: 'git status' }),
    suggested_rules: suggested_rules as PermissionRule[],
  };
}

describe('proposalsFor', () => {
  it('offers the call’s suggested rules as allow rules for its own tool', () => {
    const call = suggesting('Bash', [
      { tool_name: 'Bash', rule_content: 'git status:*', behavior: 'allow', source: 'suggested' },
      { tool_name: '', rule_content: null, behavior: 'ask', source: 'suggested' },
      { tool_name: 'Bash', rule_content: 'git status:*', behavior: 'allow', source: 'other' },
    ]);
    expect(proposalsFor(call)).toEqual([
      { tool_name: 'Bash', rule_content: 'git status:*', behavior: 'allow', source: 'suggested' },
      { tool_name: 'Bash', rule_content: null, behavior: 'allow', source: 'suggested' },
    ]);
  });

  it('leaves out rules for another tool, incomplete ones and hidden characters', () => {
    const call = suggesting('Bash', [
      { tool_name: 'Write', rule_content: null, behavior: 'allow', source: 'suggested' },
      { tool_name: 'Bash', behavior: 'allow', source: 'suggested' },
      { tool_name: 'Bash', rule_content: 'ls\u200b:*', behavior: 'allow', source: 'suggested' },
      'Bash',
      null,
    ]);
    expect(proposalsFor(call)).toEqual([]);
    expect(proposalsFor(suggesting('Bash\u202e', [rule('Bash\u202e', null)]))).toEqual([]);
    expect(proposalsFor({ ...call, suggested_rules: 'x' as never })).toEqual([]);
  });

  it('offers the whole tool only when asked to, and only when nothing is suggested', () => {
    const call = suggesting('Bash', []);
    expect(proposalsFor(call)).toEqual([]);
    expect(proposalsFor(call, { fallback: 'tool' })).toEqual([
      { tool_name: 'Bash', rule_content: null, behavior: 'allow', source: 'user' },
    ]);
  });
});

describe('recordDecision', () => {
  it('"Always allow": logs the user’s approval and adds the rules in scope always', () => {
    const policy = createApprovalPolicy();
    const call = askingCall('Bash', { command: 'git status' });
    const { entry, added } = recordDecision(policy, {
      toolCall: call,
      confirmed: true,
      rules: [
        { tool_name: '', rule_content: 'git status:*', behavior: 'allow', source: 'suggested' },
      ],
    });
    expect(entry).toMatchObject({ decidedBy: 'user', decision: 'allow', toolCallId: call.id });
    expect(added).toMatchObject([
      { tool_name: 'Bash', rule_content: 'git status:*', scope: 'always' },
    ]);
    expect(policy.decide(askingCall('Bash', { command: 'git status -s' }))?.decision).toBe('allow');
    expect(policy.log()).toHaveLength(2);
  });

  it('a denial logs the user’s decision and adds no rule', () => {
    const policy = createApprovalPolicy();
    const { entry, added } = recordDecision(policy, {
      toolCall: askingCall('Bash'),
      confirmed: false,
      rules: [rule('Bash', null)],
    });
    expect(entry?.decision).toBe('deny');
    expect(added).toEqual([]);
    expect(policy.list()).toEqual([]);
  });
});
