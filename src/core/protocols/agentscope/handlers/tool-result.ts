import type { DataBlock, TextBlock, ToolResultBlock } from '../../../model/block.js';
import type {
  ToolResultDataDeltaEvent,
  ToolResultEndEvent,
  ToolResultTextDeltaEvent,
} from '../../../model/event.js';
import type { Msg } from '../../../model/message.js';
import type { Draft } from '../../../fold/draft.js';
import { setCallState } from './confirmation.js';
import { openDataBlock } from './data-block.js';
import { findTarget } from './find-target.js';
import { changeBlock } from '../../../fold/message-edits.js';
import { normalizeUrl } from '../../../fold/normalize-url.js';

type OutputList = (TextBlock | DataBlock)[];

/** The output as a list the draft may change; a string output becomes its first text block. */
function editableOutput(result: ToolResultBlock, draft: Draft, at: string): OutputList {
  if (typeof result.output !== 'string') return draft.edit(result.output);
  return draft.own([draft.own(outputText(result, 0, result.output, at))]);
}

/**
 * The text block at `index` of a result's output, as a stream opens it. AgentScope gives blocks
 * inside an output a generated id; here it is derived from the result and the position instead,
 * so that a replayed log folds to the same state.
 */
function outputText(result: ToolResultBlock, index: number, text: string, at: string): TextBlock {
  return { type: 'text', text, id: `${result.id}:${index}`, created_at: at, finished_at: null };
}

/** Consecutive text deltas merge into one text block; text after data starts a new one. */
export function applyToolResultTextDelta(
  msg: Msg,
  event: ToolResultTextDeltaEvent,
  draft: Draft,
): Msg {
  const position = findTarget(draft, msg, 'tool_result', event.tool_call_id, event.type);
  if (position < 0) return msg;
  const current = msg.content[position] as ToolResultBlock;
  const last = Array.isArray(current.output) ? current.output.at(-1) : undefined;
  if (event.delta === '' && last?.type === 'text') return msg;
  return changeBlock<ToolResultBlock>(draft, msg, position, (result) => {
    const output = (result.output = editableOutput(result, draft, event.created_at));
    const tail = output.at(-1);
    if (tail?.type === 'text') {
      const text = draft.edit(tail);
      text.text += event.delta;
      output[output.length - 1] = text;
    } else {
      output.push(draft.own(outputText(result, output.length, event.delta, event.created_at)));
    }
  });
}

/** Always appends a new data block (chunks with the same `block_id` are not merged, as upstream). */
export function applyToolResultDataDelta(
  msg: Msg,
  event: ToolResultDataDeltaEvent,
  draft: Draft,
): Msg {
  const position = findTarget(draft, msg, 'tool_result', event.tool_call_id, event.type);
  const source = position < 0 ? null : outputSource(event, draft);
  if (source === null) return msg;
  return changeBlock<ToolResultBlock>(draft, msg, position, (result) => {
    const output = (result.output = editableOutput(result, draft, event.created_at));
    output.push(draft.own(openDataBlock(event.block_id, source, event.created_at)));
  });
}

/** Where a data delta's bytes are: inline, or at its URL (null after reporting a bad one). */
function outputSource(event: ToolResultDataDeltaEvent, draft: Draft): DataBlock['source'] | null {
  if (event.data !== null)
    return { type: 'base64', data: event.data, media_type: event.media_type };
  const url = event.url === null ? null : normalizeUrl(event.url);
  if (url === null) {
    draft.report('invalid-data', `invalid URL in ${event.type} for "${event.tool_call_id}"`);
    return null;
  }
  return { type: 'url', url, media_type: event.media_type };
}

/**
 * Settles the result (its `metadata` is replaced, not merged) and flips the paired call to
 * `finished`. Without a result block nothing happens, the call included, as in Python.
 */
export function applyToolResultEnd(msg: Msg, event: ToolResultEndEvent, draft: Draft): Msg {
  const position = findTarget(draft, msg, 'tool_result', event.tool_call_id, event.type);
  if (position < 0) return msg;
  const current = msg.content[position] as ToolResultBlock;
  const settled =
    current.state === event.state &&
    current.metadata === event.metadata &&
    current.finished_at === event.created_at;
  const next = settled
    ? msg
    : changeBlock<ToolResultBlock>(draft, msg, position, (result) => {
        result.state = event.state;
        result.metadata = event.metadata;
        result.finished_at = event.created_at;
      });
  return setCallState(next, event.tool_call_id, 'finished', draft);
}
