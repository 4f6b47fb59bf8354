import type { ToolCallBlock } from '../model/block.js';
import type { AgentEvent, CustomEvent, ReplyStartEvent } from '../model/event.js';
import type { Msg } from '../model/message.js';
import { blankMsg } from '../model/factories.js';
import { readAgentEvent } from '../model/parse/event-reader.js';
import { applyEvent } from '../protocols/agentscope/append-event.js';
import type { BlockIndex, BlockIndexStore } from './block-index.js';
import { createIdIndexStore } from './block-index.js';
import type { ChunkedList } from './chunked-list.js';
import { emptyList, listGet, listPush, listSet, listToArray } from './chunked-list.js';
import { createDiagnostic, type Diagnostic } from '../model/diagnostic.js';
import type { FoldDiagnosticCode } from './diagnostic.js';
import { Draft } from './draft.js';

/** A tool call waiting for the user's decision, with the reply it belongs to. */
export interface PendingConfirmation {
  replyId: string;
  message: Msg;
  toolCall: ToolCallBlock;
}

/** The folded state of a whole conversation. Immutable: every fold returns a new one. */
export interface Conversation {
  /** Every message in order: history first, then replies as they start. */
  readonly messages: readonly Msg[];
  /** `CUSTOM` events (`state_updated`, `team_updated`, …) in arrival order; the latest 1,000. */
  readonly customEvents: readonly CustomEvent[];
  /** Events that could not be used as they stand, each with the event as its `raw`; the latest 500. */
  readonly diagnostics: readonly Diagnostic<FoldDiagnosticCode>[];
  /** Tool calls in state `asking`, in message order. */
  readonly pendingConfirmations: readonly PendingConfirmation[];
  /** The `id` of the last event applied, or `null`. */
  readonly lastEventId: string | null;
  /** How many distinct events were applied (replayed duplicates are not counted). */
  readonly eventCount: number;
  /** The message with this id (a reply's id is its `reply_id`). */
  getMessage(id: string): Msg | undefined;
}

const MAX_CUSTOM_EVENTS = 1000;
const MAX_DIAGNOSTICS = 500;

/*
 * Seen event ids and the message positions live in a ledger that every later state of one line
 * of history shares, so neither is copied per event. A state only trusts entries older than
 * itself (a seen event's ordinal below its `eventCount`, a position below its length). Folding
 * into a state that already has a successor (a fork, as React's StrictMode does by calling a
 * reducer twice) first gives the fork a ledger of its own.
 *
 * Seen ids are kept in one small table per reply: a single table of every id ever seen grows to
 * millions of entries, and inserting into it costs several times more than into a table that
 * stays in cache.
 */
interface Ledger {
  head: ConversationState | null;
  seen: Map<string, Map<string, number>>;
  positions: Map<string, number>;
  /** Block indexes by message id (see block-index.ts); a fork starts empty and rebuilds lazily. */
  blockIndexes: Map<string, BlockIndex>;
  blockStore: BlockIndexStore;
}

function createLedger(): Ledger {
  const blockIndexes = new Map<string, BlockIndex>();
  return {
    head: null,
    seen: new Map(),
    positions: new Map(),
    blockIndexes,
    blockStore: createIdIndexStore(blockIndexes),
  };
}

class ConversationState implements Conversation {
  #messageArray: readonly Msg[] | undefined;
  #pending: readonly PendingConfirmation[] | undefined;

  constructor(
    readonly list: ChunkedList<Msg>,
    readonly ledger: Ledger,
    readonly eventCount: number,
    readonly customEvents: readonly CustomEvent[],
    readonly diagnostics: readonly Diagnostic<FoldDiagnosticCode>[],
    readonly lastEventId: string | null,
  ) {}

  get messages(): readonly Msg[] {
    return (this.#messageArray ??= listToArray(this.list));
  }

  get pendingConfirmations(): readonly PendingConfirmation[] {
    return (this.#pending ??= findPendingConfirmations(this.messages));
  }

  getMessage(id: string): Msg | undefined {
    const position = positionOf(this.ledger, this.list, id);
    return position < 0 ? undefined : listGet(this.list, position);
  }
}

function positionOf(ledger: Ledger, list: ChunkedList<Msg>, id: string): number {
  const position = ledger.positions.get(id);
  if (position === undefined || position >= list.length) return -1;
  return listGet(list, position)?.id === id ? position : -1;
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

// Events that carry content: one arriving for a reply that never started still shows, in a
// message created for it. Control events for an unknown reply are only recorded.
const CONTENT_EVENTS = new Set<AgentEvent['type']>([
  'TEXT_BLOCK_START',
  'TEXT_BLOCK_DELTA',
  'THINKING_BLOCK_START',
  'THINKING_BLOCK_DELTA',
  'DATA_BLOCK_START',
  'DATA_BLOCK_DELTA',
  'HINT_BLOCK',
  'TOOL_CALL_START',
  'TOOL_CALL_DELTA',
  'TOOL_RESULT_START',
  'TOOL_RESULT_TEXT_DELTA',
  'TOOL_RESULT_DATA_DELTA',
]);

/* -------------------------------------------------------------------------------------------------
 * Folding
 * -----------------------------------------------------------------------------------------------*/

/** One fold scope: a batch of events applied to a private copy, published once at the end. */
class ConversationBuilder {
  private list: ChunkedList<Msg>;
  private readonly ledger: Ledger;
  private eventCount: number;
  private customEvents: CustomEvent[];
  private diagnostics: Diagnostic<FoldDiagnosticCode>[];
  private lastEventId: string | null;
  private current: unknown = null;
  private readonly draft: Draft;

  constructor(state: ConversationState) {
    this.list = state.list;
    this.eventCount = state.eventCount;
    this.customEvents = state.customEvents as CustomEvent[];
    this.diagnostics = state.diagnostics as Diagnostic<FoldDiagnosticCode>[];
    this.lastEventId = state.lastEventId;
    this.ledger = state.ledger.head === state ? state.ledger : forkLedger(state);
    this.draft = new Draft(
      (code, message) => this.report(code, message, this.current),
      this.ledger.blockStore,
    );
  }

  apply(input: unknown): void {
    this.current = input;
    try {
      this.applyValid(input);
    } catch (error) {
      // A bug of ours must not take the conversation down: keep the event and say why.
      this.report('invalid-event', `could not apply: ${String(error)}`, input);
    }
  }

  private applyValid(input: unknown): void {
    const event = readAgentEvent(input);
    if (typeof event === 'string') {
      this.report('invalid-event', event, input);
      return;
    }
    if (event.id !== '') {
      const bucket = 'reply_id' in event ? event.reply_id : '';
      let seen = this.ledger.seen.get(bucket);
      if (seen === undefined) this.ledger.seen.set(bucket, (seen = new Map()));
      const seenAt = seen.get(event.id);
      if (seenAt !== undefined && seenAt < this.eventCount) return;
      seen.set(event.id, this.eventCount);
    }
    this.eventCount += 1;
    this.lastEventId = event.id === '' ? this.lastEventId : event.id;

    if (event.type === 'CUSTOM') {
      this.customEvents = this.appendCapped(this.customEvents, event, MAX_CUSTOM_EVENTS);
      return;
    }
    if (event.type === 'REPLY_START') {
      this.startReply(event);
      return;
    }
    let position = positionOf(this.ledger, this.list, event.reply_id);
    if (position < 0) {
      if (!CONTENT_EVENTS.has(event.type)) {
        this.report(
          'unknown-reply',
          `${event.type} for reply "${event.reply_id}" that never started`,
          input,
        );
        return;
      }
      this.report(
        'implicit-reply',
        `${event.type} before REPLY_START of "${event.reply_id}"`,
        input,
      );
      position = this.push(replyMessage(event.reply_id, '', 'assistant', event.created_at));
    }
    const msg = listGet(this.list, position) as Msg;
    const next = applyEvent(msg, event, this.draft);
    if (next !== msg) this.list = listSet(this.draft, this.list, position, next);
  }

  /** Adds a message, or replaces the one with the same id. */
  upsert(msg: Msg): void {
    // A replaced message may hold other blocks: its index is rebuilt on first use.
    this.ledger.blockIndexes.delete(msg.id);
    const position = positionOf(this.ledger, this.list, msg.id);
    if (position < 0) this.push(msg);
    else this.list = listSet(this.draft, this.list, position, msg);
  }

  finish(): ConversationState {
    const state = new ConversationState(
      this.list,
      this.ledger,
      this.eventCount,
      this.customEvents,
      this.diagnostics,
      this.lastEventId,
    );
    this.ledger.head = state;
    return state;
  }

  /** A repeated `REPLY_START` (the resume after a confirmation) keeps the message as it is. */
  private startReply(event: ReplyStartEvent): void {
    const position = positionOf(this.ledger, this.list, event.reply_id);
    if (position < 0) {
      this.push(replyMessage(event.reply_id, event.name, event.role, event.created_at));
      return;
    }
    const msg = listGet(this.list, position) as Msg;
    // A message made for content that came before its start learns its sender's name now.
    if (msg.name === '' && event.name !== '') {
      this.list = listSet(this.draft, this.list, position, { ...msg, name: event.name });
    }
  }

  private push(msg: Msg): number {
    const position = this.list.length;
    this.list = listPush(this.draft, this.list, msg);
    this.ledger.positions.set(msg.id, position);
    return position;
  }

  private report(code: FoldDiagnosticCode, message: string, event: unknown): void {
    this.diagnostics = this.appendCapped(
      this.diagnostics,
      createDiagnostic(code, message, { raw: event }),
      MAX_DIAGNOSTICS,
    );
  }

  private appendCapped<T extends object>(list: T[], item: T, cap: number): T[] {
    const next = this.draft.edit(list);
    next.push(item);
    if (next.length > cap) next.splice(0, next.length - cap);
    return next;
  }
}

function forkLedger(state: ConversationState): Ledger {
  const { seen, positions } = state.ledger;
  const forked = createLedger();
  for (const [bucket, ids] of seen) {
    const kept = new Map<string, number>();
    for (const [id, ordinal] of ids) if (ordinal < state.eventCount) kept.set(id, ordinal);
    forked.seen.set(bucket, kept);
  }
  for (const [id, position] of positions) {
    if (position < state.list.length && listGet(state.list, position)?.id === id) {
      forked.positions.set(id, position);
    }
  }
  return forked;
}

function replyMessage(id: string, name: string, role: Msg['role'], createdAt: string): Msg {
  return blankMsg({ id, name, role, created_at: createdAt });
}

function asState(conversation: Conversation): ConversationState {
  if (conversation instanceof ConversationState) return conversation;
  // A conversation built elsewhere (or revived from JSON): rebuild it from its messages.
  return createConversation({ messages: conversation.messages }) as ConversationState;
}

/* -------------------------------------------------------------------------------------------------
 * Public API
 * -----------------------------------------------------------------------------------------------*/

/** An empty conversation, or one holding history loaded first. */
export function createConversation(init: { messages?: readonly Msg[] } = {}): Conversation {
  const empty = new ConversationState(emptyList(), createLedger(), 0, [], [], null);
  empty.ledger.head = empty;
  if (!init.messages?.length) return empty;
  const builder = new ConversationBuilder(empty);
  for (const msg of init.messages) builder.upsert(msg);
  return builder.finish();
}

/**
 * Folds one event into the conversation: creates the reply's message on `REPLY_START`, applies
 * everything else to the message of its `reply_id`, ignores an event whose `id` it has already
 * applied, keeps `CUSTOM` events apart and records unusable input in `diagnostics`. Never throws.
 */
export function reduceConversation(state: Conversation, event: AgentEvent): Conversation {
  return foldEvents([event], state);
}

/**
 * Folds many events at once: what a UI does once per frame. The result equals folding them one
 * by one, but each message and block is copied at most once per call.
 */
export function foldEvents(
  events: Iterable<AgentEvent>,
  state: Conversation = createConversation(),
): Conversation {
  const builder = new ConversationBuilder(asState(state));
  for (const event of events) builder.apply(event);
  return builder.finish();
}

/** Adds messages (history, or the user's own turn), replacing any with the same id. */
export function appendMessages(state: Conversation, messages: readonly Msg[]): Conversation {
  const builder = new ConversationBuilder(asState(state));
  for (const msg of messages) builder.upsert(msg);
  return builder.finish();
}
