import type {
  AgentScopeConversation,
  Conversation,
  PendingConfirmation,
} from '../../fold/conversation.js';
import { appendMessages, createConversation } from '../../fold/conversation.js';
import type { DiagnosticCode } from '../../fold/diagnostic-code.js';
import type { Diagnostic } from '../../model/diagnostic.js';
import type { CustomEvent } from '../../model/event.js';
import type { Msg } from '../../model/message.js';
import type { MessageStreamSnapshot } from '../message-stream-store-types.js';
import type { SnapshotMeta } from './fold-worker-types.js';

/**
 * The page's copy of the worker's conversation: its messages upserted by id as they change (so
 * unchanged ones keep their identity, and `MessageList` re-renders only the rows that changed),
 * the rest as the worker last reported it. While the worker folds AgentScope it is also that
 * fold's state, with the custom events and last event id the worker's fold reported.
 */
export class MirrorConversation implements AgentScopeConversation {
  constructor(
    private readonly own: Conversation,
    readonly customEvents: readonly CustomEvent[],
    readonly diagnostics: readonly Diagnostic<DiagnosticCode>[],
    readonly lastEventId: string | null,
    readonly eventCount: number,
  ) {}

  get messages(): readonly Msg[] {
    return this.own.messages;
  }

  get pendingConfirmations(): readonly PendingConfirmation[] {
    return this.own.pendingConfirmations;
  }

  getMessage(id: string): Msg | undefined {
    return this.own.getMessage(id);
  }

  /** This conversation with a slice of changed messages applied. */
  apply(reset: boolean, messages: readonly Msg[]): MirrorConversation {
    const own = reset ? createConversation({ messages }) : appendMessages(this.own, messages);
    return new MirrorConversation(
      own,
      this.customEvents,
      this.diagnostics,
      this.lastEventId,
      this.eventCount,
    );
  }

  /** This conversation with the rest of the worker's snapshot. */
  describe(meta: SnapshotMeta): MirrorConversation {
    return new MirrorConversation(
      this.own,
      meta.customEvents ?? this.customEvents,
      (meta.foldDiagnostics as readonly Diagnostic<DiagnosticCode>[] | undefined) ??
        this.diagnostics,
      meta.lastEventId,
      meta.eventCount,
    );
  }
}

/**
 * A mirror of a conversation that is shown already (the first snapshot, before the worker spoke),
 * with AgentScope's state when AgentScope folds it.
 */
export function mirrorOf(
  conversation: Conversation,
  agentScope: AgentScopeConversation | null,
): MirrorConversation {
  return new MirrorConversation(
    conversation,
    agentScope?.customEvents ?? [],
    conversation.diagnostics,
    agentScope?.lastEventId ?? null,
    conversation.eventCount,
  );
}

/**
 * Whether a protocol state shows the same: AgentScope's, the mirror, is new with every post, its
 * custom events are not.
 */
function sameState(next: unknown, previous: unknown): boolean {
  if (next === previous) return true;
  return (
    next instanceof MirrorConversation &&
    previous instanceof MirrorConversation &&
    next.customEvents === previous.customEvents
  );
}

/** Whether a snapshot shows what `previous` showed, so that subscribers need not hear of it. */
export function sameSnapshot(
  next: MessageStreamSnapshot,
  previous: MessageStreamSnapshot,
): boolean {
  return (
    next.conversation.messages === previous.conversation.messages &&
    next.conversation.diagnostics === previous.conversation.diagnostics &&
    next.status === previous.status &&
    next.error === previous.error &&
    sameState(next.protocolState, previous.protocolState) &&
    next.diagnostics === previous.diagnostics
  );
}
