'use client';

import * as React from 'react';
import type { ActivityRendererProps } from '../provider/activity-types.js';
import { useLabels } from '../provider/agent-messages-provider.js';
import { McpApp } from './mcp-app.js';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * The renderer of AG-UI `mcp-apps` activities, as the AG-UI MCP Apps middleware sends them:
 * `{ resourceUri, toolInput, result, serverId?, serverHash? }`. The app's resource is read
 * through `mcpApps.readResource` (given the server) or `mcpApps.client`; the frame gets the
 * tool's input and result. Content without a `ui://` resource shows the frame's error state.
 */
export function McpAppActivity(props: ActivityRendererProps): React.ReactNode {
  const labels = useLabels();
  const content = isObject(props.content) ? props.content : {};
  const resourceUri = text(content['resourceUri']);
  const toolName =
    text(content['toolName']) ?? text(content['toolCallName']) ?? resourceUri ?? 'mcp-app';
  const toolInput = isObject(content['toolInput']) ? content['toolInput'] : undefined;
  const result = isObject(content['result']) ? content['result'] : undefined;
  if (!resourceUri?.startsWith('ui://')) {
    return (
      <div data-slot="mcp-app" data-state="error">
        <p data-slot="mcp-app-status" role="status">
          {labels.mcpAppFailed}
        </p>
      </div>
    );
  }
  return (
    <McpApp
      resourceUri={resourceUri}
      toolName={toolName}
      toolCallId={text(content['toolCallId'])}
      serverId={text(content['serverId'])}
      serverHash={text(content['serverHash'])}
      args={toolInput}
      argsComplete={!props.streaming || toolInput !== undefined}
      result={result}
    />
  );
}
