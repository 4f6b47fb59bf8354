import type * as React from 'react';

/*
 * A copy of the activity renderer interface (`src/components/activity/activity-types.ts`, owned
 * by the activities work), kept verbatim until the two meet; then this file becomes an import.
 */

/** What every activity renderer receives. */
export interface ActivityRendererProps {
  /** AG-UI `activityType`, e.g. 'mcp-apps', 'a2ui-surface', 'plan'. */
  readonly activityType: string;
  /** The activity's current content (after every ACTIVITY_DELTA JSON Patch), untrusted. */
  readonly content: unknown;
  /** The activity message's id (AG-UI `messageId`). */
  readonly messageId: string;
  /** True while its run is still streaming. */
  readonly streaming: boolean;
  /** Sends a user action back through the protocol's own channel (AG-UI: the next run's input / a tool
   *  result; AI SDK: a message), or undefined when the host gave no way to answer. */
  readonly onAction?: (action: ActivityAction) => void;
}
/** A user action an activity sends back through its protocol. */
export interface ActivityAction {
  readonly activityType: string;
  readonly messageId: string;
  readonly name: string;
  readonly payload: unknown;
}
/** A component that renders one activity type. */
export type ActivityRenderer = (props: ActivityRendererProps) => React.ReactNode;
