'use client';

import * as React from 'react';
import { useAgentMessagesConfig } from '../toolkit/agent-messages-provider.js';

// The host is loaded only when the app configured MCP Apps: the card itself stays as small as it was.
const ToolCallCardMcpAppHost = React.lazy(() => import('./tool-call-card-mcp-app-host.js'));

/**
 * Inside `ToolCallCard`: the MCP App of a call whose tool declares one (`mcpApps` on the
 * provider), under the card's details. Renders nothing without `mcpApps`.
 */
export function ToolCallCardMcpApp() {
  const { mcpApps } = useAgentMessagesConfig();
  if (!mcpApps) return null;
  return (
    <React.Suspense fallback={null}>
      <ToolCallCardMcpAppHost />
    </React.Suspense>
  );
}
