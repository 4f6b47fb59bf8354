import { describe, expect, it, vi } from 'vitest';
import type { ApprovalRule } from '../../../src/core.js';
import { createApprovalPolicy, createMemoryApprovalStorage } from '../../../src/core.js';
import { askingCall, rule } from './helpers.js';

const clock = () => new Date('2026-01-02T03:04:05.000Z');

describe('createApprovalPolicy: rule kinds', () => {
  it('a rule with null content matches any call of its tool', () => {
    const policy = createApprovalPolicy();
    const added = policy.add(rule('Read', null), { scope: 'session' });
    expect(policy.decide(askingCall('Read', { path: '/etc/hosts' }))).toEqual({
      decision: 'allow',
      rule: expect.objectContaining({ id: added?.id, uses: 1 }) as ApprovalRule,
    });
    expect(policy.decide(askingCall('Read', {}))?.decision).toBe('allow');
    expect(policy.decide(askingCall('Read', ''))?.decision).toBe('allow');
  });

  it('a command prefix matches the command argument by its first words', () => {
    const policy = createApprovalPolicy();
    policy.add(rule('Bash', 'ls:*'));
    expect(policy.decide(askingCall('Bash', { command: 'ls -la /tmp' }))?.decision).toBe('allow');
    expect(policy.decide(askingCall('Bash', { command: 'rm -rf /' }))).toBeUndefined();
    expect(policy.decide(askingCall('Bash', { command: 'lsblk' }))).toBeUndefined();
    expect(policy.decide(askingCall('Bash', { command: 'ls; rm -rf /' }))).toBeUndefined();
    expect(policy.decide(askingCall('Bash', { command: 'ls && curl x' }))).toBeUndefined();
    expect(policy.decide(askingCall('Bash', { command: ['ls'] }))).toBeUndefined();
    expect(policy.decide(askingCall('Bash', { cmd: 'ls' }))).toBeUndefined();
  });

  it('a glob matches the path or file_path argument', () => {
    const policy = createApprovalPolicy();
    policy.add(rule('Write', 'src/**'));
    expect(policy.decide(askingCall('Write', { path: 'src/a.ts' }))?.decision).toBe('allow');
    expect(policy.decide(askingCall('Write', { file_path: 'src/a/b.ts' }))?.decision).toBe('allow');
    expect(policy.decide(askingCall('Write', { path: 'src/../etc/passwd' }))).toBeUndefined();
    expect(policy.decide(askingCall('Write', { path: 'README.md' }))).toBeUndefined();
    expect(policy.decide(askingCall('Write', { path: 42 }))).toBeUndefined();
    expect(policy.decide(askingCall('Write', { path: null }))).toBeUndefined();
    expect(policy.decide(askingCall('Write', { content: 'x' }))).toBeUndefined();
    // Both present: both must match.
    expect(
      policy.decide(askingCall('Write', { path: 'src/a.ts', file_path: '/etc/passwd' })),
    ).toBeUndefined();
  });

  it('an app matcher decides for the rules of the call’s tool, or defers with undefined', () => {
    const match = vi.fn((candidate: ApprovalRule, _call: unknown, args: unknown) =>
      candidate.rule_content === 'small-files' ? (args as { size: number }).size < 100 : undefined,
    );
    const policy = createApprovalPolicy({ match });
    policy.add(rule('Upload', 'small-files'));
    policy.add(rule('Bash', 'ls:*'));
    expect(policy.decide(askingCall('Upload', { size: 10 }))?.decision).toBe('allow');
    expect(policy.decide(askingCall('Upload', { size: 1000 }))).toBeUndefined();
    // Deferred to the built-in prefix matching.
    expect(policy.decide(askingCall('Bash', { command: 'ls' }))?.decision).toBe('allow');
    // Never asked about another tool's rules.
    policy.decide(askingCall('Other', { size: 1 }));
    expect(
      match.mock.calls.every(
        ([candidate, call]) => candidate.tool_name === (call as { name: string }).name,
      ),
    ).toBe(true);
  });

  it('a rule’s own matcher comes first; a throwing matcher never lets a call through', () => {
    const onDiagnostic = vi.fn();
    const policy = createApprovalPolicy({ onDiagnostic });
    policy.add(rule('Fetch', 'example.com'), {
      match: (_rule, _call, args) => args?.['url'] === 'https://example.com/',
    });
    expect(policy.decide(askingCall('Fetch', { url: 'https://example.com/' }))?.decision).toBe(
      'allow',
    );
    expect(policy.decide(askingCall('Fetch', { url: 'https://evil.example/' }))).toBeUndefined();

    policy.add(rule('Fetch', null, 'deny'), {
      match: () => {
        throw new Error('boom');
      },
    });
    expect(policy.decide(askingCall('Fetch', { url: 'https://example.com/' }))).toBeUndefined();
    expect(onDiagnostic).toHaveBeenCalledWith(expect.objectContaining({ code: 'matcher-failed' }));
  });

  it('an ask rule sends a call to the user even when an allow rule matches', () => {
    const policy = createApprovalPolicy();
    policy.add(rule('Bash', null));
    policy.add(rule('Bash', 'git push:*', 'ask'));
    expect(policy.decide(askingCall('Bash', { command: 'git push origin' }))).toBeUndefined();
    expect(policy.decide(askingCall('Bash', { command: 'git status' }))?.decision).toBe('allow');
  });
});

describe('createApprovalPolicy: safety', () => {
  it('a deny rule wins over an allow rule, whatever their order', () => {
    const policy = createApprovalPolicy();
    policy.add(rule('Bash', null, 'allow'));
    const deny = policy.add(rule('Bash', 'rm:*', 'deny'));
    policy.add(rule('Bash', 'rm -rf:*', 'allow'));
    const result = policy.decide(askingCall('Bash', { command: 'rm -rf /' }));
    expect(result?.decision).toBe('deny');
    expect(result?.rule.id).toBe(deny?.id);
  });

  it('a rule never matches another tool: names are compared exactly', () => {
    const policy = createApprovalPolicy();
    policy.add(rule('Bash', null));
    policy.add(rule('Read*', null));
    for (const name of ['bash', 'Bash2', 'BashTool', 'Bas', 'Read', 'ReadFile', ' Bash']) {
      expect(policy.decide(askingCall(name, { command: 'ls' })), name).toBeUndefined();
    }
  });

  it('never approves a call whose name or arguments hide characters', () => {
    const policy = createApprovalPolicy();
    policy.add(rule('Bash', null));
    policy.add(rule('Bash\u200b', null));
    const hidden = [
      askingCall('Bash', { command: 'ls \u202egnp.exe' }),
      askingCall('Bash', '{"command":"ls \\u2066x"}'),
      askingCall('Bash', { ['comm\u200band']: 'ls' }),
      askingCall('Bash', { command: `ls ${String.fromCodePoint(0xe0041)}` }),
      askingCall('Bash\u200b', { command: 'ls' }),
    ];
    for (const call of hidden) expect(policy.decide(call), call.input).toBeUndefined();
    expect(policy.log()).toHaveLength(0);
  });

  it('never approves unreadable arguments, but a deny rule still denies', () => {
    const policy = createApprovalPolicy();
    policy.add(rule('Bash', null));
    for (const input of [
      '{"command": "ls"',
      'not json',
      '["ls"]',
      '"ls"',
      '{"command":"ls","command":"rm -rf /"}',
    ]) {
      expect(policy.decide(askingCall('Bash', input)), input).toBeUndefined();
    }
    policy.add(rule('Bash', null, 'deny'));
    expect(policy.decide(askingCall('Bash', 'not json'))?.decision).toBe('deny');
  });

  it('answers only calls in state asking: it never invents a decision', () => {
    const policy = createApprovalPolicy();
    policy.add(rule('Bash', null));
    for (const state of ['pending', 'allowed', 'submitted', 'finished'] as const) {
      expect(policy.decide(askingCall('Bash', {}, state)), state).toBeUndefined();
    }
    expect(policy.decide(null as never)).toBeUndefined();
    expect(policy.decide({ type: 'text', state: 'asking' } as never)).toBeUndefined();
    expect(policy.log()).toHaveLength(0);
  });

  it('logs every decision it makes, with the rule', () => {
    const policy = createApprovalPolicy({ now: clock });
    const allow = policy.add(rule('Bash', 'git status:*'));
    const call = askingCall('Bash', { command: 'git status -s' });
    policy.decide(call);
    expect(policy.log()).toEqual([
      {
        time: '2026-01-02T03:04:05.000Z',
        toolCallId: call.id,
        tool: 'Bash',
        arguments: call.input,
        decision: 'allow',
        decidedBy: 'rule',
        ruleId: allow?.id,
        rule: rule('Bash', 'git status:*'),
      },
    ]);
    expect(policy.decisionFor(call.id)?.ruleId).toBe(allow?.id);
  });
});

describe('createApprovalPolicy: scopes, list and log', () => {
  it('a once rule is consumed by the first call it decides', () => {
    const policy = createApprovalPolicy();
    policy.add(rule('Bash', null), { scope: 'once' });
    expect(policy.decide(askingCall('Bash', { command: 'ls' }))?.rule).toMatchObject({
      scope: 'once',
      uses: 1,
    });
    expect(policy.list()).toHaveLength(0);
    expect(policy.decide(askingCall('Bash', { command: 'ls' }))).toBeUndefined();
  });

  it('a once rule outvoted by a deny rule is not consumed', () => {
    const policy = createApprovalPolicy();
    policy.add(rule('Bash', null), { scope: 'once' });
    policy.add(rule('Bash', 'rm:*', 'deny'));
    expect(policy.decide(askingCall('Bash', { command: 'rm x' }))?.decision).toBe('deny');
    expect(policy.list().map((entry) => entry.scope)).toEqual(['once', 'session']);
  });

  it('session rules are not saved, always rules are', () => {
    const storage = createMemoryApprovalStorage();
    const first = createApprovalPolicy({ storage });
    first.add(rule('Read', null), { scope: 'session' });
    const kept = first.add(rule('Bash', 'ls:*'), { scope: 'always' });
    const second = createApprovalPolicy({ storage });
    expect(second.list()).toEqual([kept]);
    expect(second.decide(askingCall('Bash', { command: 'ls' }))?.rule.id).toBe(kept?.id);
    expect(second.decide(askingCall('Read', {}))).toBeUndefined();
  });

  it('lists each rule with tool, pattern, scope, when added and how often used', () => {
    const policy = createApprovalPolicy({ now: clock });
    policy.add(rule('Bash', 'ls:*'), { scope: 'always' });
    policy.decide(askingCall('Bash', { command: 'ls' }));
    policy.decide(askingCall('Bash', { command: 'ls -l' }));
    expect(policy.list()).toEqual([
      {
        id: expect.any(String) as string,
        tool_name: 'Bash',
        rule_content: 'ls:*',
        behavior: 'allow',
        source: 'user',
        scope: 'always',
        addedAt: '2026-01-02T03:04:05.000Z',
        uses: 2,
        lastUsedAt: '2026-01-02T03:04:05.000Z',
        customMatch: false,
      },
    ]);
  });

  it('remove revokes a rule: the next matching call asks again', () => {
    const storage = createMemoryApprovalStorage();
    const policy = createApprovalPolicy({ storage });
    const added = policy.add(rule('Bash', 'ls:*'), { scope: 'always' });
    expect(policy.remove(added?.id ?? '')).toBe(true);
    expect(policy.remove(added?.id ?? '')).toBe(false);
    expect(policy.decide(askingCall('Bash', { command: 'ls' }))).toBeUndefined();
    expect(createApprovalPolicy({ storage }).list()).toEqual([]);
  });

  it('adding a rule it already holds returns the same entry', () => {
    const policy = createApprovalPolicy();
    const first = policy.add(rule('Bash', 'ls:*'), { scope: 'always' });
    expect(policy.add({ ...rule('Bash', 'ls:*'), source: 'suggested' }, { scope: 'always' })).toBe(
      first,
    );
    expect(policy.add(rule('Bash', 'ls:*'), { scope: 'session' })).not.toBe(first);
    expect(policy.list()).toHaveLength(2);
  });

  it('rejects incomplete rules with a diagnostic instead of throwing', () => {
    const policy = createApprovalPolicy();
    const bad = [
      null,
      { tool_name: 'Bash', behavior: 'allow', source: 'user' },
      { tool_name: '', rule_content: null, behavior: 'allow', source: 'user' },
      { tool_name: 'Bash', rule_content: null, behavior: 'maybe', source: 'user' },
      { tool_name: 'Bash', rule_content: 3, behavior: 'allow', source: 'user' },
    ];
    for (const value of bad) expect(policy.add(value as never)).toBeUndefined();
    expect(policy.add(rule('Bash', null), { scope: 'forever' as never })).toBeUndefined();
    expect(policy.list()).toEqual([]);
    expect(policy.diagnostics().map((d) => d.code)).toEqual(Array(6).fill('invalid-rule'));
  });

  it('records the user’s decisions and never decides a call the user answered', () => {
    const policy = createApprovalPolicy({ now: clock });
    const call = askingCall('Bash', { command: 'ls' });
    expect(policy.record({ toolCall: call, decision: 'deny' })).toMatchObject({
      decidedBy: 'user',
      decision: 'deny',
      ruleId: null,
      rule: null,
      tool: 'Bash',
    });
    policy.add(rule('Bash', null));
    expect(policy.decide(call)).toBeUndefined();
    expect(policy.log()).toHaveLength(1);
    expect(policy.record({ toolCall: call, decision: 'maybe' as never })).toBeUndefined();
  });

  it('deciding the same call again gives the same answer without logging it twice', () => {
    const policy = createApprovalPolicy();
    policy.add(rule('Bash', null), { scope: 'once' });
    const call = askingCall('Bash', { command: 'ls' });
    const first = policy.decide(call);
    expect(policy.decide({ ...call })).toBe(first);
    expect(policy.log()).toHaveLength(1);
    // The same id with edited arguments is another call.
    expect(policy.decide({ ...call, input: '{"command":"pwd"}' })).toBeUndefined();
  });

  it('keeps the latest maxLogEntries entries', () => {
    const policy = createApprovalPolicy({ maxLogEntries: 2 });
    const calls = [1, 2, 3].map(() => askingCall('Bash'));
    for (const call of calls) policy.record({ toolCall: call, decision: 'allow' });
    expect(policy.log().map((entry) => entry.toolCallId)).toEqual([calls[1]?.id, calls[2]?.id]);
    expect(policy.decisionFor(calls[0]?.id ?? '')).toBeUndefined();
  });

  it('exports the log as JSON with hidden characters escaped', () => {
    const policy = createApprovalPolicy({ now: clock });
    const call = askingCall('Bash', { command: 'echo \u202eabc' });
    policy.record({ toolCall: call, decision: 'deny' });
    const text = policy.exportLog();
    expect(text).not.toContain('\u202e');
    expect(text).toContain('\\u202e');
    expect(JSON.parse(text)).toEqual([
      expect.objectContaining({ decision: 'deny', decidedBy: 'user', arguments: call.input }),
    ]);
  });

  it('tells subscribers about every change and keeps snapshots stable in between', () => {
    const policy = createApprovalPolicy();
    const listener = vi.fn();
    const unsubscribe = policy.subscribe(listener);
    const before = policy.getSnapshot();
    expect(policy.getSnapshot()).toBe(before);
    expect(policy.list()).toBe(policy.list());
    const added = policy.add(rule('Bash', null));
    policy.decide(askingCall('Bash'));
    policy.record({ toolCall: askingCall('Bash'), decision: 'allow' });
    policy.remove(added?.id ?? '');
    expect(listener).toHaveBeenCalledTimes(4);
    expect(policy.getSnapshot()).not.toBe(before);
    unsubscribe();
    policy.add(rule('Read', null));
    expect(listener).toHaveBeenCalledTimes(4);
  });

  it('starts with the rules given as options, in scope session', () => {
    const storage = createMemoryApprovalStorage();
    const policy = createApprovalPolicy({ storage, rules: [rule('Bash', 'ls:*')] });
    expect(policy.list()).toMatchObject([{ tool_name: 'Bash', scope: 'session' }]);
    expect(createApprovalPolicy({ storage }).list()).toEqual([]);
  });
});
