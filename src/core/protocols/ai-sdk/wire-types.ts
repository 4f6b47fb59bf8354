import type { JsonObject, JsonValue } from '../../model/json.js';

/*
 * The AI SDK's shapes (`ai` 5, 6 and 7), written here so that the runtime never depends on the
 * `ai` package. They are loose on purpose: the adapter reads untrusted JSON and checks every
 * field itself, so these types document the wire, they do not promise it.
 */

/** The states of a `tool-<name>` or `dynamic-tool` part (`UIToolInvocation['state']`). */
export type AiSdkToolState =
  | 'input-streaming'
  | 'input-available'
  | 'approval-requested'
  | 'approval-responded'
  | 'output-available'
  | 'output-error'
  | 'output-denied';

/** Every tool state, in the order a call goes through them. */
export const AI_SDK_TOOL_STATES: readonly AiSdkToolState[] = [
  'input-streaming',
  'input-available',
  'approval-requested',
  'approval-responded',
  'output-available',
  'output-error',
  'output-denied',
];

/** A tool part's `approval` (AI SDK 6+): the request, and once answered the decision. */
export interface AiSdkToolApproval {
  /** The approval id: what `addToolApprovalResponse({ id })` takes. */
  id: string;
  approved?: boolean;
  /** Why the user decided so (the response's `reason`). */
  reason?: string;
  /** Why approval was asked for (the request's `reason`). */
  requestReason?: string;
  descriptor?: JsonValue;
  isAutomatic?: boolean;
  signature?: string;
  inputSchemaInput?: JsonValue;
}

/**
 * A `UIMessage` as `useChat` holds it and apps store it: what `fromAiSdkMessages` reads. The
 * `ai` package's own `UIMessage` type is assignable to it.
 */
export interface AiSdkUIMessageLike {
  id: string;
  role: string;
  metadata?: unknown;
  parts?: readonly unknown[];
}

/** A UI message stream chunk (`UIMessageChunk`): an object with a `type`, or its JSON text. */
export interface AiSdkChunkLike {
  type: string;
  [field: string]: unknown;
}

/** The response `addToolApprovalResponse` takes (AI SDK 6+). */
export interface AiSdkApprovalResponse {
  /** The approval id from the `tool-approval-request`. */
  id: string;
  approved: boolean;
  reason?: string;
}

/** A `data-<name>` chunk marked `transient`: never part of a message, kept apart in the state. */
export interface AiSdkTransientData {
  /** The chunk's type, `data-<name>`. */
  type: string;
  id: string | null;
  data: JsonValue;
  /** The message it arrived with, when one was open. */
  messageId: string | null;
}

/** The AI SDK fields a tool call block keeps that the canonical model has no place for. */
export interface AiSdkToolInfo {
  /** The AI SDK state the call is in; the canonical `state` is derived from it. */
  state: AiSdkToolState;
  /** A `dynamic-tool` part rather than `tool-<name>`. */
  dynamic?: boolean;
  title?: string;
  providerExecuted?: boolean;
  toolMetadata?: JsonObject;
  inputEncoding?: 'json' | 'text';
  /** The approval request and, once answered, the decision. */
  approval?: AiSdkToolApproval;
  /** The output so far is preliminary (a streaming tool); the result is still `running`. */
  preliminary?: boolean;
}
