/*
 * The types of MCP App frames that the root entry exports (types only: `mcpApps` on the
 * provider is typed here; the frame itself is in react-agent-messages/mcp-apps).
 */
export type { McpAppLabels } from '../mcp-app-labels.js';
export type * from '../provider/mcp-app-types.js';
