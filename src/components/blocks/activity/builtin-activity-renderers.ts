import { A2uiActivity } from './a2ui/a2ui-activity.js';
import type { ActivityRenderer } from '../../provider/activity-types.js';
import { LazyMcpAppActivity } from '../../mcp-app/mcp-app-activity-lazy.js';

/**
 * The activity renderers every app has, by `activityType`; `activityRenderers` on the provider
 * comes first. A map without a prototype: an activity typed `constructor` finds nothing.
 */
export const builtinActivityRenderers: Readonly<Record<string, ActivityRenderer>> = Object.assign(
  Object.create(null) as Record<string, ActivityRenderer>,
  {
    'a2ui-surface': A2uiActivity,
    'mcp-apps': LazyMcpAppActivity,
  },
);
