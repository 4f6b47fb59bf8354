import type { ApprovalPolicy } from '../approvals/approval-policy-types.js';
import type { AgentScopeConversation } from '../fold/conversation.js';
import type { Diagnostic } from '../model/diagnostic.js';
import type { AgentEvent, CustomEvent } from '../model/event.js';
import type { Msg } from '../model/message.js';
import type { StreamDiagnosticCode } from '../stream/diagnostic.js';
import type { ReconnectOptions } from './backoff.js';
import type { FrameScheduler } from './frame-batcher.js';
import type { MessageStreamSource } from './message-stream-source.js';
import type {
  MessageStreamAnswer,
  MessageStreamProtocol,
  MessageStreamProtocolName,
} from '../protocols/protocol-types.js';
import type { PlatformFetch, PlatformRequestInit } from './platform-types.js';
import type { PlatformWorker } from './worker/fold-worker-types.js';

/**
 * `onConfirm`: a function of the protocol's answer. A method type, so that a transport written
 * for one protocol (`(event: UserConfirmResultEvent) => …`) fits as it is.
 */
export type ConfirmTransport = {
  bivarianceHack(answer: MessageStreamAnswer): unknown;
}['bivarianceHack'];

/**
 * Options of `createMessageStreamStore` (and, with DOM types, of `useMessageStream`). Read when
 * they are needed: `source` and `sourceKey` at `start()`, the callbacks as events arrive, the
 * initial conversation once, when the store is created.
 */
export interface MessageStreamOptions<S = unknown> {
  /**
   * Where events come from: a URL (fetched, SSE or NDJSON), a `Response`, a `ReadableStream`, an
   * (async) iterable of events, or `(signal, lastEventId) => source`; the latest function opens
   * each connection. `null` or `undefined` keeps the client idle.
   */
  source?: MessageStreamSource | null | undefined;
  /**
   * Reconnects, as a new source with no last event id, when it changes (compared with
   * `Object.is`): the session id, for a function source that opens that session's stream.
   */
  sourceKey?: unknown;
  /**
   * The wire protocol: AgentScope's events, or a driver (`aiSdkProtocol`, `agUiProtocol`,
   * `agentFlowProtocol`, `operatorUseProtocol`), or its name, whose driver is then imported on
   * demand. `'auto'` reads the first frames, loads what they need, and says what it found in the
   * snapshot's `diagnostics` (`protocol-detected`). Read once, when the store is created. Only
   * AgentScope resumes a dropped stream: a run of another protocol is read once, never reopened.
   * A driver types the snapshot's `protocolState` (`S`, its fold state).
   * @default 'auto'
   */
  protocol?: 'auto' | MessageStreamProtocolName | MessageStreamProtocol<S> | undefined;
  /**
   * History in the protocol's own format, converted by its adapter, read once: AI SDK
   * `UIMessage[]`, AG-UI `Message[]` or AgentFlow messages. Read when the protocol is known (set,
   * or detected); canonical ones go in `initialMessages` and are shown after it.
   */
  initialHistory?: readonly unknown[] | undefined;
  /**
   * Messages loaded first (history), read once. Replayed events for them are skipped: every event
   * of a finished reply, and for a reply parked on a confirmation or an external tool, the replay
   * of its run up to that point (its resume and later events apply).
   */
  initialMessages?: readonly Msg[] | undefined;
  /**
   * An AgentScope conversation to start from instead of `initialMessages` (a `foldEvents` result,
   * or an AgentScope store's `protocolState`), resumed after its `lastEventId`; read once.
   */
  initialConversation?: AgentScopeConversation | undefined;
  /**
   * Sends the answer to a tool call to the server; a promise it returns is awaited, and its
   * rejection rejects `confirm()`. The answer is the protocol's: AgentScope's
   * `USER_CONFIRM_RESULT` (`POST /chat/` with it as `input`), the AI SDK's approval response
   * `{ id, approved, reason }` (`addToolApprovalResponse`), or AG-UI's `resume` list for the next
   * run.
   */
  onConfirm?: ConfirmTransport | undefined;
  /**
   * Folds a decision locally at once instead of waiting for the server to publish it back (the
   * server's copy has the same id and is ignored); a failed transport puts the call back.
   * @default false
   */
  optimistic?: boolean | undefined;
  /**
   * Answers the calls the agent asks about that its rules decide, through `onConfirm` as a click
   * would (folded at once, so no prompt shows), and records the user's decisions in it. With a
   * policy, "Always allow" rules are kept by the policy (scope `always`) and not sent to the
   * agent, so that revoking one takes effect. See `createApprovalPolicy`.
   */
  approvalPolicy?: ApprovalPolicy | undefined;
  /**
   * Called for each event the conversation applied, wherever it came from (not for replays or
   * duplicates), in order, when the events of a frame are folded.
   */
  onEvent?: ((event: AgentEvent) => void) | undefined;
  /** Called for each `CUSTOM` event applied (`state_updated`, `team_updated`, …), as `onEvent`. */
  onCustomEvent?: ((event: CustomEvent) => void) | undefined;
  /** Called for every connection failure (also those that will be retried) and failed `confirm`. */
  onError?: ((error: Error) => void) | undefined;
  /** Called for each stream frame that was skipped because it is not a valid event. */
  onDiagnostic?: ((diagnostic: Diagnostic<StreamDiagnosticCode>) => void) | undefined;
  /** Reconnection with exponential back-off; `false` never reconnects. @default true */
  reconnect?: boolean | ReconnectOptions | undefined;
  /**
   * Reconnects when no byte (event or `:` heartbeat) arrives for this long; AgentScope sends a
   * heartbeat every 30 s, so 75000 suits it. Off by default.
   */
  idleTimeoutMs?: number | undefined;
  /** The wire format. @default 'auto' */
  format?: 'auto' | 'sse' | 'ndjson' | undefined;
  /** The `fetch` to open a URL source with. @default globalThis.fetch */
  fetch?: PlatformFetch | undefined;
  /** Request headers for a URL source (`Last-Event-ID` is added on reconnect). */
  headers?: PlatformRequestInit['headers'] | undefined;
  /** The request method for a URL source. @default 'GET' */
  method?: string | undefined;
  /** The request body for a URL source, sent again on every reconnect. */
  body?: PlatformRequestInit['body'] | undefined;
  /** The request credentials mode for a URL source. */
  credentials?: PlatformRequestInit['credentials'] | undefined;
  /**
   * Where frames come from: the events that arrive between two frames are folded in one call and
   * published as one snapshot. A timer stands in when no frame comes for 200 ms (a hidden tab).
   * Read once, when the store is created.
   * @default requestAnimationFrame where there is one, else a 16 ms timer
   */
  frameScheduler?: FrameScheduler | undefined;
  /**
   * Folds in a Web Worker: the connection, the frames' parsing and the protocol's fold run there,
   * and this thread receives only the messages that changed. A function that starts a worker
   * running `react-agent-messages/fold-worker` (see the docs' "Folding in a worker" for each
   * bundler). Takes a URL, `Response` or `ReadableStream` source; a function source, a custom
   * `fetch` or an `approvalPolicy`, or a worker that fails, fold on this thread instead, with the
   * reason sent to `onError`. Read when the store first starts.
   */
  worker?: (() => PlatformWorker) | undefined;
}
