/*
 * Properties of the autopilot that answers calls for an approval policy, over random rules and
 * random sequences of pending calls (replays, reconnects and arguments changing included).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type {
  ApprovalPolicy,
  Decision,
  Conversation,
  PendingConfirmation,
  PermissionRule,
} from '../../../src/core.js';
import { createApprovalPolicy, hasInvisibleCharacters } from '../../../src/core.js';
import { ApprovalAutopilot } from '../../../src/core/client/approval-autopilot.js';
import { askingCall } from '../approvals/helpers.js';

const tool = fc.constantFrom('Bash', 'Read');
const command = fc.constantFrom(
  'ls -la',
  'git status',
  'rm -rf /',
  'ls\u202e -la',
  'git\u200b push',
);
const rule = fc.record({
  tool_name: tool,
  rule_content: fc.constantFrom(null, 'ls:*', 'git:*', 'rm:*'),
  behavior: fc.constantFrom<PermissionRule['behavior']>('allow', 'deny', 'ask'),
  source: fc.constant('user'),
});
/** Calls of one conversation: a few ids, each with a tool and a command. */
const calls = fc.array(fc.tuple(tool, command), { minLength: 1, maxLength: 6 }).map((list) =>
  list.map(([name, text], index) => ({
    ...askingCall(name, { command: text }),
    id: `c${index}`,
  })),
);

/** A conversation that shows only the given calls as pending. */
/** An autopilot over `policy` that records what it sends. */
function autopilotFor(policy: ApprovalPolicy) {
  const sent: Decision[] = [];
  const autopilot = new ApprovalAutopilot({
    policy: () => policy,
    send: (decision) => {
      sent.push(decision);
      return Promise.resolve();
    },
  });
  return { autopilot, sent };
}

function conversationOf(pending: PendingConfirmation[]): Conversation {
  return { pendingConfirmations: pending } as unknown as Conversation;
}

describe('approval autopilot properties', () => {
  it('answers each call at most once, only as its rules decide, never allowing hidden characters, and logs each answer', () => {
    fc.assert(
      fc.property(
        fc.array(rule, { maxLength: 6 }),
        calls,
        // Which calls each successive frame shows pending: replays show the same ones again.
        fc.array(fc.array(fc.nat(5), { maxLength: 6 }), { minLength: 1, maxLength: 8 }),
        (rules, list, frames) => {
          const policy = createApprovalPolicy({ rules });
          const { autopilot, sent } = autopilotFor(policy);
          for (const frame of frames) {
            const pending = frame
              .map((index) => list[index % list.length])
              .filter((call) => call !== undefined)
              .map((toolCall) => ({ replyId: 'r1', message: {} as never, toolCall }));
            autopilot.review(() => conversationOf(pending));
          }
          const ids = sent.map((decision) => decision.toolCall.id);
          expect(new Set(ids).size).toBe(ids.length);
          for (const decision of sent) {
            const entry = policy.decisionFor(decision.toolCall.id);
            expect(entry?.decidedBy).toBe('rule');
            expect(decision.confirmed).toBe(entry?.decision === 'allow');
            if (decision.confirmed)
              expect(hasInvisibleCharacters(decision.toolCall.input)).toBe(false);
            // No rule is ever sent to the agent on the policy's behalf.
            expect(decision.rules).toBeUndefined();
          }
          expect(policy.log().filter((entry) => entry.decidedBy === 'rule')).toHaveLength(
            sent.length,
          );
        },
      ),
    );
  });

  it('never answers a call the user already answered', () => {
    fc.assert(
      fc.property(calls, fc.boolean(), (list, confirmed) => {
        const policy = createApprovalPolicy({
          rules: [
            { tool_name: 'Bash', rule_content: null, behavior: 'allow', source: 'user' },
            { tool_name: 'Read', rule_content: null, behavior: 'allow', source: 'user' },
          ],
        });
        const { autopilot, sent } = autopilotFor(policy);
        for (const toolCall of list) autopilot.userDecision({ toolCall, confirmed });
        autopilot.review(() =>
          conversationOf(
            list.map((toolCall) => ({ replyId: 'r1', message: {} as never, toolCall })),
          ),
        );
        expect(sent).toEqual([]);
        expect(policy.log().every((entry) => entry.decidedBy === 'user')).toBe(true);
      }),
    );
  });
});
