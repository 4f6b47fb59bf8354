import type {
  Citation,
  HintBlock,
  TextBlock,
  ThinkingBlock,
  UnknownBlock,
} from '../../model/block.js';
import type { JsonObject, JsonValue } from '../../model/json.js';
import {
  asJson,
  isRecord,
  jsonObject,
  readString,
  readText,
  stringifyJson,
} from '../common/read.js';
import { unknownBlock } from '../common/unknown-message.js';
import type { BlockRef, ChunkFolds, Cursor, Work } from './stream-state.js';
import { ensureMessage } from './stream-message.js';
import { fileBlock, readFileSource, readTextCitation, sourceCitation } from './values.js';

/*
 * Content chunks: text and reasoning (start, delta, end), sources, files, data parts, custom
 * parts and steering messages. Each new AI SDK part takes the next part number, so a block's id
 * is `<message id>:<part index>`, the same id `fromAiSdkMessages` gives the same part.
 */

/** The id of the next part's block; counts the part. */
export function nextPartId(work: Work): string {
  const cursor = work.editCursor();
  const id = `${cursor.messageId}:${cursor.parts}`;
  cursor.parts += 1;
  return id;
}

/* -------------------------------------------------------------------------------------------------
 * Text and reasoning
 * -----------------------------------------------------------------------------------------------*/

type StreamKind = 'text' | 'reasoning';

/** Opens a text or reasoning block for the part `partId`; returns a reference to it. */
function startPart(work: Work, kind: StreamKind, partId: string): BlockRef {
  const id = nextPartId(work);
  const base = { id, created_at: work.at, finished_at: null };
  const pending = (work.cursor as Cursor).pendingSources;
  const block: TextBlock | ThinkingBlock =
    kind === 'text'
      ? { type: 'text', text: '', ...base }
      : { type: 'thinking', thinking: '', ...base };
  if (block.type === 'text' && pending.length > 0) block.citations = [...pending];
  const ref: BlockRef = { id, type: block.type, at: work.appendBlock(block) };
  work.editMap(kind).set(partId, ref);
  if (kind === 'text') {
    const cursor = work.editCursor();
    cursor.lastText = ref;
    if (pending.length > 0) cursor.pendingSources = [];
  }
  return ref;
}

/** Where the open part `partId` of `kind` is, or -1. */
function partPosition(work: Work, kind: StreamKind, partId: string): number {
  const ref = (work.cursor as Cursor)[kind].get(partId);
  return ref === undefined ? -1 : work.find(ref);
}

/** `text-start` / `reasoning-start`; a repeated start of a part still open is ignored. */
function foldPartStart(work: Work, kind: StreamKind, chunk: Record<string, unknown>): void {
  ensureMessage(work, `${kind}-start`);
  const partId = readString(chunk['id']) ?? '';
  if ((work.cursor as Cursor)[kind].has(partId)) {
    work.warn('repeated-start', `"${kind}-start" for part "${partId}" that is already open`);
    return;
  }
  startPart(work, kind, partId);
}

/**
 * `text-delta` / `reasoning-delta`: the hot path. The block is found by its reference (one
 * comparison), copied once per fold call, and the string grows (`+=` builds a rope).
 */
function foldPartDelta(work: Work, kind: StreamKind, chunk: Record<string, unknown>): void {
  const delta = chunk['delta'];
  if (typeof delta !== 'string') {
    work.warn('invalid-chunk', `"${kind}-delta" without a string delta; skipped`, chunk);
    return;
  }
  ensureMessage(work, `${kind}-delta`);
  const partId = readString(chunk['id']) ?? '';
  let position = partPosition(work, kind, partId);
  if (position < 0) {
    const message = `"${kind}-delta" for part "${partId}" that is not open; opened`;
    work.warn('missing-start', message, undefined, 'implicit-start');
    position = startPart(work, kind, partId).at;
  }
  work.appendText((work.cursor as Cursor).index, position, delta);
}

/** `text-end` / `reasoning-end`: the block is finished; v7 `citations` join the text's. */
function foldPartEnd(work: Work, kind: StreamKind, chunk: Record<string, unknown>): void {
  ensureMessage(work, `${kind}-end`);
  const partId = readString(chunk['id']) ?? '';
  const position = partPosition(work, kind, partId);
  if (position < 0) {
    work.warn('missing-start', `"${kind}-end" for part "${partId}" that is not open; skipped`);
    return;
  }
  work.editMap(kind).delete(partId);
  const listed: unknown[] = Array.isArray(chunk['citations']) ? chunk['citations'] : [];
  const citations = listed.map(readTextCitation).filter((c): c is Citation => c !== null);
  if (citations.length < listed.length)
    work.warn('invalid-citation', 'citations that name no source were dropped', chunk);
  const block = work.editCurrentBlock<TextBlock | ThinkingBlock>(position);
  block.finished_at = work.at;
  if (block.type === 'text' && citations.length > 0)
    block.citations = [...(block.citations ?? []), ...citations];
}

/* -------------------------------------------------------------------------------------------------
 * Sources
 * -----------------------------------------------------------------------------------------------*/

/**
 * `source-url` / `source-document`: kept whole in `metadata.ai_sdk.sources`, and shown as a
 * citation of the latest text block (or of the next one, when no text came yet).
 */
function foldSource(work: Work, chunk: Record<string, unknown>): void {
  ensureMessage(work, String(chunk['type']));
  const sourceId = readString(chunk['sourceId']);
  const sources = work.aiSdkList('sources');
  const known = (source: JsonValue) =>
    isRecord(source) && Object.hasOwn(source, 'sourceId') && source['sourceId'] === sourceId;
  if (sourceId !== null && sources.some(known)) {
    work.warn('repeated-source', `source "${sourceId}" already in this message; skipped`);
    return;
  }
  // Every key an own data property: `__proto__` from the wire must not become the prototype.
  const kept = jsonObject(
    Object.entries(chunk).flatMap(([key, value]) =>
      value === undefined ? [] : [[key, asJson(value)] as const],
    ),
  );
  work.setAiSdkMeta('sources', [...sources, kept]);
  work.editCursor().parts += 1;
  attachSource(work, sourceCitation(chunk));
}

function attachSource(work: Work, citation: Citation): void {
  const cursor = work.cursor as Cursor;
  const position = cursor.lastText === null ? -1 : work.find(cursor.lastText);
  if (position < 0) {
    work.editCursor().pendingSources = [...cursor.pendingSources, citation];
    return;
  }
  const block = work.editCurrentBlock<TextBlock>(position);
  block.citations = [...(block.citations ?? []), citation];
}

/* -------------------------------------------------------------------------------------------------
 * Files, data, custom parts, steering
 * -----------------------------------------------------------------------------------------------*/

/** `file` / `reasoning-file`: a data block; a reasoning file is listed in `metadata.ai_sdk.reasoning_files`. */
function foldFile(work: Work, chunk: Record<string, unknown>): void {
  const url = readText(chunk['url']);
  if (url === null) {
    work.warn('invalid-chunk', `"${String(chunk['type'])}" without a url; skipped`, chunk);
    return;
  }
  ensureMessage(work, String(chunk['type']));
  const { source, problem } = readFileSource(url, readText(chunk['mediaType']) ?? '');
  if (problem !== null) work.warn('invalid-file', problem);
  const id = nextPartId(work);
  work.appendBlock(fileBlock(id, source, readText(chunk['filename']), work.at));
  if (chunk['type'] === 'reasoning-file') {
    work.setAiSdkMeta('reasoning_files', [...work.aiSdkList('reasoning_files'), id]);
  }
}

/**
 * `data-<name>`: an `unknown` block (`original_type` is the chunk type, `raw` is `{ id, data }`)
 * that an app renders by name. A chunk with the id of a data part of the same type replaces its
 * data in place; a `transient` one never joins the message (see `transientData`).
 */
export function foldData(work: Work, chunk: Record<string, unknown>, type: string): void {
  const id = readString(chunk['id']);
  const data = asJson(chunk['data']);
  if (chunk['transient'] === true) {
    work.keepTransient({ type, id, data, messageId: work.cursor?.messageId ?? null });
    return;
  }
  ensureMessage(work, type);
  const raw: JsonObject = id === null ? { data } : { id, data };
  const key = id === null ? null : `${type}\n${id}`;
  const ref = key === null ? undefined : (work.cursor as Cursor).data.get(key);
  const position = ref === undefined ? -1 : work.find(ref);
  if (position >= 0) {
    work.editCurrentBlock<UnknownBlock>(position).raw = raw;
    return;
  }
  const blockId = nextPartId(work);
  const at = work.appendBlock(unknownBlock(blockId, raw, type, work.at));
  if (key !== null) work.editMap('data').set(key, { id: blockId, type: 'unknown', at });
}

/** `custom` (v7 provider content): an `unknown` block keeping `kind` and the provider metadata. */
function foldCustom(work: Work, chunk: Record<string, unknown>): void {
  ensureMessage(work, 'custom');
  const raw: JsonObject = { kind: asJson(chunk['kind']) };
  if (chunk['providerMetadata'] !== undefined)
    raw['providerMetadata'] = asJson(chunk['providerMetadata']);
  work.appendBlock(unknownBlock(nextPartId(work), raw, 'custom', work.at));
}

// The label a steering message's hint shows (a user message added while the reply ran).
const STEERING_SOURCE = JSON.stringify({ label: 'User', sublabel: 'steering' });

/** `steering-message` (v7): a hint holding the user's text and files, in place. */
function foldSteering(work: Work, chunk: Record<string, unknown>): void {
  ensureMessage(work, 'steering-message');
  const id = nextPartId(work);
  const at = work.at;
  const items: HintBlock['hint'] = [];
  const parts: unknown[] = Array.isArray(chunk['parts']) ? chunk['parts'] : [];
  parts.forEach((part, index) => {
    const itemId = `${id}:${index}`;
    if (isRecord(part) && part['type'] === 'text' && typeof part['text'] === 'string') {
      items.push({ type: 'text', id: itemId, text: part['text'], created_at: at, finished_at: at });
    } else if (isRecord(part) && part['type'] === 'file' && readText(part['url']) !== null) {
      const { source } = readFileSource(part['url'] as string, readText(part['mediaType']) ?? '');
      items.push(fileBlock(itemId, source, readText(part['filename']), at));
    } else {
      const problem = `steering part ${index} is neither text nor file: ${stringifyJson(part) ?? ''}`;
      work.warn('invalid-part', problem);
    }
  });
  const hint: HintBlock = {
    type: 'hint',
    id,
    hint: items,
    source: STEERING_SOURCE,
    created_at: at,
    finished_at: at,
  };
  work.appendBlock(hint);
}

/** A part of a type this adapter does not know (history only): kept whole in an `unknown` block. */
export function foldUnknownPart(work: Work, type: string | null, part: unknown): void {
  work.appendBlock(unknownBlock(nextPartId(work), part, type, work.at));
}

/** The content chunks' folds, by chunk type (`data-*` chunks go to `foldData`). */
export const CONTENT_FOLDS: ChunkFolds = [
  ...(['text', 'reasoning'] as const).flatMap((kind): ChunkFolds => [
    [`${kind}-start`, (work, chunk) => foldPartStart(work, kind, chunk)],
    [`${kind}-delta`, (work, chunk) => foldPartDelta(work, kind, chunk)],
    [`${kind}-end`, (work, chunk) => foldPartEnd(work, kind, chunk)],
  ]),
  ['source-url', foldSource],
  ['source-document', foldSource],
  ['file', foldFile],
  ['reasoning-file', foldFile],
  ['custom', foldCustom],
  ['steering-message', foldSteering],
];
