/*
 * What `useAgUiAgent` needs of an AG-UI agent, written structurally so that nothing of
 * `@ag-ui/client` is bundled: its `AbstractAgent` (`HttpAgent`, CopilotKit's, Mastra's,
 * LangGraph's agents) fits as it is.
 */

import type { AgUiInputPart } from './file-parts.js';

/** A message of the agent's thread (AG-UI `Message`): read only by id and role here. */
export interface AgUiWireMessage {
  id: string;
  role: string;
}

/** A message the binding adds to the thread: the user's words (and files), or a tool's result. */
export type AgUiOutgoingMessage =
  | { id: string; role: 'user'; content: string | AgUiInputPart[] }
  | { id: string; role: 'tool'; toolCallId: string; content: string; error?: string };

/** A tool the app runs, as the agent is told of it (AG-UI `Tool`). */
export interface AgUiToolDefinition {
  name: string;
  description: string;
  /** A JSON Schema of the arguments. */
  parameters: unknown;
}

/** What the binding passes to `runAgent` (AG-UI `RunAgentParameters`). */
export interface AgUiRunParameters {
  tools?: AgUiToolDefinition[];
  resume?: { interruptId: string; status: 'resolved' | 'cancelled'; payload?: unknown }[];
  /** What the app passes to the agent beside the thread: here, a user's activity action. */
  forwardedProps?: Record<string, unknown>;
}

/** What the agent hands a subscriber with each event: the event, and the run's input. */
export interface AgUiEventParams {
  event: { type: string };
  input: { messages: readonly unknown[]; resume?: readonly unknown[] };
}

/** The subscriber the binding registers (a part of AG-UI `AgentSubscriber`). */
export interface AgUiSubscriberLike {
  onEvent?(params: AgUiEventParams): void;
  onRunFailed?(params: { error: Error }): void;
}

/**
 * Any AG-UI agent: `@ag-ui/client`'s `AbstractAgent` and what extends it. The binding reads its
 * thread and state, subscribes to its events, adds messages and starts, resumes and aborts runs.
 */
export interface AgUiAgentLike {
  /** The thread so far (the agent's own `Message[]`). */
  readonly messages: readonly AgUiWireMessage[];
  /** The agent state. */
  readonly state: unknown;
  subscribe(subscriber: AgUiSubscriberLike): { unsubscribe(): void };
  addMessage(message: AgUiOutgoingMessage): void;
  /** Replaces the thread: used to take back a message whose run failed before it started. */
  setMessages?(messages: AgUiWireMessage[]): void;
  runAgent(parameters?: AgUiRunParameters): Promise<unknown>;
  abortRun(): void;
}
