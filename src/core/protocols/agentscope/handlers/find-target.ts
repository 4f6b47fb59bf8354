import type { ContentBlock } from '../../../model/block.js';
import type { AgentEventType } from '../../../model/event.js';
import type { Msg } from '../../../model/message.js';
import { findBlock } from '../../../fold/block-index.js';
import type { Draft } from '../../../fold/draft.js';

/**
 * The position of the block an event targets, or -1 after recording it as missing: an event for a
 * block that does not exist is kept as a diagnostic, never dropped silently.
 */
export function findTarget(
  draft: Draft,
  msg: Msg,
  type: ContentBlock['type'],
  id: string,
  eventType: AgentEventType,
): number {
  const position = findBlock(draft.blocks, msg, type, id);
  if (position < 0)
    draft.report('not-open', `no ${type} block "${id}" for ${eventType}`, {
      detail: 'missing-block',
    });
  return position;
}
