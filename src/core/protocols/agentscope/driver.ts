import type { Decision } from '../../fold/confirm-result.js';
import { createConfirmResult } from '../../fold/confirm-result.js';
import type { AgentScopeConversation } from '../../fold/conversation.js';
import {
  appendMessages,
  createConversation,
  foldEvents,
  reduceConversation,
} from '../../fold/conversation.js';
import { createDiagnostic } from '../../model/diagnostic.js';
import type { AgentEvent, UserConfirmResultEvent } from '../../model/event.js';
import type { Msg } from '../../model/message.js';
import { parseAgentEvent } from '../../model/parse/event-reader.js';
import type {
  MessageStreamProtocol,
  MessageStreamProtocolInit,
  MessageStreamProtocolRun,
} from '../protocol-types.js';
import { findReplyOf, reopenConfirmation } from './confirmation.js';
import { ReplayFilter } from './replay-filter.js';

/*
 * AgentScope's events are the canonical model's own, so its fold is the conversation reducer
 * itself: no working copy, no side state (`state()` is the conversation, with the custom events
 * and last event id only AgentScope has). What
 * the driver adds is AgentScope's way with a session: a stream that outlives its requests (it is
 * resumed with `Last-Event-ID`, and reopened after a clean end while a reply is open), replays of
 * the current run to skip for replies that came from history, and answers that can be shown
 * before the server publishes them back (`optimistic`), as events of its own.
 */

/**
 * AgentScope's driver for the stream store: the one a store runs by default, and the one `auto`
 * picks when the first frame is an AgentScope event.
 */
export const agentScopeProtocol: MessageStreamProtocol<AgentScopeConversation> = {
  name: 'agentscope',
  resumable: true,
  reopensWhenEnded: true,
  open: (init) => new AgentScopeRun(init),
};

class AgentScopeRun implements MessageStreamProtocolRun<AgentScopeConversation> {
  /** The newest fold: every later fold starts from it. */
  private current: AgentScopeConversation;
  /** What the view shows: the newest fold that changed something. */
  private shown: AgentScopeConversation;
  /** Events received and not folded yet. */
  private queue: AgentEvent[] = [];
  private replays: ReplayFilter;
  /** The id of the last event read that had one. */
  private eventId: string | null = null;
  /** The answers built here, by tool call id, for `settle` to show or take back. */
  private readonly answers = new Map<string, [UserConfirmResultEvent, Decision]>();

  constructor(private readonly init: MessageStreamProtocolInit) {
    this.current = this.shown =
      init.conversation ?? createConversation({ messages: init.messages });
    this.replays = new ReplayFilter(this.current.messages);
  }

  push(frame: unknown, raw?: unknown): void {
    // What the app made is folded as it is, and is never a replay of history.
    if (raw === undefined) return this.replays.admit(frame as AgentEvent, this.queue);
    const result = parseAgentEvent(frame);
    if (!result.ok) {
      this.init.host?.skipped(createDiagnostic('invalid-event', result.error, { raw }));
      return;
    }
    this.replays.admit(result.value, this.queue);
    this.eventId = result.value.id || this.eventId;
  }

  lastEventId(): string | null {
    return this.eventId;
  }

  conversation(): AgentScopeConversation {
    this.fold();
    return this.shown;
  }

  state(): AgentScopeConversation {
    return this.conversation();
  }

  addMessages(messages: readonly Msg[]): void {
    // Events that came first are folded first.
    this.fold();
    this.replays.addHistory(messages);
    this.current = this.shown = appendMessages(this.current, messages);
  }

  reset(messages: readonly Msg[]): void {
    // Events that came before are folded (and told) before they are thrown away.
    this.fold();
    this.current = this.shown = createConversation({ messages });
    this.replays = new ReplayFilter(messages);
  }

  answer(decision: Decision): UserConfirmResultEvent {
    this.fold();
    const { id } = decision.toolCall;
    const reply = findReplyOf(this.current, id);
    if (!reply) throw new Error(`useMessageStream: no message holds tool call "${id}"`);
    const event = createConfirmResult(reply, [decision]);
    this.answers.set(id, [event, decision]);
    return event;
  }

  settle(toolCallId: string, confirmed: boolean | null): void {
    const answer = this.answers.get(toolCallId);
    if (answer === undefined) return;
    const [event, decision] = answer;
    // Taken back: the call asks again, as the server first did.
    const made = confirmed === null ? reopenConfirmation(event, decision) : event;
    this.init.host?.made(made);
    this.queue.push(made);
  }

  /**
   * Folds the queued events in one call, then tells the host each event the conversation
   * applied: when some were not (replayed duplicates, invalid input), only folding them one at a
   * time tells which, and only an app that listens needs to know.
   */
  private fold(): void {
    const events = this.queue;
    if (events.length === 0) return;
    this.queue = [];
    const before = this.current;
    const { host } = this.init;
    let after = foldEvents(events, before);
    let applied: readonly AgentEvent[] = events;
    if (after.eventCount - before.eventCount !== events.length) {
      applied = [];
      if (host?.listening()) ({ after, applied } = foldOneByOne(before, events));
    }
    // Always keep the newest state: folding into an older one would copy the seen-id ledger.
    this.current = after;
    if (after.eventCount !== before.eventCount || after.diagnostics !== before.diagnostics) {
      this.shown = after;
    }
    if (host?.listening()) for (const event of applied) host.applied(event);
  }
}

/** Folds events one at a time: slower than a batch, but it tells which ones were applied. */
function foldOneByOne(
  state: AgentScopeConversation,
  events: readonly AgentEvent[],
): { after: AgentScopeConversation; applied: AgentEvent[] } {
  const applied: AgentEvent[] = [];
  let after = state;
  for (const event of events) {
    const before = after;
    after = reduceConversation(before, event);
    if (after.eventCount !== before.eventCount) applied.push(event);
  }
  return { after, applied };
}
