/*
 * The one shape every protocol binding returns (`useAiSdkChat`, `useAgUiAgent`), so a chat is wired
 * the same way whatever the backend: spread `list` into `<MessageList>` and `composer` into
 * `<Composer>`, and nothing else is needed.
 */
import type { Decision } from '../core/fold/confirm-result.js';
import type { Msg, MsgList } from '../core/model/message.js';
import type { RunStatus } from '../core/fold/run-status.js';
import type { ActivityAction } from '../components/provider/activity-types.js';

/** What a binding hands `<MessageList>`: `<MessageList {...chat.list} />` is a working chat. */
export interface AgentChatListProps {
  /** The conversation in the canonical model; untouched messages keep their identity. */
  messages: MsgList;
  /** Answers a tool approval or question in the protocol's own way, and sends it on. */
  onDecision(decision: Decision): Promise<void>;
  /** The last failure (a failed send, a stream or provider error), shown under the list. */
  error: Error | null;
  /** Clears `error`. */
  onDismissError(): void;
  /** Asks the agent again for the reply to the turn `message` belongs to, when the protocol can. */
  onRetry?(message: Msg): void;
  /** Sends a user action on an activity (an A2UI surface's button) back through the protocol. */
  onActivityAction?(action: ActivityAction): void;
}

/** What a binding hands `<Composer>`: `<Composer {...chat.composer} />`. */
export interface AgentChatComposerProps {
  /** Sends the user's text (and files, where the protocol takes them). */
  onSend(text: string, attachments: File[]): Promise<void>;
  /** Stops the reply in progress; the reply is then marked as interrupted. */
  onStop(): void;
  status: RunStatus;
  /**
   * On: what the user submits while a reply streams waits in the Composer's queue and goes when the
   * reply ends; "Send now" stops the reply and sends. With `onSteer`, a queued message can be steered
   * into the running reply instead.
   */
  queue: boolean;
  /** The last reply ended in an error: the Composer's queue pauses. */
  replyFailed: boolean;
  /**
   * Adds a queued message to the running reply (steering); only where the app gave the binding a
   * channel for it (`useAiSdkChat(chat, { steer })`).
   */
  onSteer?(text: string, attachments: File[]): Promise<void>;
}

/** What `useAiSdkChat` and `useAgUiAgent` return. */
export interface AgentChat {
  /** The conversation in the canonical model. */
  messages: MsgList;
  /** `streaming` while a reply arrives, `awaiting-confirmation` while a decision is pending. */
  status: RunStatus;
  /** The last failure, or `null`. */
  error: Error | null;
  /** Answers an approval or question and sends the answer to the agent. */
  onDecision(decision: Decision): Promise<void>;
  /** Sends a user message: text, or a message in the protocol's own shape. */
  send(input: string): Promise<void>;
  /** Stops the reply in progress. */
  stop(): void;
  /**
   * Sends a user action on an activity (an A2UI surface's button) back through the protocol's
   * own channel: AG-UI, the next run's `forwardedProps`; AI SDK, a user message with a
   * `data-activity-action` part. A failure shows as `error`.
   */
  onActivityAction(action: ActivityAction): void;
  /** Props for `<MessageList>`. */
  list: AgentChatListProps;
  /** Props for `<Composer>`. */
  composer: AgentChatComposerProps;
}
