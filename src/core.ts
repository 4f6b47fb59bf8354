/*
 * react-agent-messages/core: the model (with AgentScope's event stream, which the store reads by
 * default), the fold, stream decoding, the stream store, URL and media safety, approvals and
 * history pages. Nothing here imports React or touches the DOM: it runs in Node, a worker or a
 * server. The protocols' adapters and drivers are in their own entries
 * (`react-agent-messages/ai-sdk`, `/ag-ui`, `/agentscope`, `/agentflow`, `/operator-use`).
 */

// A module whose every name is public is exported whole (`export *`); api/*.api.md pins the result.
export * from './core/model/block.js';
export * from './core/model/data-part.js';
export * from './core/model/event.js';
export type { JsonObject, JsonValue } from './core/model/json.js';
export type * from './core/partial-json/partial-json-types.js';
export { readPartialJson } from './core/partial-json/read-partial-json.js';
export type { Diagnostic } from './core/model/diagnostic.js';
export type { DiagnosticCode } from './core/fold/diagnostic-code.js';
export type { RunStatus } from './core/fold/run-status.js';
export * from './core/model/message.js';
export type { PermissionBehavior, PermissionRule } from './core/model/permission.js';
export type { BlockInit, MsgInit } from './core/model/factories.js';
export {
  assistantMsg,
  base64Source,
  dataBlock,
  hintBlock,
  systemMsg,
  textBlock,
  thinkingBlock,
  toolCallBlock,
  toolResultBlock,
  userMsg,
} from './core/model/factories.js';
export { currentTimestamp, generateId } from './core/model/ids.js';
export { parseTimestamp } from './core/model/time.js';
export type { ParseResult } from './core/model/parse/field-reader.js';
export { parseContentBlock } from './core/model/parse/block-reader.js';
export { parseMsg, validateMsg } from './core/model/parse/message-reader.js';

export * from './core/agentscope-stream-exports.js';

export type { Conversation, PendingConfirmation } from './core/fold/conversation.js';
export { appendMessages, createConversation } from './core/fold/conversation.js';
export { getReplyStatus } from './core/fold/reply-status.js';
export type { Decision } from './core/fold/confirm-result.js';

export type {
  ByteStream,
  ByteStreamReader,
  EventStreamSource,
  ResponseLike,
} from './core/stream/byte-source.js';

export type * from './core/client/message-stream-store-types.js';
export { createMessageStreamStore } from './core/client/message-stream-store.js';
export type { FoldWorkerLike, PlatformWorker } from './core/client/worker/fold-worker-types.js';
export type * from './core/client/message-stream-options.js';
export type * from './core/protocols/protocol-types.js';
export type {
  MessageStreamConnect,
  MessageStreamInput,
  MessageStreamSource,
} from './core/client/message-stream-source.js';
export { MessageStreamError } from './core/client/message-stream-error.js';
export type { ReconnectOptions } from './core/client/backoff.js';
export type { FrameScheduler } from './core/client/frame-batcher.js';
export type * from './core/client/platform-types.js';

export type { UrlDecision, UrlPolicyOptions, UrlUse } from './core/safety/url-policy.js';
export { checkUrl, isPrivateHost, toDataUrl } from './core/safety/url-policy.js';
export * from './core/safety/media-type.js';
export { hasInvisibleCharacters, revealInvisible } from './core/safety/invisible.js';

export type * from './core/approvals/approval-policy-types.js';
export { createApprovalPolicy } from './core/approvals/approval-policy.js';
export type { ApprovalRule, ApprovalScope } from './core/approvals/approval-rule.js';
export type { ApprovalLogEntry } from './core/approvals/approval-log.js';
export type { ApprovalStorage } from './core/approvals/approval-storage.js';
export { createMemoryApprovalStorage } from './core/approvals/approval-storage.js';
export * from './core/approvals/local-storage-approval-storage.js';
export type {
  ApprovalDiagnostic,
  ApprovalDiagnosticCode,
  ApprovalDiagnosticReporter,
} from './core/approvals/diagnostic.js';
export type { ArgumentsMatcher } from './core/approvals/match-rule.js';
export * from './core/approvals/proposals.js';
export { recordDecision } from './core/approvals/confirm-decision.js';

export * from './core/history/index.js';
