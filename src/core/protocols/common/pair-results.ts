import type { ContentBlock, ToolCallBlock, ToolResultBlock } from '../../model/block.js';
import type { Msg } from '../../model/message.js';

// Pairing tool results with their calls. Some wires (Operator-Use, AgentFlow) give a result
// neither its tool's name nor its call a state; the model has both: a result takes its call's
// name, and a call that has been answered is `finished` (as AgentScope's TOOL_RESULT_END flips it).

/** The message with one block replaced; the other blocks keep their identity. */
export function withBlock(message: Msg, index: number, block: ContentBlock): Msg {
  if (message.content[index] === block) return message;
  const content = message.content.slice();
  content[index] = block;
  return { ...message, content };
}

/** The call marked answered. */
export function answered(call: ToolCallBlock): ToolCallBlock {
  return call.state === 'finished' ? call : { ...call, state: 'finished' };
}

function named(result: ToolResultBlock, names: ReadonlyMap<string, string>): ToolResultBlock {
  const name = result.name === '' ? names.get(result.id) : undefined;
  return name === undefined || name === '' ? result : { ...result, name };
}

/**
 * Pairs results with calls over a whole conversation: results get their call's name, answered
 * calls become `finished`. Messages that change nothing keep their identity.
 */
export function pairResultsAcross(messages: readonly Msg[]): Msg[] {
  const names = new Map<string, string>();
  const results = new Set<string>();
  for (const message of messages) {
    for (const block of message.content) {
      if (block.type === 'tool_call') names.set(block.id, block.name);
      else if (block.type === 'tool_result') results.add(block.id);
    }
  }
  if (results.size === 0) return messages.slice();
  return messages.map((message) => {
    let changed = false;
    const content = message.content.map((block) => {
      let next = block;
      if (block.type === 'tool_call' && results.has(block.id)) next = answered(block);
      else if (block.type === 'tool_result') next = named(block, names);
      if (next !== block) changed = true;
      return next;
    });
    return changed ? { ...message, content } : message;
  });
}

/**
 * Marks every call answered by a tool result of the message at `index` as `finished` and names
 * unnamed results after their nearest call: the changed messages by index (none when nothing
 * changes), read through `messageAt`.
 */
export function pairResultsAt(
  messageAt: (index: number) => Msg | undefined,
  index: number,
): Map<number, Msg> {
  const changed = new Map<number, Msg>();
  const target = messageAt(index);
  if (target === undefined || !target.content.some((block) => block.type === 'tool_result'))
    return changed;
  const edits = new Map<number, ContentBlock[]>();
  const contentOf = (i: number): ContentBlock[] => edits.get(i) ?? messageAt(i)?.content ?? [];
  for (const result of target.content) {
    if (result.type !== 'tool_result') continue;
    let name = result.name;
    // Every open call with this id: a remote call is both the assistant's call and the tool node's placeholder.
    for (let i = index; i >= 0; i--) {
      const content = contentOf(i);
      content.forEach((block, at) => {
        if (block.type !== 'tool_call' || block.id !== result.id) return;
        if (block.state !== 'finished') edits.set(i, contentOf(i).with(at, answered(block)));
        if (name === '') name = block.name;
      });
    }
    if (name !== result.name) {
      const own = contentOf(index);
      edits.set(index, own.with(own.indexOf(result), { ...result, name }));
    }
  }
  for (const [i, content] of edits) {
    const msg = messageAt(i);
    if (msg !== undefined) changed.set(i, { ...msg, content });
  }
  return changed;
}
