'use client';

import * as React from 'react';
import { uiResourceUri } from './mcp-app-resource.js';
import type { McpAppsClient } from '../provider/mcp-app-types.js';

/** Tool name to `ui://` resource, for the tools of one client that declare an app. */
export type McpAppToolMap = ReadonlyMap<string, string>;

const toolMaps = new WeakMap<McpAppsClient, Promise<McpAppToolMap>>();

/** Lists a client's tools once per page; a failed listing is tried again next time. */
export function loadMcpAppTools(client: McpAppsClient): Promise<McpAppToolMap> {
  let tools = toolMaps.get(client);
  if (!tools) {
    tools = client.listTools().then((answer) => {
      const map = new Map<string, string>();
      for (const tool of Array.isArray(answer?.tools) ? answer.tools : []) {
        const uri = typeof tool?.name === 'string' ? uiResourceUri(tool._meta) : undefined;
        if (uri) map.set(tool.name, uri);
      }
      return map;
    });
    tools.catch(() => toolMaps.delete(client));
    toolMaps.set(client, tools);
  }
  return tools;
}

/** The `ui://` resource `client` declares for `toolName`, once its tools are listed. */
export function useMcpAppResourceUri(
  client: McpAppsClient | undefined,
  toolName: string,
): string | undefined {
  const [tools, setTools] = React.useState<McpAppToolMap | null>(null);
  React.useEffect(() => {
    if (!client) return;
    let live = true;
    loadMcpAppTools(client).then(
      (map) => live && setTools(map),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [client]);
  return tools?.get(toolName);
}
