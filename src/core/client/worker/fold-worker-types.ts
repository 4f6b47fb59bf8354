import type { Decision } from '../../fold/confirm-result.js';
import type { CustomEvent } from '../../model/event.js';
import type { Diagnostic } from '../../model/diagnostic.js';
import type { AgentEvent } from '../../model/event.js';
import type { Msg } from '../../model/message.js';
import type { MessageStreamProtocolName } from '../../protocols/protocol-types.js';
import type { RunStatus } from '../../fold/run-status.js';

/**
 * The part of a `Worker` the stream store uses, without the DOM library: a browser's `Worker`
 * fits it as it is.
 */
export interface FoldWorkerLike {
  /** Sends a message (the store's calls and options), moving what `transfer` lists. */
  postMessage(message: unknown, transfer: never[]): void;
  /** What the worker posts: the changed messages and the rest of the snapshot. */
  addEventListener(type: 'message', listener: (event: { readonly data: unknown }) => void): void;
  /** The worker failed to load or threw: the store folds on this thread from then on. */
  addEventListener(
    type: 'error' | 'messageerror',
    listener: (event: { readonly message?: string; preventDefault(): void }) => void,
  ): void;
  /** Ends the worker: after a failure, or a while after the store closed. */
  terminate(): void;
}

/** The platform's `Worker`, or the part of one the store uses. */
export type PlatformWorker = typeof globalThis extends { Worker: { prototype: infer W } }
  ? W
  : FoldWorkerLike;

/** An error as it crosses the thread boundary: what the app reads of it. */
export interface SentError {
  readonly name: string;
  readonly message: string;
  readonly status?: number | null;
}

/** The store options that can be copied into the worker (everything that is data). */
export interface WorkerInit {
  /** A URL, made absolute against the page (the worker's base is its own script). */
  source: string | null;
  /** Whether the source is the stream sent before (a stream moves once; it is not sent again). */
  keepSource: boolean;
  /** A `ReadableStream` (of a `Response` too) moved into the worker, with its content type. */
  stream?: { body: unknown; type: string | null } | undefined;
  /** Counts the app's `sourceKey` changes (the key itself may not be copyable). */
  sourceKey: number;
  protocol: MessageStreamProtocolName | 'auto' | undefined;
  initialHistory: readonly unknown[] | undefined;
  initialMessages: readonly Msg[] | undefined;
  optimistic: boolean | undefined;
  reconnect: unknown;
  idleTimeoutMs: number | undefined;
  format: 'auto' | 'sse' | 'ndjson' | undefined;
  headers: [string, string][] | undefined;
  method: string | undefined;
  body: unknown;
  credentials: string | undefined;
  /** Whether the app listens to applied events (`onEvent`, `onCustomEvent`) or diagnostics. */
  events: boolean;
  diagnostics: boolean;
}

/** What the page asks of the worker; `seq` numbers the app's own changes. */
export type ToWorker =
  | { t: 'init'; init: WorkerInit }
  | { t: 'options'; init: WorkerInit }
  | { t: 'call'; method: 'start' | 'close' | 'stop' | 'reconnect' }
  | { t: 'append'; seq: number; events: readonly AgentEvent[] }
  | { t: 'add'; seq: number; messages: readonly Msg[] }
  | { t: 'reset'; seq: number; messages: readonly Msg[] }
  | { t: 'confirm'; id: number; decision: Decision }
  | { t: 'answered'; id: number; error: SentError | null };

/** The rest of a snapshot, sent with the last slice of each change. */
export interface SnapshotMeta {
  status: RunStatus;
  /** The connection's failure; `undefined` when it did not change since the last post. */
  error?: SentError | null | undefined;
  protocol: MessageStreamProtocolName | null;
  /** Whether the fold is AgentScope's, whose state is the conversation itself: not copied. */
  agentScope?: boolean | undefined;
  protocolState?: unknown;
  diagnostics?: readonly Diagnostic[] | undefined;
  customEvents?: readonly CustomEvent[] | undefined;
  foldDiagnostics?: readonly Diagnostic[] | undefined;
  lastEventId: string | null;
  eventCount: number;
  /** The last of the app's changes (`seq`) this post reflects. */
  ack: number;
}

/** What the worker tells the page. */
export type FromWorker =
  | {
      t: 'changes';
      /** Whether the slice starts the conversation over (the first post, a reset, a reorder). */
      reset: boolean;
      /** The changed messages, in conversation order: replaced by id, or appended. */
      messages: readonly Msg[];
      /** On the last slice of a change only. */
      meta?: SnapshotMeta | undefined;
      /** Events applied, for `onEvent`/`onCustomEvent` (only when the app listens). */
      events?: readonly AgentEvent[] | undefined;
    }
  | { t: 'answer'; id: number; answer: unknown }
  | { t: 'confirmed'; id: number; error: SentError | null }
  | { t: 'error'; error: SentError }
  | { t: 'diagnostic'; diagnostic: Diagnostic };
