import type { ToolCallBlock } from '../../core/model/block.js';
import type { PermissionRule } from '../../core/model/permission.js';
import { revealInvisible } from '../../core/safety/invisible.js';
import type { Labels } from '../labels.js';
import { clipText } from '../primitives/truncate.js';

/** Characters of a rule shown on its button; a real rule is a short pattern. */
const MAX_RULE_CHARACTERS = 1000;

/**
 * The "Always allow …" button text for a suggested rule: the tool it names (the call's own
 * name when the rule leaves it empty) and its `rule_content`, or "any invocation" when that is
 * null, with invisible characters marked so the label reads exactly as the rule does.
 */
export function ruleLabel(labels: Labels, rule: PermissionRule, call: ToolCallBlock): string {
  const tool = revealInvisible(clipText(rule.tool_name || call.name));
  const content =
    rule.rule_content === null
      ? null
      : revealInvisible(clipText(rule.rule_content, MAX_RULE_CHARACTERS));
  return labels.alwaysAllow(tool, content);
}

/**
 * The rule to send for "Always allow": the suggestion itself, as a complete rule. A suggestion
 * whose behaviour is not `allow` is sent as an allow rule, because that is what the button said.
 */
export function allowRule(rule: PermissionRule, call: ToolCallBlock): PermissionRule {
  if (rule.behavior === 'allow' && rule.tool_name) return rule;
  return { ...rule, tool_name: rule.tool_name || call.name, behavior: 'allow' };
}
