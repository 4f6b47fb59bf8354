import * as React from 'react';
import type { ActivityRendererProps } from '../provider/activity-types.js';

// The frame and its bridge are loaded only when an `mcp-apps` activity appears: the built-in
// registry stays as small as the rest of the list.
const McpAppActivity = React.lazy(() =>
  import('./mcp-app-activity.js').then((module) => ({ default: module.McpAppActivity })),
);

/** The built-in renderer of AG-UI `mcp-apps` activities: `McpAppActivity`, loaded on first use. */
export function LazyMcpAppActivity(props: ActivityRendererProps) {
  return (
    <React.Suspense fallback={null}>
      <McpAppActivity {...props} />
    </React.Suspense>
  );
}
