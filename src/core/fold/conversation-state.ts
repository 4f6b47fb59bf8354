import type { ToolCallBlock } from '../model/block.js';
import type { Diagnostic } from '../model/diagnostic.js';
import type { CustomEvent } from '../model/event.js';
import type { Msg } from '../model/message.js';
import type { DiagnosticCode } from './diagnostic-code.js';
import type { WriterState } from './writer-state.js';

/** A tool call waiting for the user's decision, with the reply it belongs to. */
export interface PendingConfirmation {
  replyId: string;
  message: Msg;
  toolCall: ToolCallBlock;
}

/**
 * A folded conversation as every protocol's fold shows it, and as everything that renders one
 * reads it (the stream store's snapshot, `MessageList`, the confirmation prompt). Immutable: every
 * fold returns a new one.
 */
export interface Conversation {
  /** Every message in order: history first, then replies as they start. */
  readonly messages: readonly Msg[];
  /** What could not be used as it stood, each with the input as its `raw`; the latest 500. */
  readonly diagnostics: readonly Diagnostic<DiagnosticCode>[];
  /** Tool calls in state `asking`, in message order. */
  readonly pendingConfirmations: readonly PendingConfirmation[];
  /** How many distinct events (or frames) were applied (replayed duplicates are not counted). */
  readonly eventCount: number;
  /** The message with this id (a reply's id is its `reply_id`). */
  getMessage(id: string): Msg | undefined;
}

/**
 * A conversation folded from AgentScope events (`foldEvents`, `reduceConversation`): with what
 * only AgentScope's events carry. A stream store reading AgentScope has it as `protocolState`.
 */
export interface AgentScopeConversation extends Conversation {
  /** `CUSTOM` events (`state_updated`, `team_updated`, …) in arrival order; the latest 1,000. */
  readonly customEvents: readonly CustomEvent[];
  /** The `id` of the last event applied, or `null`: where a dropped stream resumes. */
  readonly lastEventId: string | null;
}

/*
 * Seen event ids live in a table every later state of one line of history shares, so it is not
 * copied per event; a state only trusts a seen id whose ordinal is below its `eventCount`, and a
 * fork (StrictMode's second call) gets a table of its own. Ids are kept in one small table per
 * reply: a single table of every id ever seen grows to millions of entries, and inserting into it
 * costs several times more than into a table that stays in cache.
 */
export interface SeenIds {
  head: ConversationState | null;
  readonly byReply: Map<string, Map<string, number>>;
}

/** The implementation of `AgentScopeConversation`: the writer's state plus what its fold adds. */
export class ConversationState implements AgentScopeConversation {
  #pending: readonly PendingConfirmation[] | undefined;

  constructor(
    readonly written: WriterState,
    readonly seen: SeenIds,
    readonly eventCount: number,
    readonly customEvents: readonly CustomEvent[],
    readonly lastEventId: string | null,
  ) {}

  get messages(): readonly Msg[] {
    return this.written.messages;
  }

  get diagnostics(): readonly Diagnostic<DiagnosticCode>[] {
    return this.written.diagnostics;
  }

  get pendingConfirmations(): readonly PendingConfirmation[] {
    return (this.#pending ??= findPendingConfirmations(this.messages));
  }

  getMessage(id: string): Msg | undefined {
    return this.written.getMessage(id);
  }
}

/** The seen ids `state` may trust, in a table of its own (for a fork). */
export function forkSeen(state: ConversationState): SeenIds {
  const byReply = new Map<string, Map<string, number>>();
  for (const [bucket, ids] of state.seen.byReply) {
    const kept = new Map<string, number>();
    for (const [id, ordinal] of ids) if (ordinal < state.eventCount) kept.set(id, ordinal);
    byReply.set(bucket, kept);
  }
  return { head: null, byReply };
}

const askingCalls = new WeakMap<Msg, ToolCallBlock[]>();

function findPendingConfirmations(messages: readonly Msg[]): PendingConfirmation[] {
  const pending: PendingConfirmation[] = [];
  for (const message of messages) {
    let calls = askingCalls.get(message);
    if (calls === undefined) {
      calls = message.content.filter(
        (block): block is ToolCallBlock => block.type === 'tool_call' && block.state === 'asking',
      );
      askingCalls.set(message, calls);
    }
    for (const toolCall of calls) pending.push({ replyId: message.id, message, toolCall });
  }
  return pending;
}
