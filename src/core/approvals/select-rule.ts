import type { ApprovalRule } from './approval-rule.js';

/** A rule's match against a call: `unknown` when its matcher threw or was not restored. */
export type RuleMatch = boolean | 'unknown';

/** What `selectRule` knows about the call. */
export interface CallFacts {
  /** The call's tool name, compared exactly. */
  tool: string;
  /** False when the arguments are unreadable or hide characters: no rule may allow the call. */
  mayAllow: boolean;
}

/**
 * The rule that decides a call, or `undefined` (ask the user). Only rules of exactly the call's
 * tool count, and of those only `allow`, `deny` and `ask` (`passthrough` is ignored). The first
 * matching `deny` rule wins; otherwise a matching `ask` rule, or a `deny` or `ask` rule that
 * might match (`unknown`), leaves the call to the user; otherwise the first matching `allow`
 * rule decides, if the call may be allowed at all. `match` is only asked about rules that could
 * change the outcome.
 */
export function selectRule(
  rules: readonly ApprovalRule[],
  call: CallFacts,
  match: (rule: ApprovalRule) => RuleMatch,
): ApprovalRule | undefined {
  let allow: ApprovalRule | undefined;
  let askUser = false;
  for (const rule of rules) {
    // Exact names only: a rule never reaches another tool, whatever its matcher says.
    if (rule.tool_name !== call.tool || rule.behavior === 'passthrough') continue;
    if (rule.behavior === 'allow' && (allow !== undefined || !call.mayAllow)) continue;
    const result = match(rule);
    if (result === false) continue;
    if (rule.behavior === 'deny' && result === true) return rule;
    if (rule.behavior !== 'allow') askUser = true;
    else if (result === true) allow = rule;
  }
  return askUser ? undefined : allow;
}
