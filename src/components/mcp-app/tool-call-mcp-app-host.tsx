'use client';

import * as React from 'react';
import type { ToolCallBlock, ToolResultBlock } from '../../core/model/block.js';
import type { JsonValue } from '../../core/model/json.js';
import { McpApp } from './mcp-app.js';
import { uiResourceUri } from './mcp-app-resource.js';
import type { McpCallToolResult } from '../provider/mcp-app-types.js';
import { useMcpAppResourceUri } from './use-mcp-app-tools.js';
import { useAgentMessagesConfig } from '../provider/agent-messages-provider.js';

/** Props of `ToolCallMcpApp`: the call, its result and its arguments as the card read them. */
export interface ToolCallMcpAppProps {
  block: ToolCallBlock;
  result: ToolResultBlock | undefined;
  args: unknown;
  argsComplete: boolean;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The `CallToolResult` a card's result stands for: the MCP result itself when the protocol
 * passed it through (an AI SDK MCP tool's output), else its text and structured value.
 */
export function callToolResultOf(result: ToolResultBlock): McpCallToolResult {
  const value: JsonValue | undefined = result.value;
  if (isObject(value) && Array.isArray(value['content']))
    return value as unknown as McpCallToolResult;
  const text =
    typeof result.output === 'string'
      ? result.output
      : result.output
          .map((block) => (block.type === 'text' ? block.text : ''))
          .filter(Boolean)
          .join('\n');
  return {
    content: [{ type: 'text', text }],
    ...(isObject(value) ? { structuredContent: value } : {}),
    ...(result.state === 'error' ? { isError: true } : {}),
  };
}

/**
 * The frame of a card's call, when its tool (or its result's `_meta`) names an app. It lives
 * beside the provider, not in either folder: the card and the frame do not import each other.
 */
export default function ToolCallMcpAppHost({
  block,
  result,
  args,
  argsComplete,
}: ToolCallMcpAppProps) {
  const { mcpApps } = useAgentMessagesConfig();
  const listed = useMcpAppResourceUri(mcpApps?.client, block.name);
  const value = result?.value;
  const carried = isObject(value) ? uiResourceUri(value['_meta']) : undefined;
  const resourceUri = carried ?? listed;
  const callResult = React.useMemo(
    () => (result && result.state !== 'running' ? callToolResultOf(result) : undefined),
    [result],
  );
  if (!resourceUri || result?.state === 'denied') return null;
  return (
    <McpApp
      resourceUri={resourceUri}
      toolName={block.name}
      toolCallId={block.id}
      args={isObject(args) ? args : undefined}
      argsComplete={argsComplete}
      result={callResult}
    />
  );
}
