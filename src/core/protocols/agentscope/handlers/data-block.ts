import type { Base64Source, DataBlock } from '../../../model/block.js';
import type { DataBlockDeltaEvent, DataBlockStartEvent } from '../../../model/event.js';
import type { Msg } from '../../../model/message.js';
import {
  appendBase64,
  decodeBase64,
  encodeBase64,
  isCanonicalBase64,
} from '../../../fold/base64.js';
import type { Draft } from '../../../fold/draft.js';
import { findTarget } from './find-target.js';
import { appendBlock, changeBlock } from '../../../fold/message-edits.js';

// Sources whose data this module wrote, so it is known to be canonical without a rescan.
const canonicalSources = new WeakSet<Base64Source>();

export function applyDataBlockStart(msg: Msg, event: DataBlockStartEvent, draft: Draft): Msg {
  const source: Base64Source = { type: 'base64', data: '', media_type: event.media_type };
  canonicalSources.add(source);
  return appendBlock(draft, msg, openDataBlock(event.block_id, source, event.created_at));
}

/** A data block as a stream opens it: no name yet, not finished. */
export function openDataBlock(
  id: string,
  source: DataBlock['source'],
  createdAt: string,
): DataBlock {
  return { type: 'data', id, source, name: null, created_at: createdAt, finished_at: null };
}

/** Merges the chunk as bytes; `media_type` on the delta is ignored, as upstream. */
export function applyDataBlockDelta(msg: Msg, event: DataBlockDeltaEvent, draft: Draft): Msg {
  const position = findTarget(draft, msg, 'data', event.block_id, event.type);
  if (position < 0 || !event.data) return msg;
  const block = msg.content[position] as DataBlock;
  if (block.source.type !== 'base64') {
    draft.report('invalid-data', `data block "${event.block_id}" does not hold base64 data`);
    return msg;
  }
  const existing = canonicalData(block.source);
  const data = existing === null ? null : appendBase64(existing, event.data);
  if (data === null) {
    draft.report('invalid-data', `invalid base64 in ${event.type} for "${event.block_id}"`);
    return msg;
  }
  // A chunk that decodes to no bytes (e.g. "!!!!", which Python accepts) changes nothing.
  if (data === block.source.data) return msg;
  return changeBlock<DataBlock>(draft, msg, position, (target) => {
    const source: Base64Source = { type: 'base64', data, media_type: block.source.media_type };
    canonicalSources.add(source);
    target.source = source;
  });
}

/** The source's data in canonical form (checked once per foreign source), or null if invalid. */
function canonicalData(source: Base64Source): string | null {
  if (canonicalSources.has(source) || isCanonicalBase64(source.data)) return source.data;
  const bytes = decodeBase64(source.data);
  return bytes === null ? null : encodeBase64(bytes);
}
