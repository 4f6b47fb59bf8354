/*
 * `approvalPolicy` in the stream store: the calls its rules decide are answered through
 * `onConfirm` as a click would, once, folded at once; the user's decisions are recorded.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  MessageStreamOptions,
  MessageStreamStore,
  UserConfirmResultEvent,
} from '../../../src/core.js';
import { createApprovalPolicy, createMessageStreamStore } from '../../../src/core.js';
import { askingCall, parkedOn, parkedReply } from '../../fixtures/stream-events.js';
import { rule } from '../approvals/helpers.js';
import { manualFrames } from './manual-frames.js';

let stores: MessageStreamStore[] = [];

afterEach(() => {
  for (const store of stores) store.close();
  stores = [];
});

function createStore(options: MessageStreamOptions) {
  const frames = manualFrames();
  const sent: UserConfirmResultEvent[] = [];
  const store = createMessageStreamStore({
    // AgentScope's answer: the event the store folds locally too.
    onConfirm: (event: UserConfirmResultEvent) => {
      sent.push(event);
    },
    ...options,
    frameScheduler: frames.scheduler,
  });
  stores.push(store);
  return { store, frames, sent };
}

const pendingOf = (store: MessageStreamStore) =>
  store.getSnapshot().conversation.pendingConfirmations;

describe('approvalPolicy in the stream store', () => {
  it('answers a call its allow rule matches, once, with no prompt showing in between', () => {
    const policy = createApprovalPolicy({ rules: [rule('Bash', 'git status:*')] });
    const { store, frames, sent } = createStore({ approvalPolicy: policy });
    const snapshots: number[] = [];
    store.subscribe(() => snapshots.push(pendingOf(store).length));
    const events = parkedReply();
    store.append(events);
    frames.frame();

    expect(sent).toHaveLength(1);
    expect(sent[0]?.confirm_results).toEqual([
      expect.objectContaining({ confirmed: true, rules: null }),
    ]);
    // Folded at once: no published snapshot ever held the call as pending.
    expect(snapshots).toEqual([0]);
    expect(pendingOf(store)).toEqual([]);
    expect(policy.log()).toEqual([
      expect.objectContaining({ toolCallId: 'call-1', decision: 'allow', decidedBy: 'rule' }),
    ]);

    // A reconnect replays the run, and the server publishes the decision back: nothing new.
    store.append(events);
    store.append(sent[0] as UserConfirmResultEvent);
    frames.frame();
    expect(sent).toHaveLength(1);
    expect(policy.log()).toHaveLength(1);
  });

  it('answers a call its deny rule matches with a denial; a deny rule wins over an allow rule', () => {
    const policy = createApprovalPolicy({
      rules: [rule('Bash', null, 'allow'), rule('Bash', 'git:*', 'deny')],
    });
    const { store, frames, sent } = createStore({ approvalPolicy: policy });
    store.append(parkedReply());
    frames.frame();
    expect(sent[0]?.confirm_results[0]?.confirmed).toBe(false);
    expect(policy.log()[0]).toMatchObject({ decision: 'deny', decidedBy: 'rule' });
  });

  it('leaves the call to the user when no rule matches, or the arguments hide characters', () => {
    const policy = createApprovalPolicy({
      rules: [rule('Bash', null), rule('Read', null)],
    });
    const { store, frames, sent } = createStore({ approvalPolicy: policy });
    store.append(parkedOn('{"command": "git status\u202e"}'));
    frames.frame();
    expect(sent).toEqual([]);
    expect(pendingOf(store)).toHaveLength(1);
    expect(policy.log()).toEqual([]);

    const other = createStore({
      approvalPolicy: createApprovalPolicy({ rules: [rule('Read', null)] }),
    });
    other.store.append(parkedReply());
    other.frames.frame();
    expect(other.sent).toEqual([]);
    expect(pendingOf(other.store)).toHaveLength(1);
  });

  it('puts the call back for the user when the answer cannot be sent, and never sends it again', async () => {
    const policy = createApprovalPolicy({ rules: [rule('Bash', null)] });
    const onError = vi.fn();
    const onConfirm = vi.fn(() => Promise.reject(new Error('offline')));
    const { store, frames } = createStore({ approvalPolicy: policy, onConfirm, onError });
    store.append(parkedReply());
    frames.frame();
    expect(pendingOf(store)).toEqual([]);
    await Promise.resolve();
    await Promise.resolve();
    frames.frame();
    expect(pendingOf(store)).toHaveLength(1);
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'offline' }));
    frames.frame();
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('keeps an "Always allow" rule in the policy (scope always), logs the click, sends no rule', async () => {
    const policy = createApprovalPolicy();
    const { store, frames, sent } = createStore({ approvalPolicy: policy });
    store.append(parkedReply());
    frames.frame();
    expect(sent).toEqual([]);
    const toolCall = pendingOf(store)[0]?.toolCall ?? askingCall();
    const always = rule('Bash', 'git status:*');
    await store.confirm({ toolCall, confirmed: true, rules: [always] });

    expect(sent[0]?.confirm_results[0]).toMatchObject({ confirmed: true, rules: null });
    expect(policy.list()).toEqual([
      expect.objectContaining({ tool_name: 'Bash', rule_content: 'git status:*', scope: 'always' }),
    ]);
    expect(policy.log()).toEqual([expect.objectContaining({ decidedBy: 'user' })]);

    // The next matching call is answered by that rule.
    store.append(parkedOn('{"command": "git status -s"}', 'r2', 'call-2'));
    frames.frame();
    expect(sent).toHaveLength(2);
    expect(policy.log()[1]).toMatchObject({ decidedBy: 'rule', decision: 'allow' });
  });

  it('without a policy, sends the rules to the agent as before', async () => {
    const { store, frames, sent } = createStore({});
    store.append(parkedReply());
    frames.frame();
    const toolCall = pendingOf(store)[0]?.toolCall ?? askingCall();
    await store.confirm({ toolCall, confirmed: true, rules: [rule('Bash', 'git status:*')] });
    expect(sent[0]?.confirm_results[0]?.rules).toEqual([rule('Bash', 'git status:*')]);
  });
});
