import type { ToolCallBlock } from '../model/block.js';
import type { PermissionRule } from '../model/permission.js';
import { hasInvisibleCharacters } from '../safety/invisible.js';
import { readPermissionRule, sameRule } from './approval-rule.js';

/** Options of `proposalsFor`. */
export interface ProposalOptions {
  /**
   * What to offer when the call suggests no rule: nothing (`'none'`, the default: an agent that
   * suggests nothing may mean it), or an allow rule for any call of the tool (`'tool'`, for
   * protocols that never suggest rules).
   */
  fallback?: 'none' | 'tool';
}

/**
 * The rules an approval prompt can offer as "Always allow …" for `toolCall`: its
 * `suggested_rules` (AgentScope), each as a complete allow rule for the call's own tool (an empty
 * `tool_name` reads as the call's), without duplicates. A suggestion naming another tool, an
 * incomplete one, or one whose pattern hides characters is left out; so is every suggestion of
 * a call whose tool name hides characters (no rule could ever approve it).
 */
export function proposalsFor(
  toolCall: ToolCallBlock,
  options: ProposalOptions = {},
): PermissionRule[] {
  const name: unknown = toolCall.name;
  if (typeof name !== 'string' || name === '' || hasInvisibleCharacters(name)) return [];
  const suggested: unknown = toolCall.suggested_rules;
  const proposals: PermissionRule[] = [];
  for (const item of Array.isArray(suggested) ? (suggested as unknown[]) : []) {
    const named =
      typeof item === 'object' && item !== null && !(item as { tool_name?: unknown }).tool_name
        ? { ...item, tool_name: name }
        : item;
    const rule = readPermissionRule(named);
    if (!rule || rule.tool_name !== name) continue;
    if (rule.rule_content !== null && hasInvisibleCharacters(rule.rule_content)) continue;
    // What "Always allow" offers is an allow rule, whatever the suggestion's behaviour.
    const proposal: PermissionRule = { ...rule, behavior: 'allow' };
    if (!proposals.some((other) => sameRule(other, proposal))) proposals.push(proposal);
  }
  if (proposals.length === 0 && options.fallback === 'tool') {
    proposals.push({ tool_name: name, rule_content: null, behavior: 'allow', source: 'user' });
  }
  return proposals;
}
