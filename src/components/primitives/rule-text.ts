import type { PermissionRule } from '../../core/model/permission.js';
import { revealInvisible } from '../../core/safety/invisible.js';
import type { Labels } from '../labels.js';
import { clipText } from './truncate.js';

/** Characters of a pattern shown; a real rule is a short pattern. */
const MAX_PATTERN_CHARACTERS = 200;

/** A rule's tool name, clipped, with invisible characters revealed. */
export function ruleTool(rule: PermissionRule): string {
  return revealInvisible(clipText(typeof rule.tool_name === 'string' ? rule.tool_name : ''));
}

/** A rule's pattern, clipped, with invisible characters revealed; `null` for any invocation. */
export function rulePattern(rule: PermissionRule): string | null {
  if (typeof rule.rule_content !== 'string') return null;
  return revealInvisible(clipText(rule.rule_content, MAX_PATTERN_CHARACTERS));
}

/** A rule as one line of text ("Bash: git status:*"), exactly as it reads, nothing hidden. */
export function ruleText(labels: Labels, rule: PermissionRule): string {
  return labels.ruleText(ruleTool(rule), rulePattern(rule));
}
