import type { HintBlock } from '../../../model/block.js';
import type { HintBlockEvent } from '../../../model/event.js';
import type { Msg } from '../../../model/message.js';
import type { Draft } from '../../../fold/draft.js';
import { appendBlock } from '../../../fold/message-edits.js';

/** A hint arrives whole and is finished at once. */
export function applyHintBlock(msg: Msg, event: HintBlockEvent, draft: Draft): Msg {
  const block: HintBlock = {
    type: 'hint',
    hint: event.hint,
    id: event.block_id,
    source: event.source,
    created_at: event.created_at,
    finished_at: event.created_at,
  };
  return appendBlock(draft, msg, block);
}
