import type { Decision } from '../fold/confirm-result.js';
import type { ApprovalLogEntry } from './approval-log.js';
import type { ApprovalPolicy } from './approval-policy-types.js';
import type { ApprovalRule } from './approval-rule.js';

/**
 * Records a decision the user made in a confirmation prompt: logs it (by the user) and, when
 * the call was approved, adds each of its `rules` ("Always allow …") in scope `always`, an
 * empty `tool_name` read as the call's. Rules of a denial are ignored, as the agent ignores
 * them. Call it for the user's clicks only: `decide` already logged what a rule decided.
 * Returns the log entry and the rules it added.
 *
 * @example recordDecision(policy, { toolCall, confirmed: true, rules: [proposal] })
 */
export function recordDecision(
  policy: ApprovalPolicy,
  decision: Decision,
): { entry: ApprovalLogEntry | undefined; added: ApprovalRule[] } {
  const { toolCall, confirmed, rules } = decision;
  const entry = policy.record({ toolCall, decision: confirmed === true ? 'allow' : 'deny' });
  const added: ApprovalRule[] = [];
  if (confirmed !== true || !Array.isArray(rules)) return { entry, added };
  for (const rule of rules) {
    const named = rule && !rule.tool_name ? { ...rule, tool_name: toolCall.name } : rule;
    const stored = policy.add(named, { scope: 'always' });
    if (stored) added.push(stored);
  }
  return { entry, added };
}
