import type { ToolCallBlock } from '../model/block.js';
import type { JsonObject } from '../model/json.js';
import type { PermissionRule } from '../model/permission.js';
import type { ApprovalRule } from './approval-rule.js';
import { isCommandPrefix, matchesCommandPrefix } from './command-prefix.js';
import { matchesPathGlob } from './path-glob.js';

/**
 * An app's own test of a rule against a call whose tool name the rule already matches: `true`
 * (matches) or `false` (does not), or `undefined` to use the built-in matching. `args` is the
 * parsed arguments object, `undefined` when the input is unreadable. It cannot widen a rule to
 * another tool, nor approve a call with hidden characters or unreadable arguments.
 */
export type ArgumentsMatcher = (
  rule: ApprovalRule,
  toolCall: ToolCallBlock,
  args: JsonObject | undefined,
) => boolean | undefined;

/** The arguments a path rule reads; each one present must be a string that matches. */
const PATH_ARGUMENTS = ['path', 'file_path'] as const;

/**
 * The built-in matching of a rule's `rule_content` against a call's arguments (the tool name is
 * compared before): `null` matches any call; `"<prefix>:*"` matches the `command` argument by
 * its first words (see `command-prefix.ts`); anything else is a glob over the `path` and
 * `file_path` arguments (see `path-glob.ts`), all of those present, at least one.
 */
export function matchesRuleContent(rule: PermissionRule, args: JsonObject | undefined): boolean {
  const content = rule.rule_content;
  if (content === null) return true;
  if (args === undefined) return false;
  if (isCommandPrefix(content)) {
    const command = Object.hasOwn(args, 'command') ? args['command'] : undefined;
    return typeof command === 'string' && matchesCommandPrefix(content, command);
  }
  const paths = PATH_ARGUMENTS.filter((key) => Object.hasOwn(args, key)).map((key) => args[key]);
  return (
    paths.length > 0 &&
    paths.every((path) => typeof path === 'string' && matchesPathGlob(content, path))
  );
}
