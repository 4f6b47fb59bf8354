/*
 * What `useAiSdkChat` reads of `useChat`'s return value, typed structurally so that nothing of
 * `ai` or `@ai-sdk/react` is imported (not even for types): `UseChatHelpers<UIMessage>` from
 * `@ai-sdk/react` 2+ is assignable to it, whatever the app's message type.
 */
import type {
  AiSdkApprovalResponse,
  AiSdkUIMessageLike,
} from '../../core/protocols/ai-sdk/wire-types.js';

/** `useChat`'s `status`: `submitted` (request sent), `streaming`, `ready` or `error`. */
export type AiSdkChatStatus = 'submitted' | 'streaming' | 'ready' | 'error';

/** A file part as `sendMessage` takes it (the AI SDK's `FileUIPart`). */
export interface AiSdkFilePart {
  type: 'file';
  /** The IANA media type, e.g. `image/png`. */
  mediaType: string;
  /** The file's name as the user picked it. */
  filename?: string;
  /** A data URL (or a URL the server can read). */
  url: string;
}

/** A data part the binding sends in a user message (the AI SDK's `DataUIPart`). */
export interface AiSdkOutgoingDataPart {
  /** `data-<name>`: `data-activity-action` for an activity's user action. */
  type: `data-${string}`;
  /** The part's data: for an activity action, `{ activityType, messageId, name, payload }`. */
  data: unknown;
}

/** What `useAiSdkChat` needs of `useChat(...)`'s return value. */
export interface AiSdkChatLike {
  /** The conversation as `UIMessage[]`. */
  readonly messages: readonly AiSdkUIMessageLike[];
  /** Where the request stands. */
  readonly status: AiSdkChatStatus;
  /** The last request's failure. */
  readonly error: Error | undefined;
  /**
   * Sends a user message (text and files, or parts such as a `data-activity-action`); with no
   * argument, sends the approval answers given so far.
   */
  sendMessage(
    message?: { text: string; files?: AiSdkFilePart[] } | { parts: AiSdkOutgoingDataPart[] },
  ): Promise<void>;
  /** Asks again for the reply `messageId` (the last one without it). */
  regenerate(options?: { messageId?: string }): Promise<void>;
  /** Aborts the request in progress. */
  stop(): Promise<void>;
  /** Clears `error` (the status goes back to `ready`). */
  clearError(): void;
  /** Records an approval answer (AI SDK 6+); `useChat` may send it on (`sendAutomaticallyWhen`). */
  addToolApprovalResponse(response: AiSdkApprovalResponse): void | PromiseLike<void>;
}

/** Options of `useAiSdkChat`. */
export interface UseAiSdkChatOptions {
  /**
   * Send the user's approval answers to the server once every approval of the reply is answered,
   * unless `useChat` already did (its `sendAutomaticallyWhen`). `false` leaves sending to the app.
   * @default true
   */
  sendApprovals?: boolean;
  /**
   * Tools the app runs itself (no `execute` on the server; `useChat`'s `onToolCall`, then
   * `addToolOutput`) that also need approval. A `UIMessage` does not say which tools the server
   * can run: an approved call is the server's unless its tool is named here, in which case it
   * reads "Running externally" and the answers wait for its output before they are sent.
   * Client-side tools without approval need nothing here.
   */
  clientTools?: readonly string[];
  /**
   * Adds a user message to the reply that is running (AI SDK 7 steering). `useChat` has no call
   * for it, so the app supplies its own channel: typically a request to its server, which passes
   * it to the `steer()` of the `experimental_createSteering()` it gave `streamText`. With it, the
   * Composer's queued messages offer **Steer** while a reply streams; a rejection puts the message
   * back in the queue, with the failure shown.
   */
  steer?: (message: AiSdkSteeringMessage) => Promise<void>;
  /**
   * Called when the user presses Stop, after `useChat`'s own `stop()`. That one only stops
   * reading; a resumable reply (`useChat({ resume: true })`) runs on on the server, so this is
   * where the app asks its server to abort the run. A rejection shows as `error`.
   */
  stop?: () => void | Promise<void>;
}

/** The message `steer` hands the app: the user's text and files (as `sendMessage` takes them). */
export interface AiSdkSteeringMessage {
  text: string;
  /** The attachments as AI SDK file parts (data URLs); empty when there are none. */
  files: AiSdkFilePart[];
}
