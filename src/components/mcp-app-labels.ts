/**
 * The strings of an MCP App frame (`McpApp`). Part of `Labels`: override them through `labels`
 * on `AgentMessagesProvider`.
 */
export interface McpAppLabels {
  /** The frame's accessible name ("App: get-time"). */
  mcpAppTitle(name: string): string;
  /** Shown while the app's resource and the host bridge load. */
  mcpAppLoading: string;
  /** Shown when the app's resource could not be read or is not an MCP App. */
  mcpAppFailed: string;
  /** Shown when the app never completed its handshake; the frame is removed. */
  mcpAppTimeout: string;
  /** Shown when the app sent more messages than the host accepts; the frame is removed. */
  mcpAppBlocked: string;
}

/** The English strings of `McpApp`. */
export const mcpAppLabels: McpAppLabels = {
  mcpAppTitle: (name) => `App: ${name}`,
  mcpAppLoading: 'Loading the app…',
  mcpAppFailed: 'The app could not be loaded.',
  mcpAppTimeout: 'The app did not start.',
  mcpAppBlocked: 'Blocked: the app sent too many messages.',
};
