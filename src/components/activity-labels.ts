/**
 * The strings of activities (AG-UI `ACTIVITY_SNAPSHOT`s, A2UI surfaces). Part of `Labels`:
 * override them through `labels` on `AgentMessagesProvider`.
 */
export interface ActivityLabels {
  /** Names an activity shown as JSON ("Activity: plan"). */
  activity(type: string): string;
  /** Shown when an activity's renderer failed; its content is shown as JSON instead. */
  activityFailed(type: string): string;
  /** Shown over an A2UI surface's JSON while the A2UI renderer loads. */
  a2uiLoading: string;
  /** Shown over an A2UI surface's JSON when the app set up no A2UI renderer (`a2ui` prop). */
  a2uiMissing: string;
  /** Shown over an A2UI surface's JSON when the renderer could not load or read the surface. */
  a2uiFailed: string;
}

/** The English strings of activities. */
export const activityLabels: ActivityLabels = {
  activity: (type) => `Activity: ${type}`,
  activityFailed: (type) => `The ${type} view failed; its content is shown instead.`,
  a2uiLoading: 'Loading the interface…',
  a2uiMissing: 'No A2UI renderer is set up for this interface; its content is shown instead.',
  a2uiFailed: 'This interface could not be displayed; its content is shown instead.',
};
