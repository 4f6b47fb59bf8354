import type {
  JsonObject,
  PermissionRule,
  ToolCallBlock,
  ToolCallState,
} from '../../../src/core.js';
import { toolCallBlock } from '../../../src/core.js';

let counter = 0;

/** A tool call as the agent parks it for the user: state `asking`, arguments as JSON text. */
export function askingCall(
  name: string,
  args: JsonObject | string = {},
  state: ToolCallState = 'asking',
): ToolCallBlock {
  counter += 1;
  return toolCallBlock({
    id: `call-${counter}`,
    name,
    input: typeof args === 'string' ? args : JSON.stringify(args),
    state,
  });
}

/** A permission rule, `source: 'user'`. */
export function rule(
  tool_name: string,
  rule_content: string | null,
  behavior: PermissionRule['behavior'] = 'allow',
): PermissionRule {
  return { tool_name, rule_content, behavior, source: 'user' };
}
