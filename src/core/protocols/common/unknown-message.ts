import type { UnknownBlock } from '../../model/block.js';
import { blankMsg } from '../../model/factories.js';
import type { Msg } from '../../model/message.js';
import { asJson } from './read.js';

/** An `unknown` block: a value no reader understood, kept whole so nothing is lost from view. */
export function unknownBlock(id: string, raw: unknown, originalType: string | null): UnknownBlock {
  return { type: 'unknown', id, original_type: originalType, raw: asJson(raw) };
}

/**
 * A message whose source could not be read at all: one `unknown` block (`<id>:0`) keeps the raw
 * value, and the message is finished so it never looks like it is still streaming.
 */
export function unknownMessage(raw: unknown, id: string, originalType: string | null = null): Msg {
  return blankMsg({ id, content: [unknownBlock(`${id}:0`, raw, originalType)], finished_at: '' });
}
