import type { Msg } from '../../model/message.js';
import { isRecord } from '../common/read.js';
import { DONE, splitStreamText } from './sse.js';
import { CONTENT_FOLDS, foldData } from './stream-content.js';
import { foldStreamEnd, MESSAGE_FOLDS } from './stream-message.js';
import type { AiSdkStreamState, ChunkFold } from './stream-state.js';
import { Work, asStreamState, stateWithMessages } from './stream-state.js';
import { TOOL_FOLDS } from './stream-tools.js';

/*
 * The fold of an AI SDK UI message stream (v5, v6 and v7 chunks) into canonical messages, with
 * the semantics of the AI SDK's own `processUIMessageStream`, where it would throw (a delta for a
 * part never started, a result for an unknown call) reporting instead, and with repeated starts,
 * sources and data ids never duplicating anything. docs/ai-sdk.md has the full mapping.
 */

/** Options of a fold. */
export interface AiSdkFoldOptions {
  /**
   * The time to stamp on messages and blocks this fold creates or ends (chunks carry none), e.g.
   * `new Date().toISOString()` when they arrive. Without it the times are `''` (unknown), which
   * keeps the fold pure and a replayed log identical.
   */
  receivedAt?: string;
}

/** An empty fold state, or one holding history (`messages`) that a stream may continue. */
export function createAiSdkStreamState(init: { messages?: readonly Msg[] } = {}): AiSdkStreamState {
  return stateWithMessages(init.messages ?? []);
}

// A line of the AI SDK 4 data stream protocol (`0:"text"`), which this fold does not read.
const V4_LINE = /^\s*[0-9a-z]:/;
const V4_MESSAGE = 'an AI SDK 4 data stream line; only UI message streams (AI SDK 5+) are read';

function readChunk(work: Work, chunk: unknown): Record<string, unknown> | null {
  let value = chunk;
  if (typeof chunk === 'string') {
    if (chunk.trim() === DONE) {
      foldStreamEnd(work);
      return null;
    }
    try {
      value = JSON.parse(chunk);
    } catch {
      if (!V4_LINE.test(chunk)) work.warn('invalid-chunk', 'not JSON; skipped', chunk);
      else work.warn('unsupported-protocol', V4_MESSAGE, chunk);
      return null;
    }
  }
  if (!isRecord(value) || typeof value['type'] !== 'string') {
    work.warn('invalid-chunk', 'not a chunk object with a string type; skipped', value);
    return null;
  }
  return value;
}

// The fold of each chunk type (a Map: a type such as `constructor` finds nothing); `data-*`
// chunks come after.
const FOLDS = new Map<string, ChunkFold>([...MESSAGE_FOLDS, ...CONTENT_FOLDS, ...TOOL_FOLDS]);

function foldChunk(work: Work, input: unknown): void {
  const chunk = readChunk(work, input);
  if (chunk === null) return;
  const type = chunk['type'] as string;
  const fold = FOLDS.get(type);
  if (fold !== undefined) fold(work, chunk);
  else if (type.startsWith('data-') && type.length > 5) foldData(work, chunk, type);
  else work.warn('unknown-chunk', `unknown chunk type "${type}"; kept here, not shown`, chunk);
}

/** Folds one chunk into the working copy (also used by the history converter). */
export function applyOne(work: Work, chunk: unknown): void {
  try {
    foldChunk(work, chunk);
  } catch (error) {
    // A bug of ours must not take the stream down: the chunk is kept and the fold goes on.
    work.warn('internal-error', `could not fold the chunk: ${String(error)}`, chunk);
  }
  work.chunkIndex += 1;
}

/**
 * Folds one chunk: an object, its JSON text, or `"[DONE]"` (the end of the stream: a reply left
 * open without `finish` is closed as interrupted). Pure, never throws; every message and block
 * the chunk does not touch keeps its identity, and a text delta costs O(delta).
 */
export function reduceAiSdkChunk(
  state: AiSdkStreamState,
  chunk: unknown,
  options: AiSdkFoldOptions = {},
): AiSdkStreamState {
  const work = new Work(asStreamState(state), options.receivedAt ?? '');
  applyOne(work, chunk);
  return work.result();
}

/**
 * Folds many chunks at once (what a UI does once per frame; each message and block is copied at
 * most once): an iterable of chunks, or a whole stream body as text (SSE `data:` frames ending in
 * `data: [DONE]`, or one JSON chunk per line). Equals folding them one by one. Never throws.
 */
export function foldAiSdkStream(
  chunks: Iterable<unknown> | string,
  state: AiSdkStreamState = createAiSdkStreamState(),
  options: AiSdkFoldOptions = {},
): AiSdkStreamState {
  const work = new Work(asStreamState(state), options.receivedAt ?? '');
  try {
    const source = typeof chunks === 'string' ? splitStreamText(chunks) : chunks;
    for (const chunk of source) applyOne(work, chunk);
  } catch (error) {
    work.warn('invalid-source', `the chunk source failed (${String(error)}); folding stopped`);
  }
  return work.result();
}
