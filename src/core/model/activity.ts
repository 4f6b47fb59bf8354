import type { ContentBlock } from './block.js';
import type { JsonValue } from './json.js';
import { isRecord } from './parse/field-reader.js';

/** The prefix of an activity block's `original_type`: `activity:<activityType>`. */
const ACTIVITY_PREFIX = 'activity:';

/**
 * An AG-UI activity (`ACTIVITY_SNAPSHOT` / `ACTIVITY_DELTA`, or an `activity` message), as the
 * AG-UI adapter keeps it: an `unknown` block whose `original_type` is `activity:<activityType>`,
 * whose `raw` is the content after every patch, and whose id is the activity message's id.
 */
export interface Activity {
  /** AG-UI `activityType`: `a2ui-surface`, `mcp-apps`, `plan`… (may be `''`). */
  activityType: string;
  /** The activity message's id (AG-UI `messageId`). */
  messageId: string;
  /** The current content, as sent: untrusted. */
  content: JsonValue;
}

/**
 * The activity a block holds, or `undefined` when it holds none. Never throws on odd blocks.
 * @example readActivity(block)?.activityType === 'a2ui-surface'
 */
export function readActivity(block: ContentBlock): Activity | undefined {
  if (!isRecord(block as unknown) || block.type !== 'unknown') return undefined;
  const type = block.original_type;
  if (typeof type !== 'string' || !type.startsWith(ACTIVITY_PREFIX)) return undefined;
  return {
    activityType: type.slice(ACTIVITY_PREFIX.length),
    messageId: typeof block.id === 'string' ? block.id : '',
    content: block.raw === undefined ? null : block.raw,
  };
}
