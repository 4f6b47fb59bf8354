/*
 * Frontend tools: tools the agent asks the app to run. Their definitions go with every run;
 * when a run ends waiting on them, their handlers run and their results go back to the agent.
 */
import type { ToolCallBlock } from '../../core/model/block.js';
import type { JsonValue } from '../../core/model/json.js';
import type { AgUiOutgoingMessage, AgUiToolDefinition } from './agent-like.js';

/** A tool the app runs in the page: the agent calls it, `handler` answers. */
export interface AgUiFrontendTool {
  name: string;
  /** What the tool does, for the model. */
  description: string;
  /** A JSON Schema of the arguments. @default { type: 'object', properties: {} } */
  parameters?: JsonValue;
  /**
   * Runs the call and returns its result: a string is sent as it is, anything else as JSON.
   * A thrown error is sent as the call's error.
   */
  handler(args: JsonValue, call: ToolCallBlock): unknown;
}

/** The definitions the agent is told of (`RunAgentInput.tools`). */
export function toolDefinitions(tools: readonly AgUiFrontendTool[]): AgUiToolDefinition[] {
  return tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    parameters: tool.parameters ?? { type: 'object', properties: {} },
  }));
}

function parseArgs(input: string): JsonValue {
  if (input.trim() === '') return {};
  try {
    return JSON.parse(input) as JsonValue;
  } catch {
    return input;
  }
}

function resultText(value: unknown): string {
  if (typeof value === 'string') return value;
  // `undefined` (a handler that returns nothing) is sent as `null`.
  return JSON.stringify(value ?? null) ?? 'null';
}

/** Runs one call's handler; its result (or error) as the tool message for the thread. */
export async function runFrontendTool(
  tool: AgUiFrontendTool,
  call: ToolCallBlock,
): Promise<AgUiOutgoingMessage> {
  const id = `tool-result:${call.id}`;
  try {
    const value: unknown = await tool.handler(parseArgs(call.input), call);
    return { id, role: 'tool', toolCallId: call.id, content: resultText(value) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { id, role: 'tool', toolCallId: call.id, content: message, error: message };
  }
}
