import { readActivity, type Activity } from '../../../core/model/activity.js';
import type { UnknownBlock } from '../../../core/model/block.js';
import { readDataPart } from '../../../core/model/data-part.js';

/**
 * The activity an `unknown` block holds: an AG-UI activity (`original_type:
 * 'activity:<type>'`), or an AI SDK `data-a2ui` part (an A2UI surface) unless the app registered
 * a data renderer for `a2ui`; `undefined` for any other block.
 */
export function blockActivity(
  block: UnknownBlock,
  dataRenderers: Readonly<Record<string, unknown>>,
): Activity | undefined {
  const activity = readActivity(block);
  if (activity !== undefined) return activity;
  const part = readDataPart(block);
  if (part?.name !== 'a2ui' || Object.hasOwn(dataRenderers, part.name)) return undefined;
  return { activityType: 'a2ui-surface', messageId: part.id ?? block.id, content: part.data };
}
