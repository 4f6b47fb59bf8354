import type { DiagnosticCode } from '../../fold/diagnostic-code.js';
import type { Diagnostic } from '../../model/diagnostic.js';
import type { ToolCallBlock, ToolResultBlock } from '../../model/block.js';
import type { Msg } from '../../model/message.js';
import { isRecord, preview, readId, readString, type UnknownRecord } from '../common/read.js';
import { contentContext, outputText, toolResultBlock } from './content.js';
import { interrupt } from './event-messages.js';
import { answered } from '../common/pair-results.js';
import { TOOLS_PREFIX, type Draft } from './event-state.js';
import { blankMsg } from '../../model/factories.js';

/* -------------------------------------------------------------------------------------------------
 * Tool execution
 * -----------------------------------------------------------------------------------------------*/

/** The provisional tool message, opened if needed. */
function toolsMessage(draft: Draft, callId: string, created: string): Msg {
  if (draft.open !== null && draft.openKind === 'tools') return draft.open;
  interrupt(draft, 'tool execution');
  const id = `${TOOLS_PREFIX}${callId}`;
  const metadata = { provisional: true };
  const message = blankMsg({ name: 'tool', role: 'tool', id, metadata, created_at: created });
  draft.setOpen(message, 'tools');
  return message;
}

/** Updates (or adds) the result block for a call in the provisional tool message. */
function putResult(
  draft: Draft,
  callId: string,
  update: (current: ToolResultBlock) => ToolResultBlock,
): void {
  const found = draft.findCall(callId);
  const call = found && (draft.message(found.position)?.content[found.at] as ToolCallBlock);
  const created = call?.created_at ?? '';
  const message = toolsMessage(draft, callId, created);
  const { content } = message;
  const index = content.findIndex((block) => block.type === 'tool_result' && block.id === callId);
  const next = update(
    (content[index] as ToolResultBlock | undefined) ?? {
      type: 'tool_result',
      id: callId,
      name: call?.name ?? '',
      output: '',
      state: 'running',
      metadata: {},
      created_at: created,
      finished_at: null,
    },
  );
  const results = index < 0 ? [...content, next] : content.with(index, next);
  draft.setOpen({ ...message, content: results }, 'tools');
}

/** The event's `key` object and its id, or `null` with a diagnostic. */
function eventCallId(
  draft: Draft,
  event: UnknownRecord,
  type: string,
  key: string,
): { record: UnknownRecord; id: string } | null {
  const value = event[key];
  if (!isRecord(value)) {
    const what = `${type} has no ${key} (${preview(value)}); skipped`;
    draft.diagnose('invalid-input', what, { path: `$.${key}` });
    return null;
  }
  const id = readId(value['id']);
  const what = `${type}: ${key}.id is missing; skipped`;
  if (id === null) draft.diagnose('invalid-input', what, { path: `$.${key}.id` });
  return id === null ? null : { record: value, id };
}

/** `tool_execution_start`: shows the call's result as running. */
export function toolExecutionStart(draft: Draft, event: UnknownRecord): void {
  const call = eventCallId(draft, event, 'tool_execution_start', 'tool_call');
  if (call === null) return;
  const { kind, name } = call.record;
  // The engine sets `kind` from the tool only now, after message_end carried the call.
  if (typeof kind === 'string')
    draft.editCall(call.id, (block) => (block.kind === kind ? block : { ...block, kind }));
  putResult(draft, call.id, (current) =>
    current.name === '' && typeof name === 'string' ? { ...current, name } : current,
  );
}

/** `tool_execution_update`: the running result's output so far. */
export function toolExecutionUpdate(draft: Draft, event: UnknownRecord): void {
  const partial = eventCallId(draft, event, 'tool_execution_update', 'partial_tool_result');
  if (partial === null) return;
  // A partial result is the tool's output so far, so it replaces the previous one.
  const output = outputText(partial.record['content']);
  putResult(draft, partial.id, (current) => ({ ...current, output }));
}

/** `tool_execution_end`: the finished result; its call becomes `finished`. */
export function toolExecutionEnd(draft: Draft, event: UnknownRecord): void {
  const result = eventCallId(draft, event, 'tool_execution_end', 'tool_result');
  if (result === null) return;
  const name = draft.editCall(result.id, answered)?.name;
  const at = { text: 'tool_execution_end.tool_result', path: '$.tool_result' };
  putResult(draft, result.id, (current) => {
    const diagnostics: Diagnostic<DiagnosticCode>[] = [];
    const context = contentContext(result.id, current.created_at, current.created_at, diagnostics);
    const block = toolResultBlock(result.record, result.id, context, at);
    draft.keep(...diagnostics);
    return block.name === '' ? { ...block, name: current.name || name || '' } : block;
  });
}

/** `tool_execution_failure`: the result fails with the error text until the end event replaces it. */
export function toolExecutionFailure(draft: Draft, event: UnknownRecord): void {
  const id = readId(event['tool_call_id']);
  if (id === null) {
    const what = 'tool_execution_failure: tool_call_id is missing; skipped';
    draft.diagnose('invalid-input', what, { path: '$.tool_call_id' });
    return;
  }
  draft.editCall(id, answered);
  const output = readString(event['error']) ?? '';
  putResult(draft, id, (current) => ({
    ...current,
    output,
    state: 'error',
    finished_at: current.created_at,
  }));
}
