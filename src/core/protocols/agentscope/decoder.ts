import type { Msg } from '../../model/message.js';
import type { CustomEvent, ReplyStartEvent } from '../../model/event.js';
import { blankMsg } from '../../model/factories.js';
import { readAgentEvent } from '../../model/parse/event-reader.js';
import { appendCapped } from '../../fold/capped-log.js';
import type { ConversationState, SeenIds } from '../../fold/conversation-state.js';
import { ConversationState as State, forkSeen } from '../../fold/conversation-state.js';
import type { DiagnosticCode } from '../../fold/diagnostic-code.js';
import { Draft } from '../../fold/draft.js';
import { ConversationWriter } from '../../fold/writer.js';
import { applyEvent } from './append-event.js';
import { CONTENT_EVENTS } from './policy.js';

const MAX_CUSTOM_EVENTS = 1000;

/**
 * AgentScope's decoder: one batch of events, read and written through the conversation writer
 * (wire → writer operations), published once by `finish()`. What the wire alone has (seen event
 * ids, `CUSTOM` events, the last event id) stays beside the writer's state.
 */
export class AgentScopeDecoder {
  private readonly writer: ConversationWriter;
  private readonly seen: SeenIds;
  private eventCount: number;
  private customEvents: readonly CustomEvent[];
  private lastEventId: string | null;
  private current: unknown = null;

  constructor(state: ConversationState) {
    this.eventCount = state.eventCount;
    this.customEvents = state.customEvents;
    this.lastEventId = state.lastEventId;
    this.seen = state.seen.head === state ? state.seen : forkSeen(state);
    // The handlers report through the draft; their reports name the event being applied.
    this.writer = new ConversationWriter(
      state.written,
      (ledger) =>
        new Draft(
          (code, message, where) => this.report(code, message, this.current, where?.detail),
          ledger.blockStore,
        ),
    );
  }

  /** Applies one event; never throws. */
  apply(input: unknown): void {
    this.current = input;
    try {
      this.applyValid(input);
    } catch (error) {
      // A bug of ours must not take the conversation down: keep the event and say why.
      this.report('invalid-input', `could not apply: ${String(error)}`, input, 'invalid-event');
    }
  }

  /** Adds a message, or replaces the one with the same id. */
  upsert(msg: Msg): void {
    this.writer.upsert(msg);
  }

  /** Publishes the batch. */
  finish(): ConversationState {
    const state = new State(
      this.writer.finish(),
      this.seen,
      this.eventCount,
      this.customEvents,
      this.lastEventId,
    );
    this.seen.head = state;
    return state;
  }

  private applyValid(input: unknown): void {
    const event = readAgentEvent(input);
    if (typeof event === 'string') {
      this.report('invalid-input', event, input, 'invalid-event');
      return;
    }
    if (event.id !== '') {
      const bucket = 'reply_id' in event ? event.reply_id : '';
      let seen = this.seen.byReply.get(bucket);
      if (seen === undefined) this.seen.byReply.set(bucket, (seen = new Map()));
      const seenAt = seen.get(event.id);
      if (seenAt !== undefined && seenAt < this.eventCount) return;
      seen.set(event.id, this.eventCount);
    }
    this.eventCount += 1;
    this.lastEventId = event.id === '' ? this.lastEventId : event.id;

    if (event.type === 'CUSTOM') {
      this.customEvents = appendCapped(
        this.writer.draft,
        this.customEvents,
        event,
        MAX_CUSTOM_EVENTS,
      );
      return;
    }
    if (event.type === 'REPLY_START') {
      this.startReply(event);
      return;
    }
    let position = this.writer.position(event.reply_id);
    if (position < 0) {
      // AGENTSCOPE_POLICY.contentBeforeStart
      if (!CONTENT_EVENTS.has(event.type)) {
        const message = `${event.type} for reply "${event.reply_id}" that never started`;
        this.report('not-open', message, input, 'unknown-reply');
        return;
      }
      this.report(
        'implicit-start',
        `${event.type} before REPLY_START of "${event.reply_id}"`,
        input,
        'implicit-reply',
      );
      position = this.writer.push(replyMessage(event.reply_id, '', 'assistant', event.created_at));
    }
    const msg = this.writer.message(position) as Msg;
    const next = applyEvent(msg, event, this.writer.draft);
    if (next !== msg) this.writer.setVersion(position, next);
  }

  /** AGENTSCOPE_POLICY.repeatedReplyStart: a repeated start keeps the message as it is. */
  private startReply(event: ReplyStartEvent): void {
    const position = this.writer.position(event.reply_id);
    if (position < 0) {
      this.writer.push(replyMessage(event.reply_id, event.name, event.role, event.created_at));
      return;
    }
    const msg = this.writer.message(position) as Msg;
    // A message made for content that came before its start learns its sender's name now.
    if (msg.name === '' && event.name !== '')
      this.writer.set(position, { ...msg, name: event.name });
  }

  /** Reports with AgentScope's own reason (`unknown-reply`, `missing-block`, …) as `detail`. */
  private report(code: DiagnosticCode, message: string, event: unknown, detail?: string): void {
    this.writer.report(
      code,
      message,
      detail === undefined ? { raw: event } : { detail, raw: event },
    );
  }
}

function replyMessage(id: string, name: string, role: Msg['role'], createdAt: string): Msg {
  return blankMsg({ id, name, role, created_at: createdAt });
}
