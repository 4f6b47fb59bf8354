'use client';

import * as React from 'react';
import { useAgentMessagesConfig } from '../provider/agent-messages-provider.js';
import type { ToolCallMcpAppProps } from './tool-call-mcp-app-host.js';

// The host is loaded only when the app configured MCP Apps: the card itself stays as small as it was.
const ToolCallMcpAppHost = React.lazy(() => import('./tool-call-mcp-app-host.js'));

/**
 * The MCP App of a tool call whose tool declares one (`mcpApps` on the provider), for the tool
 * card to show under its details. Renders nothing without `mcpApps`.
 */
export function ToolCallMcpApp(props: ToolCallMcpAppProps) {
  const { mcpApps } = useAgentMessagesConfig();
  if (!mcpApps) return null;
  return (
    <React.Suspense fallback={null}>
      <ToolCallMcpAppHost {...props} />
    </React.Suspense>
  );
}
