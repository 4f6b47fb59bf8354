import type { DiagnosticCode } from '../../fold/diagnostic-code.js';
import type { Diagnostic } from '../../model/diagnostic.js';
import type { ContentBlock } from '../../model/block.js';
import type { Msg, ReplyFinishedReason } from '../../model/message.js';
import { isRecord, preview, readId, type UnknownRecord } from '../common/read.js';
import { contentContext, convertContents, toTimestamp, type Where } from './content.js';
import type { Draft } from './event-state.js';
import { convertOperatorUseMessage } from './messages.js';
import { answered, withBlock } from '../common/pair-results.js';
import { appendBlock } from '../common/append-block.js';

/* -------------------------------------------------------------------------------------------------
 * Settling messages and pairing tool results
 * -----------------------------------------------------------------------------------------------*/

/** Marks the call answered and returns its name. */
export function answerCall(draft: Draft, id: string): string | null {
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
  let closed: Msg;
  if (draft.openKind === 'tools') {
    const content = open.content.map((block): ContentBlock =>
      block.type === 'tool_result' && block.state === 'running'
        ? { ...block, state: 'interrupted', finished_at: block.created_at }
        : block,
    );
    closed = { ...open, content, finished_at: open.created_at };
  } else {
    closed = { ...open, finished_at: open.created_at, finished_reason: reason };
  }
  settle(draft, closed);
}

/* -------------------------------------------------------------------------------------------------
 * Messages
 * -----------------------------------------------------------------------------------------------*/

// Places inside the event being applied: its `message`, or the event itself for a bare delta.
const EVENT: Where = { text: 'message_update', path: '$' };
const eventMessage = (type: string): Where => ({ text: `${type} message`, path: '$.message' });

function convert(draft: Draft, value: unknown, where: Where, streaming: boolean): Msg {
  const diagnostics: Diagnostic<DiagnosticCode>[] = [];
  const message = convertOperatorUseMessage(value, { diagnostics, where, streaming });
  draft.keep(...diagnostics);
  return message;
}

/** `message_start`: opens a bubble, closing one left open. */
export function messageStart(draft: Draft, event: UnknownRecord): void {
  const value = event['message'];
  if (!isRecord(value)) {
    draft.diagnose('invalid-input', `message_start has no message (${preview(value)}); skipped`, {
      path: '$.message',
    });
    return;
  }
  // The real tool message takes the provisional one's place; any other open message is closed.
  if (draft.open !== null && !(draft.openKind === 'tools' && value['role'] === 'tool')) {
    if (draft.openKind !== 'tools')
      draft.diagnose(
        'out-of-order',
        `message_start while ${draft.open.id} is still open; it was closed as interrupted`,
        { detail: 'message-still-open' },
      );
    closeOpen(draft, 'interrupted');
  }
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
  const blocks = convertContents(
    contents,
    context,
    { text: `${where.text}.contents`, path: `${where.path}.contents` },
    open.content.length,
  );
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
  const value = event['message'];
  const streamOpen = draft.open !== null && draft.openKind !== 'tools' ? draft.open : null;
  if (isRecord(value)) {
    if (streamOpen !== null && readId(value['id']) === streamOpen.id) {
      // Tau sends the whole partial message under the id message_start gave it.
      draft.setOpen(convert(draft, value, eventMessage('message_update'), true));
      return;
    }
    if (streamOpen === null) {
      draft.diagnose(
        'implicit-start',
        'message_update without message_start; a message was started from the fragment',
        { detail: 'missing-message-start' },
      );
      closeOpen(draft, 'interrupted');
      draft.setOpen(convert(draft, value, eventMessage('message_update'), true), 'orphan');
      return;
    }
    appendFragment(draft, streamOpen, value['contents'], value['timestamp']);
    return;
  }
  const delta = event['delta'];
  const thinkingDelta = event['thinking_delta'];
  if (typeof delta !== 'string' && typeof thinkingDelta !== 'string') {
    draft.diagnose(
      'invalid-input',
      `message_update has neither a message nor a delta (${preview(value)}); skipped`,
    );
    return;
  }
  let target = streamOpen;
  if (target === null) {
    draft.diagnose(
      'implicit-start',
      'message_update without message_start; a message was started from the delta',
      { detail: 'missing-message-start' },
    );
    closeOpen(draft, 'interrupted');
    target = convert(draft, { role: 'assistant', id: `stream:${draft.length}` }, EVENT, true);
    draft.setOpen(target, 'orphan');
  }
  const contents = [
    ...(typeof thinkingDelta === 'string' ? [{ type: 'thinking', content: thinkingDelta }] : []),
    ...(typeof delta === 'string' ? [{ type: 'text', content: delta }] : []),
  ];
  appendFragment(draft, target, contents, undefined);
}

/** `message_end`: the full message replaces the bubble; `null` closes it as failed. */
export function messageEnd(draft: Draft, event: UnknownRecord): void {
  const value = event['message'];
  if (value == null) {
    // The engine ends a failed or aborted turn with `message: null`; the bubble keeps what streamed.
    if (draft.open !== null && draft.openKind !== 'tools') {
      const id = draft.open.id;
      closeOpen(draft, 'error');
      draft.failedId = id;
    }
    return;
  }
  if (!isRecord(value)) {
    draft.diagnose(
      'invalid-input',
      `message_end message ${preview(value)} is not an object; skipped`,
      { path: '$.message' },
    );
    return;
  }
  const final = convert(draft, value, eventMessage('message_end'), false);
  const open = draft.open;
  // The final message takes the place of its own bubble; any other open message is closed.
  if (
    open !== null &&
    open.id !== final.id &&
    draft.openKind !== 'orphan' &&
    !(draft.openKind === 'tools' && final.role === 'tool')
  ) {
    draft.diagnose(
      'out-of-order',
      `message_end for ${final.id} while ${open.id} is open; ${open.id} was closed as interrupted`,
      { detail: 'message-still-open' },
    );
    closeOpen(draft, 'interrupted');
  }
  draft.failedId = null;
  settle(draft, final);
}
