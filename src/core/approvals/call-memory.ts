import type { ToolCallBlock } from '../model/block.js';

/** Calls remembered as decided, by rule or by the user, so that none is answered twice. */
const MAX_REMEMBERED_CALLS = 1000;

/** True for a well-formed tool call in state `asking`: the only calls a policy answers. */
export function isAskingCall(value: unknown): value is ToolCallBlock {
  if (typeof value !== 'object' || value === null) return false;
  const call = value as Partial<ToolCallBlock>;
  return (
    call.type === 'tool_call' &&
    call.state === 'asking' &&
    typeof call.id === 'string' &&
    typeof call.name === 'string'
  );
}

/**
 * What was decided for the latest calls, by id, name and arguments (a call whose arguments were
 * edited before it is asked again is a new call); the oldest is forgotten past 1,000.
 */
export class CallMemory<V> {
  private readonly values = new Map<string, V>();

  get(call: Partial<ToolCallBlock>): V | undefined {
    return this.values.get(keyOf(call));
  }

  set(call: Partial<ToolCallBlock>, value: V): void {
    const key = keyOf(call);
    this.values.delete(key);
    this.values.set(key, value);
    if (this.values.size > MAX_REMEMBERED_CALLS) {
      this.values.delete(this.values.keys().next().value as string);
    }
  }
}

function keyOf(call: Partial<ToolCallBlock>): string {
  const text = (value: unknown): string => (typeof value === 'string' ? value : '');
  return `${text(call.id)}\u0000${text(call.name)}\u0000${text(call.input)}`;
}
