import type { DiagnosticCode } from '../../fold/diagnostic-code.js';
import type { Diagnostic } from '../../model/diagnostic.js';
import type { ContentBlock } from '../../model/block.js';
import type { Msg, ReplyFinishedReason } from '../../model/message.js';
import { isRecord, preview, readId, readString, type UnknownRecord } from '../common/read.js';
import { contentContext, convertContents, inside, toTimestamp, type Where } from './content.js';
import type { Draft } from './event-state.js';
import { convertOperatorUseMessage } from './messages.js';
import { answered, withBlock } from '../common/pair-results.js';
import { appendBlock } from '../common/append-block.js';

/* -------------------------------------------------------------------------------------------------
 * Settling messages and pairing tool results
 * -----------------------------------------------------------------------------------------------*/

/** Marks the call answered and returns its name. */
function answerCall(draft: Draft, id: string): string | null {
  return draft.editCall(id, answered)?.name ?? null;
}

/** Settles a finished message (see `Draft.settle`) and pairs its tool results with their calls. */
function settle(draft: Draft, message: Msg): void {
  let incoming = message;
  message.content.forEach((block, index) => {
    if (block.type !== 'tool_result') return;
    // The call is the message's own latest one with this id, else the settled one.
    const at = incoming.content.findLastIndex((c) => c.type === 'tool_call' && c.id === block.id);
    const own = incoming.content[at];
    let name: string | null;
    if (own?.type === 'tool_call') {
      incoming = withBlock(incoming, at, answered(own));
      name = own.name;
    } else name = answerCall(draft, block.id);
    if (block.name === '' && name) incoming = withBlock(incoming, index, { ...block, name });
  });
  draft.settle(incoming);
}

/** Settles the open message, if any, as finished for `reason`; running tools become interrupted. */
export function closeOpen(draft: Draft, reason: ReplyFinishedReason): void {
  const open = draft.open;
  if (open === null) return;
  const finished_at = open.created_at;
  if (draft.openKind !== 'tools')
    return settle(draft, { ...open, finished_at, finished_reason: reason });
  const content = open.content.map((block): ContentBlock =>
    block.type === 'tool_result' && block.state === 'running'
      ? { ...block, state: 'interrupted', finished_at: block.created_at }
      : block,
  );
  settle(draft, { ...open, content, finished_at });
}

/* -------------------------------------------------------------------------------------------------
 * Messages
 * -----------------------------------------------------------------------------------------------*/

// The place of the event's `message`.
const eventMessage = (type: string): Where => ({ text: `${type} message`, path: '$.message' });

function convert(draft: Draft, value: unknown, where: Where, streaming: boolean): Msg {
  const diagnostics: Diagnostic<DiagnosticCode>[] = [];
  const message = convertOperatorUseMessage(value, { diagnostics, where, streaming });
  draft.keep(...diagnostics);
  return message;
}

/** Closes the open message, if any, as interrupted, reporting that `what` came while it was open. */
export function interrupt(draft: Draft, what: string): void {
  if (draft.open === null) return;
  const said = `${what} while ${draft.open.id} is still open; it was closed as interrupted`;
  draft.diagnose('out-of-order', said, { detail: 'message-still-open' });
  closeOpen(draft, 'interrupted');
}

/** `message_start`: opens a bubble, closing one left open. */
export function messageStart(draft: Draft, event: UnknownRecord): void {
  const value = event['message'];
  if (!isRecord(value)) {
    const what = `message_start has no message (${preview(value)}); skipped`;
    draft.diagnose('invalid-input', what, { path: '$.message' });
    return;
  }
  // The real tool message takes the provisional one's place; any other open message is closed.
  if (draft.openKind !== 'tools') interrupt(draft, 'message_start');
  else if (value['role'] !== 'tool') closeOpen(draft, 'interrupted');
  draft.failedId = null;
  draft.setOpen(convert(draft, value, eventMessage('message_start'), true), 'stream');
}

/** The common case, a text or thinking fragment continuing the last block, without converting it. */
function appendToLastBlock(draft: Draft, open: Msg, contents: unknown): boolean {
  if (!Array.isArray(contents) || contents.length !== 1) return false;
  const fragment: unknown = contents[0];
  if (!isRecord(fragment) || typeof fragment['content'] !== 'string') return false;
  const index = open.content.length - 1;
  const last = open.content[index];
  if (last === undefined || last.finished_at !== null) return false;
  const grows =
    (fragment['type'] === 'text' && last.type === 'text') ||
    (fragment['type'] === 'thinking' && last.type === 'thinking' && !fragment['signature']);
  if (grows) draft.appendText(draft.length - 1, index, fragment['content']);
  return grows;
}

function appendFragment(draft: Draft, open: Msg, contents: unknown, timestamp: unknown): void {
  if (appendToLastBlock(draft, open, contents)) return;
  const diagnostics: Diagnostic<DiagnosticCode>[] = [];
  const where = eventMessage('message_update');
  const created = timestamp == null ? open.created_at : toTimestamp(timestamp, diagnostics, where);
  const context = contentContext(open.id, created, null, diagnostics);
  const at = inside(where, '.contents');
  const blocks = convertContents(contents, context, at, open.content.length);
  draft.keep(...diagnostics);
  if (blocks.length === 0) return;
  // O(fragment): strings are concatenated (V8 keeps a rope) and only the short block list is copied.
  const content = open.content.slice();
  for (const block of blocks) {
    const last = content[content.length - 1];
    const grown = last?.finished_at === null ? appendBlock(last, block) : null;
    if (grown !== null) content[content.length - 1] = grown;
    else content.push({ ...block, id: `${open.id}:${content.length}` });
  }
  draft.setOpen({ ...open, content });
}

/** `message_update`: appends the fragment by content type (Tau: replaces the partial message). */
export function messageUpdate(draft: Draft, event: UnknownRecord): void {
  const fragment = isRecord(event['message']) ? event['message'] : null;
  const delta = readString(event['delta']);
  const thinkingDelta = readString(event['thinking_delta']);
  if (fragment === null && delta === null && thinkingDelta === null) {
    const what = `message_update has neither a message nor a delta (${preview(event['message'])}); skipped`;
    draft.diagnose('invalid-input', what);
    return;
  }
  const where = eventMessage('message_update');
  let target = draft.openKind !== 'tools' ? draft.open : null;
  if (fragment !== null && target !== null && readId(fragment['id']) === target.id) {
    // Tau sends the whole partial message under the id message_start gave it.
    draft.setOpen(convert(draft, fragment, where, true));
    return;
  }
  if (target === null) {
    const what = `message_update without message_start; a message was started from the ${fragment === null ? 'delta' : 'fragment'}`;
    draft.diagnose('implicit-start', what, { detail: 'missing-message-start' });
    closeOpen(draft, 'interrupted');
    // A bare delta starts an empty assistant message for the delta to grow.
    const started = fragment ?? { role: 'assistant', id: `stream:${draft.length}` };
    const at = fragment === null ? { text: 'message_update', path: '$' } : where;
    target = convert(draft, started, at, true);
    draft.setOpen(target, 'orphan');
    if (fragment !== null) return;
  } else if (fragment !== null) {
    appendFragment(draft, target, fragment['contents'], fragment['timestamp']);
    return;
  }
  const contents = [
    ...(thinkingDelta !== null ? [{ type: 'thinking', content: thinkingDelta }] : []),
    ...(delta !== null ? [{ type: 'text', content: delta }] : []),
  ];
  appendFragment(draft, target, contents, undefined);
}

/** `message_end`: the full message replaces the bubble; `null` closes it as failed. */
export function messageEnd(draft: Draft, event: UnknownRecord): void {
  const value = event['message'];
  if (value == null) {
    // The engine ends a failed or aborted turn with `message: null`; the bubble keeps what streamed.
    const open = draft.openKind !== 'tools' ? draft.open : null;
    if (open === null) return;
    closeOpen(draft, 'error');
    draft.failedId = open.id;
    return;
  }
  if (!isRecord(value)) {
    const what = `message_end message ${preview(value)} is not an object; skipped`;
    draft.diagnose('invalid-input', what, { path: '$.message' });
    return;
  }
  const final = convert(draft, value, eventMessage('message_end'), false);
  const { open, openKind } = draft;
  // The final message takes the place of its own bubble; any other open message is closed.
  const own = open?.id === final.id || openKind === 'orphan';
  if (open !== null && !own && !(openKind === 'tools' && final.role === 'tool')) {
    const what = `message_end for ${final.id} while ${open.id} is open; ${open.id} was closed as interrupted`;
    draft.diagnose('out-of-order', what, { detail: 'message-still-open' });
    closeOpen(draft, 'interrupted');
  }
  draft.failedId = null;
  settle(draft, final);
}
