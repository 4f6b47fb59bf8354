import type { ContentBlock, ErrorBlock, TextBlock, ToolCallBlock } from '../../model/block.js';
import type { JsonObject, JsonValue } from '../../model/json.js';
import type { Msg, ReplyFinishedReason } from '../../model/message.js';
import { blankMsg } from '../../model/factories.js';
import { mergeJsonObjects } from '../../model/json-walk.js';
import { isRecord, readText } from '../common/read.js';
import type { BlockRef, ChunkFolds, Cursor, Work } from './stream-state.js';
import { aiSdkToolInfo } from './tool-state.js';
import { readCreatedAt, readUsage } from './values.js';

/*
 * A reply's life: `start` opens (or continues) a message, `finish` closes it, `abort` interrupts
 * it, `error` shows an error in it; `message-metadata` merges metadata; `start-step` and
 * `reset-step` mark and undo steps.
 */

/* -------------------------------------------------------------------------------------------------
 * Opening a message
 * -----------------------------------------------------------------------------------------------*/

/**
 * A cursor for the message at `index`: for one the stream continues (history, or the reply an
 * approval resumes) the next part number follows the message's own block ids, and calls whose
 * input was streaming can go on streaming, as `createStreamingUIMessageState` rebuilds them.
 */
function cursorFor(msg: Msg, index: number): Cursor {
  const prefix = `${msg.id}:`;
  const meta = isRecord(msg.metadata['ai_sdk']) ? (msg.metadata['ai_sdk'] as JsonObject) : {};
  const steps = Array.isArray(meta['step_starts']) ? meta['step_starts'] : [];
  const sources = Array.isArray(meta['sources']) ? meta['sources'].length : 0;
  // Parts without a block of their own (steps, sources) count too; results and errors are no parts.
  let parts = steps.length + sources;
  for (const block of msg.content)
    if (block.type !== 'tool_result' && block.type !== 'error' && !block.id.includes(':sources:'))
      parts += 1;
  let lastText: Cursor['lastText'] = null;
  const tools = new Map<string, BlockRef>();
  msg.content.forEach((block, at) => {
    if (block.id.startsWith(prefix)) {
      const number = Number(block.id.slice(prefix.length));
      if (Number.isInteger(number) && number >= parts) parts = number + 1;
    }
    if (block.type === 'text') lastText = { id: block.id, type: 'text', at };
    if (block.type === 'tool_call' && aiSdkToolInfo(block)?.state === 'input-streaming')
      tools.set(block.id, { id: block.id, type: 'tool_call', at });
  });
  const lastStep = steps.at(-1);
  return {
    index,
    messageId: msg.id,
    parts,
    stepParts: parts,
    stepBlock: typeof lastStep === 'number' ? lastStep : 0,
    stepSources: sources,
    text: new Map(),
    reasoning: new Map(),
    tools,
    data: new Map(),
    lastText,
    pendingSources: [],
    failed: false,
  };
}

function findMessage(work: Work, id: string): number {
  for (let i = work.length - 1; i >= 0; i--) if (work.message(i)?.id === id) return i;
  return -1;
}

/** Reopens a message the stream continues: it is open again until its next `finish`. */
function reopen(work: Work): void {
  const msg = work.current();
  if (msg.finished_at === null && msg.finished_reason === null) return;
  const next = work.editMessage();
  next.finished_at = null;
  next.finished_reason = null;
}

/** Opens a new assistant message and points the cursor at it. */
export function openMessage(work: Work, id: string): void {
  const msg = blankMsg({ id, name: 'assistant', role: 'assistant', created_at: work.at });
  work.setCursor(cursorFor(msg, work.push(work.draft.own(msg))));
}

/** Continues the message at `index` (an existing one) with a fresh cursor. */
function continueMessage(work: Work, index: number): void {
  work.setCursor(cursorFor(work.message(index) as Msg, index));
  reopen(work);
}

/**
 * The message content goes to; one is created (and reported) when content arrives before any
 * `start`, as `readUIMessageStream` starts from an empty message.
 */
export function ensureMessage(work: Work, chunkType: string): void {
  if (work.cursor !== null) {
    if (work.status !== 'streaming' && work.status !== 'error') work.status = 'streaming';
    return;
  }
  const message = `"${chunkType}" before any "start"; a message was opened for it`;
  work.warn('missing-start', message, undefined, 'implicit-start');
  openMessage(work, `ai-sdk-${work.chunkIndex}`);
  work.status = 'streaming';
}

/**
 * `start`: a `messageId` names the message (a new one, the current one, or an earlier one the
 * stream resumes, e.g. after an approval); without one the stream continues the current message,
 * or the last message when it is an assistant's, else opens a new one.
 */
function foldStart(work: Work, chunk: Record<string, unknown>): void {
  const messageId = readText(chunk['messageId']);
  const cursor = work.cursor;
  if (messageId !== null && cursor?.messageId !== messageId) {
    const index = findMessage(work, messageId);
    const current = cursor === null ? undefined : work.current();
    if (index >= 0) continueMessage(work, index);
    else if (current !== undefined && isUntouched(current, cursor as Cursor)) {
      // A message opened for content-less chunks before `start` takes the id `start` gives.
      work.editMessage().id = messageId;
      work.editCursor().messageId = messageId;
    } else openMessage(work, messageId);
  } else if (cursor !== null) {
    reopen(work);
    work.editCursor().failed = false;
  } else {
    const last = work.message(work.length - 1);
    if (last !== undefined && last.role === 'assistant') continueMessage(work, work.length - 1);
    else openMessage(work, `ai-sdk-${work.chunkIndex}`);
  }
  work.status = 'streaming';
  mergeMetadata(work, chunk['messageMetadata']);
}

function isUntouched(msg: Msg, cursor: Cursor): boolean {
  return msg.content.length === 0 && cursor.parts === 0 && msg.metadata['ai_sdk'] === undefined;
}

/* -------------------------------------------------------------------------------------------------
 * Metadata
 * -----------------------------------------------------------------------------------------------*/

// Keys the AI SDK's `mergeObjects` never merges.
const UNMERGED = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Merges `messageMetadata` into the message's metadata, reads `usage`/`totalUsage` into
 * `Msg.usage` and `createdAt` into `created_at` when the message has no time yet.
 */
export function mergeMetadata(work: Work, value: unknown): void {
  if (value == null) return;
  if (!isRecord(value)) {
    work.warn('invalid-metadata', 'messageMetadata is not an object; kept under metadata.value');
  }
  const incoming = isRecord(value) ? ({ ...value } as JsonObject) : { value: value as JsonValue };
  if ('ai_sdk' in incoming) {
    work.warn('reserved-metadata', 'metadata.ai_sdk is the adapter’s own; the app’s value dropped');
    delete incoming['ai_sdk'];
  }
  const msg = work.editMessage();
  msg.metadata = mergeJsonObjects(msg.metadata, incoming, UNMERGED);
  const usage = readUsage(msg.metadata);
  if (usage !== null) msg.usage = usage;
  if (msg.created_at === '') msg.created_at = readCreatedAt(msg.metadata) ?? '';
}

/* -------------------------------------------------------------------------------------------------
 * Ending a message
 * -----------------------------------------------------------------------------------------------*/

/**
 * Sources still waiting for a text block when the reply ends: an empty text block holds them,
 * so they are shown.
 */
export function flushPendingSources(work: Work): void {
  const cursor = work.cursor;
  if (cursor === null || cursor.pendingSources.length === 0) return;
  const block: TextBlock = {
    type: 'text',
    id: `${cursor.messageId}:sources:${cursor.parts}`,
    text: '',
    citations: [...cursor.pendingSources],
    created_at: work.at,
    finished_at: work.at,
  };
  const at = work.appendBlock(block);
  const writable = work.editCursor();
  writable.pendingSources = [];
  writable.lastText = { id: block.id, type: 'text', at };
}

/** Closes blocks still open (a text without `text-end`), so a finished message shows none streaming. */
function closeOpenBlocks(work: Work): void {
  const content = work.current().content;
  content.forEach((block, position) => {
    if (block.finished_at !== null) return;
    if (block.type === 'tool_call' && block.state === 'pending') return;
    if (block.type === 'tool_result' && block.state === 'running') return;
    work.editCurrentBlock<ContentBlock>(position).finished_at = work.at;
  });
  const cursor = work.editCursor();
  cursor.text = new Map();
  cursor.reasoning = new Map();
}

/**
 * Calls the app must answer (a client-side tool: input complete, no output) become `submitted`;
 * returns whether the reply waits for the user, the app or the server, in which case it stays
 * open, as an AgentScope reply parked on a confirmation does. A call the user approved
 * (`approval-responded`) is the server's to run once the answer is sent: it stays `allowed`.
 */
function parkWaitingCalls(work: Work): boolean {
  let waiting = false;
  const content = work.current().content;
  const answered = new Set<string>();
  for (const block of content) if (block.type === 'tool_result') answered.add(block.id);
  content.forEach((block, position) => {
    if (block.type !== 'tool_call') return;
    const waits = block.state === 'asking' || block.state === 'submitted';
    if (waits || aiSdkToolInfo(block)?.state === 'approval-responded')
      waiting ||= !answered.has(block.id);
    else if (block.state === 'allowed' && !answered.has(block.id)) {
      work.editCurrentBlock<ToolCallBlock>(position).state = 'submitted';
      waiting = true;
    }
  });
  return waiting;
}

/** Ends the current message now, with `reason`. */
function endMessage(work: Work, reason: ReplyFinishedReason): void {
  const next = work.editMessage();
  next.finished_at = work.at;
  next.finished_reason = reason;
}

/** `finish`: the reply is complete, unless a call waits for an approval or for the app's output. */
function foldFinish(work: Work, chunk: Record<string, unknown>): void {
  flushPendingSources(work);
  ensureMessage(work, 'finish');
  mergeMetadata(work, chunk['messageMetadata']);
  const reason = readText(chunk['finishReason']);
  if (reason !== null) work.setAiSdkMeta('finish_reason', reason);
  closeOpenBlocks(work);
  const failed = (work.cursor as Cursor).failed || reason === 'error';
  if (!parkWaitingCalls(work)) {
    const msg = work.current();
    const finishedReason = failed ? 'error' : 'completed';
    if (msg.finished_at === null || msg.finished_reason !== finishedReason)
      endMessage(work, finishedReason);
  }
  work.status = failed || work.status === 'error' ? 'error' : 'done';
}

/** `abort`: the reply was stopped; running tools are interrupted. */
function foldAbort(work: Work, chunk: Record<string, unknown>): void {
  flushPendingSources(work);
  if (work.cursor === null) {
    work.status = 'cancelled';
    return;
  }
  const reason = readText(chunk['reason']);
  if (reason !== null) work.setAiSdkMeta('abort_reason', reason);
  closeOpenBlocks(work);
  work.current().content.forEach((block, position) => {
    if (block.type === 'tool_result' && block.state === 'running') {
      const result = work.editCurrentBlock<ContentBlock & { state: string }>(position);
      result.state = 'interrupted';
      result.finished_at = work.at;
    }
  });
  endMessage(work, 'interrupted');
  work.status = 'cancelled';
}

/**
 * `data: [DONE]` or the end of the byte stream: a reply still open without its `finish` (the
 * connection dropped) is closed as interrupted; one waiting for an approval stays as it is.
 */
export function foldStreamEnd(work: Work): void {
  flushPendingSources(work);
  if (work.cursor === null) return;
  const msg = work.current();
  if (msg.finished_at !== null || msg.error !== null) return;
  if (work.status !== 'streaming') return;
  work.warn('missing-finish', 'the stream ended without "finish"; the reply is interrupted');
  closeOpenBlocks(work);
  if (parkWaitingCalls(work)) return;
  endMessage(work, 'interrupted');
  work.status = 'done';
}

/** `error`: an error block in place, with its text; the reply's `error` is set. */
function foldError(work: Work, chunk: Record<string, unknown>): void {
  ensureMessage(work, 'error');
  const text = readText(chunk['errorText']) ?? readText(chunk['error']);
  if (text === null) work.warn('invalid-chunk', 'error chunk without errorText', chunk);
  const message = text ?? 'The stream reported an error';
  const msg = work.current();
  const block: ErrorBlock = {
    type: 'error',
    id: `${msg.id}:error:${work.chunkIndex}`,
    message,
    created_at: work.at,
    finished_at: work.at,
  };
  work.appendBlock(block);
  work.editMessage().error = { type: 'unknown', message };
  work.editCursor().failed = true;
  work.status = 'error';
}

/* -------------------------------------------------------------------------------------------------
 * Steps
 * -----------------------------------------------------------------------------------------------*/

/** `start-step`: a `step-start` part; the boundary is kept in `metadata.ai_sdk.step_starts`. */
function foldStartStep(work: Work): void {
  ensureMessage(work, 'start-step');
  const position = work.current().content.length;
  work.setAiSdkMeta('step_starts', [...work.aiSdkList('step_starts'), position]);
  const cursor = work.editCursor();
  cursor.parts += 1;
  cursor.stepParts = cursor.parts;
  cursor.stepBlock = position;
  cursor.stepSources = work.aiSdkList('sources').length;
}

/** `reset-step`: removes what the current step added, as the AI SDK does before a retry. */
function foldResetStep(work: Work): void {
  if (work.cursor === null) return;
  const cursor = work.editCursor();
  const content = work.current().content;
  cursor.text = new Map();
  cursor.reasoning = new Map();
  cursor.tools = new Map();
  cursor.parts = cursor.stepParts;
  if (cursor.lastText !== null && cursor.lastText.at >= cursor.stepBlock) cursor.lastText = null;
  cursor.pendingSources = [];
  if (content.length > cursor.stepBlock) {
    const removed = new Set(content.slice(cursor.stepBlock).map((block) => block.id));
    const data = work.editMap('data');
    for (const [key, ref] of data) if (removed.has(ref.id)) data.delete(key);
    const msg = work.editMessage();
    msg.content = work.draft.own(content.slice(0, cursor.stepBlock));
  }
  const sources = work.aiSdkList('sources');
  if (sources.length > cursor.stepSources)
    work.setAiSdkMeta('sources', sources.slice(0, cursor.stepSources));
}

/** `message-metadata`: merged into the current message; skipped before any `start`. */
function foldMessageMetadata(work: Work, chunk: Record<string, unknown>): void {
  if (work.cursor === null)
    work.warn('missing-start', '"message-metadata" before any "start"; skipped', chunk);
  else mergeMetadata(work, chunk['messageMetadata']);
}

/** The folds of the chunks that open, end and step a message, by chunk type. */
export const MESSAGE_FOLDS: ChunkFolds = [
  ['start', foldStart],
  ['finish', foldFinish],
  ['abort', foldAbort],
  ['error', foldError],
  ['message-metadata', foldMessageMetadata],
  ['start-step', foldStartStep],
  ['finish-step', () => {}],
  ['reset-step', foldResetStep],
];
