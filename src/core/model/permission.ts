/** What a permission rule does with a matching call. */
export type PermissionBehavior = 'allow' | 'deny' | 'ask' | 'passthrough';

/**
 * A rule the agent's permission engine applies to tool calls; `rule_content` is tool-specific
 * (a command prefix such as `"git status:*"`, a glob) and `null` means any invocation.
 */
export interface PermissionRule {
  tool_name: string;
  rule_content: string | null;
  behavior: PermissionBehavior;
  source: string;
}
