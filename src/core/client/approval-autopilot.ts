import type { ApprovalPolicy } from '../approvals/approval-policy-types.js';
import { recordDecision } from '../approvals/confirm-decision.js';
import type { Decision } from '../fold/confirm-result.js';
import type { Conversation, PendingConfirmation } from '../fold/conversation.js';
import type { ToolCallBlock } from '../model/block.js';

/** How many answered calls are remembered (the oldest is forgotten past it). */
const MAX_ANSWERED = 1000;

/** What the autopilot needs from the stream store it drives. */
export interface ApprovalAutopilotHost {
  /** The policy in the current options, if any (read at every use: options change). */
  policy(): ApprovalPolicy | undefined;
  /**
   * Sends a decision the way a click does, folded locally at once (so that no prompt shows for a
   * call the policy answered); a rejection puts the call back in front of the user.
   */
  send(decision: Decision): Promise<void>;
}

/**
 * Answers the calls an agent asks about that the approval policy decides, through the same
 * confirm path as a click, and records the user's own decisions in the policy. It only answers
 * calls in state `asking` (never invents a decision), each call at most once (a replay, a
 * reconnect or a failed send never makes it answer again: the call is then the user's), never
 * approves a call whose arguments hide characters (the policy refuses), and every answer is
 * logged by the policy.
 */
export class ApprovalAutopilot {
  /** Calls answered here, by id and arguments: a call whose arguments change is a new call. */
  private readonly answered = new Set<string>();
  private lastPending: readonly PendingConfirmation[] | undefined;
  private lastPolicy: ApprovalPolicy | undefined;
  private lastRules: unknown;

  constructor(private readonly host: ApprovalAutopilotHost) {}

  /**
   * Answers the asking calls of the conversation `read` returns that the policy decides; true
   * when it sent any. Without a policy it reads nothing; with one, nothing more is done while
   * neither the pending calls nor the rules changed (the pending list is computed once per
   * conversation state, and the UI reads the same list).
   */
  review(read: () => Conversation): boolean {
    const policy = this.host.policy();
    if (!policy) return false;
    const pending = read().pendingConfirmations;
    const rules = policy.list();
    if (pending === this.lastPending && policy === this.lastPolicy && rules === this.lastRules) {
      return false;
    }
    this.lastPending = pending;
    this.lastPolicy = policy;
    this.lastRules = rules;
    let sent = false;
    for (const { toolCall } of pending) {
      const key = keyOf(toolCall);
      if (this.answered.has(key)) continue;
      const result = safely(() => policy.decide(toolCall));
      if (!result) continue;
      this.remember(key);
      sent = true;
      // A failed send is reported by the store and reopens the call for the user.
      this.host.send({ toolCall, confirmed: result.decision === 'allow' }).catch(() => undefined);
    }
    return sent;
  }

  /**
   * A decision the user made: logged in the policy, its "Always allow" rules added there in
   * scope `always`. Returns what to send: without those rules, which the policy now keeps (sent
   * to the agent too, it would remember them where revoking cannot reach).
   */
  userDecision(decision: Decision): Decision {
    const policy = this.host.policy();
    if (!policy) return decision;
    safely(() => recordDecision(policy, decision));
    this.remember(keyOf(decision.toolCall));
    if (!decision.rules) return decision;
    return { toolCall: decision.toolCall, confirmed: decision.confirmed };
  }

  private remember(key: string): void {
    this.answered.delete(key);
    this.answered.add(key);
    if (this.answered.size > MAX_ANSWERED) {
      this.answered.delete(this.answered.values().next().value as string);
    }
  }
}

function keyOf(call: ToolCallBlock): string {
  return `${call.id}\u0000${typeof call.input === 'string' ? call.input : ''}`;
}

/** The policy never throws by contract; an app's own policy object might. */
function safely<T>(run: () => T): T | undefined {
  try {
    return run();
  } catch {
    return undefined;
  }
}
