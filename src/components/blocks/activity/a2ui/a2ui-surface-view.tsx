'use client';

/*
 * The A2UI surface itself, a chunk loaded with the first surface (see `a2ui-activity.tsx`): it
 * loads the app's A2UI React renderer, feeds it the surface's messages and sends its users'
 * actions back as activity actions.
 */
import * as React from 'react';
import { useLabels } from '../../../provider/agent-messages-provider.js';
import { ResettableBoundary } from '../../../primitives/resettable-boundary.js';
import { useRenderOnSettle } from '../../../primitives/use-render-on-settle.js';
import type { ActivityRendererProps } from '../../../provider/activity-types.js';
import { A2uiFallback } from './a2ui-fallback.js';
import { readA2uiFeed } from './a2ui-messages.js';
import { type A2uiLoader, loadA2uiModule } from '../../../provider/a2ui-module.js';
import { A2uiV08Surfaces } from './a2ui-v08-surfaces.js';
import { A2uiV09Surfaces } from './a2ui-v09-surfaces.js';

/** Props of the lazily loaded surface: the activity, and the app's loader. */
export interface A2uiSurfaceViewProps extends ActivityRendererProps {
  load: A2uiLoader;
}

/** The app's A2UI renderers, once loaded: re-renders when the load settles. */
function useA2uiRenderers(load: A2uiLoader) {
  const entry = loadA2uiModule(load);
  useRenderOnSettle(entry.promise);
  return entry.state;
}

/** The action's name, as A2UI's `userAction` gives it. */
function actionName(message: unknown): string {
  const action = (message as { userAction?: { name?: unknown } } | null)?.userAction;
  return typeof action?.name === 'string' ? action.name : '';
}

/** An A2UI surface through the app's renderer for its version; its JSON while it cannot be. */
export default function A2uiSurfaceView(props: A2uiSurfaceViewProps) {
  const { load, ...activity } = props;
  const { activityType, content, messageId, onAction } = activity;
  const labels = useLabels();
  const state = useA2uiRenderers(load);
  const feed = React.useMemo(() => readA2uiFeed(content), [content]);
  // Messages the renderer rejects (an unknown catalog, say): the next content gets another try.
  const [rejected, setRejected] = React.useState<typeof feed>(null);
  if (state.status === 'loading')
    return <A2uiFallback state="loading" note={labels.a2uiLoading} {...activity} />;
  const failed = <A2uiFallback state="failed" note={labels.a2uiFailed} {...activity} />;
  if (state.status === 'failed' || feed === null || rejected === feed) return failed;
  const v08 = feed.version === 'v0_8' ? state.renderers.v0_8 : undefined;
  const v09 = feed.version === 'v0_9' ? state.renderers.v0_9 : undefined;
  if (v08 === undefined && v09 === undefined)
    return <A2uiFallback state="missing" note={labels.a2uiMissing} {...activity} />;
  // Both versions answer with A2UI's client message, `{ userAction }`, as the AG-UI A2UI
  // middleware reads it from `forwardedProps.a2uiAction`.
  const send = onAction
    ? (message: unknown) =>
        onAction({ activityType, messageId, name: actionName(message), payload: message })
    : undefined;
  return (
    <ResettableBoundary resetKey={feed} fallback={failed}>
      <div data-slot="a2ui-surface" data-state="ready" data-version={feed.version}>
        {v08 ? (
          <A2uiV08Surfaces module={v08} feed={feed} send={send} onReject={setRejected} />
        ) : null}
        {v09 ? (
          <A2uiV09Surfaces module={v09} feed={feed} send={send} onReject={setRejected} />
        ) : null}
      </div>
    </ResettableBoundary>
  );
}
