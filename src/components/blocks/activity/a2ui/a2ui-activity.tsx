'use client';

import * as React from 'react';
import { useAgentMessagesConfig } from '../../../provider/agent-messages-provider.js';
import type { ActivityRendererProps } from '../../../provider/activity-types.js';
import { A2uiFallback } from './a2ui-fallback.js';

// A chunk of its own, requested when the first surface renders: an app without A2UI surfaces
// never loads it, nor the app's A2UI renderer it drives.
const A2uiSurfaceView = React.lazy(() => import('./a2ui-surface-view.js'));

/**
 * The built-in `a2ui-surface` renderer: the surface drawn by the app's A2UI React renderer
 * (`a2ui` on the provider), loaded when a surface first appears. Until then, or without one,
 * the surface's JSON shows with a note saying why.
 */
export function A2uiActivity(props: ActivityRendererProps) {
  const { a2ui, labels } = useAgentMessagesConfig();
  if (a2ui === undefined)
    return <A2uiFallback state="missing" note={labels.a2uiMissing} {...props} />;
  return (
    <React.Suspense
      fallback={<A2uiFallback state="loading" note={labels.a2uiLoading} {...props} />}
    >
      <A2uiSurfaceView {...props} load={a2ui} />
    </React.Suspense>
  );
}
