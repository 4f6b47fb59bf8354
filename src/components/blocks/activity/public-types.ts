/*
 * The types of activities and A2UI surfaces that the root entry exports (types only: nothing
 * here runs).
 */
export type { ActivityLabels } from '../../activity-labels.js';
export type {
  ActivityAction,
  ActivityRenderer,
  ActivityRendererProps,
} from '../../provider/activity-types.js';
export type {
  A2uiLoader,
  A2uiRenderers,
  A2uiV08Module,
  A2uiV09Module,
  A2uiV09Processor,
} from '../../provider/a2ui-module.js';
