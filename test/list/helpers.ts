import type { ContentBlock, Msg, ToolCallBlock, ToolResultBlock } from '../../src/core.js';

const T = '2026-09-01T12:00:00';

function block(text: string, id: string, finished = true): ContentBlock {
  return { type: 'text', text, id, created_at: T, finished_at: finished ? T : null };
}

/** A finished message with deterministic id and time; `lines` makes its height vary. */
export function chatMessage(index: number, lines = 1 + (index % 4)): Msg {
  const role = index % 2 === 0 ? 'user' : 'assistant';
  const text = Array.from({ length: lines }, (_, line) =>
    line === 0 ? `Message ${index}` : `Line ${line} of message ${index}.`,
  ).join('\n\n');
  return {
    name: role === 'user' ? 'Ada' : 'Friday',
    role,
    id: `m${index}`,
    content: [block(text, `t${index}`)],
    metadata: {},
    created_at: T,
    usage: null,
    finished_at: T,
    finished_reason: role === 'assistant' ? 'completed' : null,
    structured_output: null,
    error: null,
  };
}

/** Messages `from` … `to - 1`. */
export function chatMessages(from: number, to: number): Msg[] {
  return Array.from({ length: to - from }, (_, i) => chatMessage(from + i));
}

/** An open assistant reply whose only text block is still streaming. */
export function streamingReply(id: string, text: string): Msg {
  return {
    ...chatMessage(1),
    id,
    content: text === '' ? [] : [block(text, `${id}-text`, false)],
    finished_at: null,
    finished_reason: null,
  };
}

export function toolCall(
  id: string,
  name: string,
  init: Partial<ToolCallBlock> = {},
): ToolCallBlock {
  return {
    type: 'tool_call',
    id,
    name,
    input: '{"city": "Paris"}',
    state: 'finished',
    suggested_rules: [],
    created_at: T,
    finished_at: T,
    ...init,
  };
}

export function toolResult(id: string, name: string, output: string): ToolResultBlock {
  return {
    type: 'tool_result',
    id,
    name,
    output,
    state: 'success',
    metadata: {},
    created_at: T,
    finished_at: T,
  };
}

/** A message of any role holding `content`. */
export function messageOf(id: string, role: string, content: ContentBlock[], open = false): Msg {
  return {
    ...chatMessage(1),
    id,
    role,
    name: role === 'tool' ? 'tool' : 'Friday',
    content,
    finished_at: open ? null : T,
    finished_reason: open || role !== 'assistant' ? null : 'completed',
  };
}

/** Two animation frames: one for the commit, one for measurements and scroll writes. */
export function frames(count = 2): Promise<void> {
  return new Promise((resolve) => {
    const step = (left: number) =>
      left === 0 ? resolve() : requestAnimationFrame(() => step(left - 1));
    step(count);
  });
}

/** Distance in px between the bottom of the viewport and the end of the content. */
export function distanceFromEnd(element: HTMLElement): number {
  return element.scrollHeight - element.clientHeight - element.scrollTop;
}
