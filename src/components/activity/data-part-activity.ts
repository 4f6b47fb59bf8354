import type { Activity } from '../../core/model/activity.js';
import type { UnknownBlock } from '../../core/model/block.js';
import type { DataPart } from '../../core/model/data-part.js';

/**
 * The activity an AI SDK data part carries (`data-a2ui`: an A2UI surface), unless the app
 * registered a data renderer for that part's name; `undefined` for any other part.
 */
export function dataPartActivity(
  block: UnknownBlock,
  part: DataPart | undefined,
  dataRenderers: Readonly<Record<string, unknown>>,
): Activity | undefined {
  // `data-a2ui` is the one part that carries an activity: an A2UI surface.
  if (part?.name !== 'a2ui' || Object.hasOwn(dataRenderers, part.name)) return undefined;
  return { activityType: 'a2ui-surface', messageId: part.id ?? block.id, content: part.data };
}
