import type * as React from 'react';

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

/** A user action on an activity (an A2UI button press, say), sent back through the protocol. */
export interface ActivityAction {
  /** The activity's `activityType`. */
  readonly activityType: string;
  /** The activity message's id. */
  readonly messageId: string;
  /** The action's name (A2UI: the `userAction`'s `name`). */
  readonly name: string;
  /** What the protocol sends (A2UI: its client message, `{ userAction }`). */
  readonly payload: unknown;
}

/** An activity renderer: what `activityRenderers` maps an `activityType` to. */
export type ActivityRenderer = (props: ActivityRendererProps) => React.ReactNode;
