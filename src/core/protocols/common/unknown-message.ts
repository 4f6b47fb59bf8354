import type { UnknownBlock } from '../../model/block.js';
import { blankMsg } from '../../model/factories.js';
import type { Msg } from '../../model/message.js';
import { asJson } from './read.js';

/**
 * An `unknown` block: a value no reader understood, kept whole so nothing is lost from view.
 * Given `createdAt`, it carries its times (finished when it was created unless told otherwise).
 */
export function unknownBlock(
  id: string,
  raw: unknown,
  originalType: string | null,
  createdAt?: string,
  finishedAt: string | null = createdAt ?? null,
): UnknownBlock {
  const block: UnknownBlock = {
    type: 'unknown',
    id,
    original_type: originalType,
    raw: asJson(raw),
  };
  if (createdAt !== undefined) {
    block.created_at = createdAt;
    block.finished_at = finishedAt;
  }
  return block;
}

/**
 * A message whose source could not be read at all: one `unknown` block (`<id>:0`) keeps the raw
 * value, and the message is finished so it never looks like it is still streaming.
 */
export function unknownMessage(raw: unknown, id: string, originalType: string | null = null): Msg {
  return blankMsg({ id, content: [unknownBlock(`${id}:0`, raw, originalType)], finished_at: '' });
}
