/*
 * react-agent-messages/mcp-apps: MCP Apps (SEP-1865) hosted in sandboxed frames through the
 * official host bridge. The tool card shows a call's app by itself once `mcpApps` is given to
 * `AgentMessagesProvider`; this entry adds the frame as a component and the AG-UI `mcp-apps`
 * activity renderer. Nothing of MCP is bundled: the app passes its client and the bridge module.
 * The types of the provider's `mcpApps` option (`McpAppsOptions`, the client, the bridge) are here.
 */
export type * from './components/mcp-app/public-types.js';
export { McpApp } from './components/mcp-app/mcp-app.js';
export type { McpAppProps } from './components/mcp-app/mcp-app.js';
export { McpAppActivity } from './components/mcp-app/mcp-app-activity.js';
export type {
  ActivityAction,
  ActivityRenderer,
  ActivityRendererProps,
} from './components/provider/activity-types.js';
export { appCspText, readAppCsp } from './components/mcp-app/mcp-app-csp.js';
export type { McpAppCsp } from './components/mcp-app/mcp-app-csp.js';
