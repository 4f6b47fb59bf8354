/*
 * Starts the Mastra AG-UI server and the official MCP Apps example server in Node for the
 * Chromium tests, which read their addresses with `inject('mastraUrl')` and `inject('mcpBasicUrl')`.
 */
import type { TestProject } from 'vitest/node';
import { startMastraAgUiServer } from './mastra-agui-server.js';
import { startMcpBasicServer } from './mcp-basic-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    mastraUrl: string;
    mcpBasicUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startMastraAgUiServer();
  project.provide('mastraUrl', server.url);
  const mcp = await startMcpBasicServer();
  project.provide('mcpBasicUrl', mcp.url);
  return async () => {
    await Promise.all([server.close(), mcp.close()]);
  };
}
