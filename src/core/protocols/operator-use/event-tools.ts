import type { DiagnosticCode } from '../../fold/diagnostic-code.js';
import type { Diagnostic } from '../../model/diagnostic.js';
import type { ToolCallBlock, ToolResultBlock } from '../../model/block.js';
import type { Msg } from '../../model/message.js';
import { isRecord, preview, readId, type UnknownRecord } from '../common/read.js';
import { contentContext, outputText, toolResultBlock } from './content.js';
import { answerCall, closeOpen } from './event-messages.js';
import { TOOLS_PREFIX, type Draft } from './event-state.js';
import { blankMsg } from '../../model/factories.js';

/* -------------------------------------------------------------------------------------------------
 * Tool execution
 * -----------------------------------------------------------------------------------------------*/

/** The provisional tool message, opened if needed. */
function toolsMessage(draft: Draft, callId: string, created: string): Msg {
  if (draft.open !== null && draft.openKind === 'tools') return draft.open;
  if (draft.open !== null) {
    draft.diagnose(
      'out-of-order',
      `tool execution while ${draft.open.id} is still open; it was closed as interrupted`,
      { detail: 'message-still-open' },
    );
    closeOpen(draft, 'interrupted');
  }
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
  const call =
    found === null
      ? null
      : ((draft.message(found.position) as Msg).content[found.at] as ToolCallBlock);
  const created = call?.created_at ?? '';
  const message = toolsMessage(draft, callId, created);
  const index = message.content.findIndex(
    (block) => block.type === 'tool_result' && block.id === callId,
  );
  const current: ToolResultBlock =
    index >= 0
      ? (message.content[index] as ToolResultBlock)
      : {
          type: 'tool_result',
          id: callId,
          name: call?.name ?? '',
          output: '',
          state: 'running',
          metadata: {},
          created_at: created,
          finished_at: null,
        };
  const next = update(current);
  const content = message.content.slice();
  if (index >= 0) content[index] = next;
  else content.push(next);
  draft.setOpen({ ...message, content }, 'tools');
}

/** The event's content object and its id, or `null` with a diagnostic. */
function eventCallId(
  draft: Draft,
  value: unknown,
  type: string,
  key: string,
): { record: UnknownRecord; id: string } | null {
  if (!isRecord(value)) {
    draft.diagnose('invalid-input', `${type} has no ${key} (${preview(value)}); skipped`, {
      path: `$.${key}`,
    });
    return null;
  }
  const id = readId(value['id']);
  if (id === null) {
    draft.diagnose('invalid-input', `${type}: ${key}.id is missing; skipped`, {
      path: `$.${key}.id`,
    });
    return null;
  }
  return { record: value, id };
}

/** `tool_execution_start`: shows the call's result as running. */
export function toolExecutionStart(draft: Draft, event: UnknownRecord): void {
  const call = eventCallId(draft, event['tool_call'], 'tool_execution_start', 'tool_call');
  if (call === null) return;
  const kind = call.record['kind'];
  // The engine sets `kind` from the tool only now, after message_end carried the call.
  if (typeof kind === 'string')
    draft.editCall(call.id, (block) => (block.kind === kind ? block : { ...block, kind }));
  const name = call.record['name'];
  putResult(draft, call.id, (current) =>
    current.name === '' && typeof name === 'string' ? { ...current, name } : current,
  );
}

/** `tool_execution_update`: the running result's output so far. */
export function toolExecutionUpdate(draft: Draft, event: UnknownRecord): void {
  const partial = eventCallId(
    draft,
    event['partial_tool_result'],
    'tool_execution_update',
    'partial_tool_result',
  );
  if (partial === null) return;
  // A partial result is the tool's output so far, so it replaces the previous one.
  const output = outputText(partial.record['content']);
  putResult(draft, partial.id, (current) => ({ ...current, output }));
}

/** `tool_execution_end`: the finished result; its call becomes `finished`. */
export function toolExecutionEnd(draft: Draft, event: UnknownRecord): void {
  const result = eventCallId(draft, event['tool_result'], 'tool_execution_end', 'tool_result');
  if (result === null) return;
  const name = answerCall(draft, result.id);
  putResult(draft, result.id, (current) => {
    const diagnostics: Diagnostic<DiagnosticCode>[] = [];
    const context = contentContext(result.id, current.created_at, current.created_at, diagnostics);
    const block = toolResultBlock(result.record, result.id, context, {
      text: 'tool_execution_end.tool_result',
      path: '$.tool_result',
    });
    draft.keep(...diagnostics);
    return block.name === '' ? { ...block, name: current.name || name || '' } : block;
  });
}

/** `tool_execution_failure`: the result fails with the error text until the end event replaces it. */
export function toolExecutionFailure(draft: Draft, event: UnknownRecord): void {
  const id = readId(event['tool_call_id']);
  if (id === null) {
    draft.diagnose('invalid-input', 'tool_execution_failure: tool_call_id is missing; skipped', {
      path: '$.tool_call_id',
    });
    return;
  }
  answerCall(draft, id);
  const error = typeof event['error'] === 'string' ? event['error'] : '';
  putResult(draft, id, (current) => ({
    ...current,
    output: error,
    state: 'error',
    finished_at: current.created_at,
  }));
}
