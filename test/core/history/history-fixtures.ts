/*
 * Random but realistic histories for the page helpers: prompts, replies by one or two agents with
 * tool calls whose results come in tool messages (some only after a later prompt, as an approval
 * answered later does), and subagent runs under a call — in the canonical model, as AI SDK
 * `UIMessage`s and as AG-UI `Message`s.
 */
import fc from 'fast-check';
import type { HistoryAgUiMessage, HistoryUIMessage, Msg } from '../../../src/core.js';
import { messageOf, toolCall, toolResult } from '../../list/helpers.js';

const T = '2026-09-01T12:00:00';

export interface TurnPlan {
  speaker: 'Friday' | 'Jarvis';
  /** Tool calls in the reply; each gets a result. */
  calls: number;
  /** The results arrive after the next prompt instead of inside the reply. */
  late: boolean;
  /** A subagent run under the first call, with this many messages. */
  subagent: number;
  /** Assistant messages after the tool results. */
  answers: number;
}

export const turnPlan: fc.Arbitrary<TurnPlan> = fc.record({
  speaker: fc.constantFrom('Friday' as const, 'Jarvis' as const),
  calls: fc.nat({ max: 2 }),
  late: fc.boolean(),
  subagent: fc.nat({ max: 2 }),
  answers: fc.nat({ max: 2 }),
});

export const historyPlan = fc.array(turnPlan, { minLength: 1, maxLength: 14 });

/** The canonical history a plan describes. */
export function msgHistory(plan: readonly TurnPlan[]): Msg[] {
  const out: Msg[] = [];
  let late: Msg[] = [];
  plan.forEach((turn, t) => {
    out.push(messageOf(`u${t}`, 'user', [textBlock(`prompt ${t}`)]));
    out.push(...late);
    late = [];
    const calls = Array.from({ length: turn.calls }, (_, c) => `call-${t}-${c}`);
    const reply = messageOf(`a${t}`, 'assistant', [
      textBlock(`reply ${t}`),
      ...calls.map((id) => toolCall(id, 'search')),
    ]);
    out.push({ ...reply, name: turn.speaker });
    if (calls[0] !== undefined) {
      for (let s = 0; s < turn.subagent; s++) {
        out.push({
          ...messageOf(`s${t}-${s}`, 'assistant', [textBlock(`sub ${t}.${s}`)]),
          name: 'Scout',
          metadata: { ag_ui: { subagent_run_id: `run-${t}`, parent_tool_call_id: calls[0] } },
        });
      }
    }
    const results = calls.map((id, c) =>
      messageOf(`r${t}-${c}`, 'tool', [toolResult(id, 'search', `result ${t}.${c}`)]),
    );
    if (turn.late) late = results;
    else out.push(...results);
    for (let a = 0; a < turn.answers; a++) {
      out.push({
        ...messageOf(`a${t}-${a}`, 'assistant', [textBlock(`answer ${t}.${a}`)]),
        name: turn.speaker,
      });
    }
  });
  out.push(...late);
  return out;
}

function textBlock(text: string) {
  return { type: 'text' as const, text, id: `x-${text}`, created_at: T, finished_at: T };
}

/** The same history as AI SDK `UIMessage`s: a reply's tool parts carry their call ids. */
export function uiHistory(messages: readonly Msg[]): HistoryUIMessage[] {
  return messages.map((message) => ({
    id: message.id,
    role: message.role === 'tool' ? 'assistant' : message.role,
    parts: message.content.map((block) =>
      block.type === 'tool_call' || block.type === 'tool_result'
        ? { type: 'tool-search', toolCallId: block.id, state: 'output-available' }
        : { type: 'text', text: block.type === 'text' ? block.text : '' },
    ),
  }));
}

/** The same history as AG-UI `Message`s: `toolCalls` on the assistant, `toolCallId` on the result. */
export function agUiHistory(messages: readonly Msg[]): HistoryAgUiMessage[] {
  return messages.map((message) => {
    const calls = message.content.filter((block) => block.type === 'tool_call');
    const result = message.content.find((block) => block.type === 'tool_result');
    return {
      id: message.id,
      role: message.role,
      ...(calls.length > 0 ? { toolCalls: calls.map((call) => ({ id: call.id })) } : {}),
      ...(result !== undefined ? { toolCallId: result.id } : {}),
    };
  });
}

/** Every call id a message opens or answers, read from the blocks (not through a shape). */
export function callIdsOf(message: Msg): string[] {
  const ids: string[] = [];
  for (const block of message.content) {
    if (block.type === 'tool_call' || block.type === 'tool_result') ids.push(block.id);
  }
  const agUi = (message.metadata as { ag_ui?: { parent_tool_call_id?: string } }).ag_ui;
  if (agUi?.parent_tool_call_id !== undefined) ids.push(agUi.parent_tool_call_id);
  return ids;
}
