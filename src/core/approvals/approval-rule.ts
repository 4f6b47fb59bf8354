import type { PermissionBehavior, PermissionRule } from '../model/permission.js';

/**
 * How long a rule lasts: `once` is consumed by the first call it decides, `session` lives as long
 * as the policy (in memory only), `always` is saved through the policy's storage.
 */
export type ApprovalScope = 'once' | 'session' | 'always';

/** Every scope, for validation and pickers. */
export const APPROVAL_SCOPES: readonly ApprovalScope[] = ['once', 'session', 'always'];

/** A rule a policy holds: the AgentScope `PermissionRule` plus its bookkeeping. Immutable. */
export interface ApprovalRule extends PermissionRule {
  /** Stable id: what `remove(id)` revokes and what the log names. */
  readonly id: string;
  readonly scope: ApprovalScope;
  /** When it was added, ISO 8601. */
  readonly addedAt: string;
  /** How many calls it decided. */
  readonly uses: number;
  /** When it last decided a call, ISO 8601, or `null`. */
  readonly lastUsedAt: string | null;
  /**
   * True when it was added with its own arguments matcher. A matcher is a function and is not
   * saved: an `always` rule loaded without it matches nothing (the user is asked) until revoked.
   */
  readonly customMatch: boolean;
}

const BEHAVIORS: readonly PermissionBehavior[] = ['allow', 'deny', 'ask', 'passthrough'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * `value` as a complete `PermissionRule`, or `undefined`. `tool_name` must be a non-empty string
 * and `rule_content` a string or `null` (a missing one is not read as "any call", which would
 * widen the rule); a missing `source` reads as `"user"`. Extra keys are dropped.
 */
export function readPermissionRule(value: unknown): PermissionRule | undefined {
  if (!isRecord(value)) return undefined;
  const { tool_name, rule_content, behavior, source } = value;
  if (typeof tool_name !== 'string' || tool_name === '') return undefined;
  if (typeof rule_content !== 'string' && rule_content !== null) return undefined;
  if (!BEHAVIORS.includes(behavior as PermissionBehavior)) return undefined;
  return {
    tool_name,
    rule_content,
    behavior: behavior as PermissionBehavior,
    source: typeof source === 'string' ? source : 'user',
  };
}

/** A saved `always` rule read back from storage, or `undefined` when it is not one. */
export function readStoredRule(value: unknown): ApprovalRule | undefined {
  const rule = readPermissionRule(value);
  if (!rule || !isRecord(value)) return undefined;
  const { id, addedAt, uses, lastUsedAt, customMatch } = value;
  if (typeof id !== 'string' || id === '') return undefined;
  return freezeRule({
    ...rule,
    id,
    scope: 'always',
    addedAt: typeof addedAt === 'string' ? addedAt : '',
    uses: typeof uses === 'number' && Number.isSafeInteger(uses) && uses >= 0 ? uses : 0,
    lastUsedAt: typeof lastUsedAt === 'string' ? lastUsedAt : null,
    customMatch: customMatch === true,
  });
}

/** True when both rules say the same thing (tool, pattern, behaviour); `source` is ignored. */
export function sameRule(a: PermissionRule, b: PermissionRule): boolean {
  return (
    a.tool_name === b.tool_name && a.rule_content === b.rule_content && a.behavior === b.behavior
  );
}

/** The AgentScope rule alone, without the policy's bookkeeping: what an agent is sent. */
export function toPermissionRule(rule: PermissionRule): PermissionRule {
  return {
    tool_name: rule.tool_name,
    rule_content: rule.rule_content,
    behavior: rule.behavior,
    source: rule.source,
  };
}

/** Freezes a rule entry so that an app cannot change a rule behind the policy's back. */
export function freezeRule(rule: ApprovalRule): ApprovalRule {
  return Object.freeze(rule);
}
