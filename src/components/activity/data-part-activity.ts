import type { Activity } from '../../core/model/activity.js';
import type { UnknownBlock } from '../../core/model/block.js';
import type { DataPart } from '../../core/model/data-part.js';

/** AI SDK data parts that carry an activity of a known type: `data-a2ui` is an A2UI surface. */
const DATA_PART_ACTIVITIES: Readonly<Record<string, string>> = Object.assign(
  Object.create(null) as Record<string, string>,
  { a2ui: 'a2ui-surface' },
);

/**
 * The activity an AI SDK data part carries (`data-a2ui`: an A2UI surface), unless the app
 * registered a data renderer for that part's name; `undefined` for any other part.
 */
export function dataPartActivity(
  block: UnknownBlock,
  part: DataPart | undefined,
  dataRenderers: Readonly<Record<string, unknown>>,
): Activity | undefined {
  if (part === undefined || Object.hasOwn(dataRenderers, part.name)) return undefined;
  const activityType = DATA_PART_ACTIVITIES[part.name];
  if (activityType === undefined) return undefined;
  return { activityType, messageId: part.id ?? block.id, content: part.data };
}
