import { getReplyStatus } from '../../fold/reply-status.js';
import type { ContentBlockType } from '../../model/block.js';
import type { AgentEvent } from '../../model/event.js';
import type { Msg } from '../../model/message.js';
import { parseAgentEvent } from '../../model/parse/event-reader.js';

/*
 * AgentScope replays the current run's log on every connect (agentscope.md §1.3), and a run can
 * still be in that log after its messages were saved and fetched as history. Those events carry
 * ids the fold never saw, so the fold's de-duplication cannot catch them: folding them again
 * would append every block a second time, re-apply its deltas and count its usage twice.
 *
 * - A finished reply from history gets no further events: all of them are skipped.
 * - A parked reply from history (waiting for a confirmation or an external tool, so with no
 *   `REPLY_END`) is the fold of its run up to the park point, and its run may go on. Its events
 *   are sorted by what they can be (see `classify`): a *replay sign* re-creates or extends
 *   something the history message holds finished, and is skipped, as is what follows it until a
 *   *live sign*: something the replayed run cannot contain (the resume, an interrupt, a block the
 *   message does not hold), which applies, as does what follows it until a replay sign.
 *   `REPLY_START` (a replay, a resume and an interrupt all begin with one) and the events after
 *   it that could be either are held until a sign decides. An event skipped once is skipped
 *   whenever the log is replayed again.
 */

/** What the filter knows of a parked reply from history. */
interface ParkedReply {
  /** `type:id` of every block the history message holds, and whether that block is finished. */
  readonly blocks: ReadonlyMap<string, boolean>;
  /** The calls the history message is parked on, by id: `asking` or `submitted`. */
  readonly parkedCalls: ReadonlyMap<string, 'asking' | 'submitted'>;
  mode: 'pending' | 'replaying' | 'live';
  /** Events waiting for a sign, in arrival order. */
  held: AgentEvent[];
}

/** How an event for a parked reply from history reads (see `classify`). */
type ReplaySign = 'replay' | 'live' | 'start' | 'either';

/**
 * Skips the replayed events of replies that came from history, not as events: every event of a
 * finished one, and the replay of a parked one's run up to its park point (see above).
 */
export class ReplayFilter {
  private readonly settled = new Set<string>();
  private readonly parked = new Map<string, ParkedReply>();
  /** Replies first met as events: a message for them later is not history. */
  private readonly streamed = new Set<string>();
  /** Ids of the events skipped as replays. */
  private readonly skipped = new Set<string>();

  constructor(history: readonly Msg[] = []) {
    this.addHistory(history);
  }

  /** Takes note of messages that came whole (history), unless events already built them. */
  addHistory(messages: readonly Msg[]): void {
    for (const message of messages) {
      if (this.streamed.has(message.id)) continue;
      this.settled.delete(message.id);
      this.parked.delete(message.id);
      if (message.finished_at !== null) this.settled.add(message.id);
      else if (isParked(message)) this.parked.set(message.id, describe(message));
    }
  }

  /**
   * Puts into `out` what to fold for `event`, in order: nothing while it is skipped or held, the
   * event itself, or the events held until now followed by it.
   */
  admit(event: AgentEvent, out: AgentEvent[]): void {
    const replyId = replyIdOf(event);
    if (replyId === null) {
      out.push(event);
      return;
    }
    if (this.settled.has(replyId)) return;
    const reply = this.parked.get(replyId);
    if (reply === undefined) {
      this.streamed.add(replyId);
      out.push(event);
      return;
    }
    if (this.skipped.has(event.id)) return;
    const sign = classify(reply, event);
    if (sign === 'replay') {
      this.skip(reply.held);
      this.skip([event]);
      reply.held = [];
      reply.mode = 'replaying';
    } else if (sign === 'live' || (reply.mode === 'live' && sign === 'either')) {
      for (const held of reply.held) out.push(held);
      out.push(event);
      reply.held = [];
      reply.mode = 'live';
    } else if (sign === 'start' || reply.mode === 'pending') {
      reply.held.push(event);
      reply.mode = 'pending';
    } else {
      this.skip([event]);
    }
  }

  private skip(events: readonly AgentEvent[]): void {
    // An event without an id cannot be recognised when it comes again.
    for (const event of events)
      if (typeof event.id === 'string' && event.id !== '') this.skipped.add(event.id);
  }
}

/* -------------------------------------------------------------------------------------------------
 * Signs
 * -----------------------------------------------------------------------------------------------*/

/**
 * How an event for a parked reply from history reads. The history message is the fold of its
 * run up to the park point: every text, thinking, data and tool-call block in it is finished,
 * and only a result started for an external tool may be open.
 */
function classify(reply: ParkedReply, input: AgentEvent): ReplaySign {
  const parsed = parseAgentEvent(input);
  if (!parsed.ok) return 'either';
  const event = parsed.value;
  if ('block_id' in event || 'tool_call_id' in event) return blockSign(reply, event);
  switch (event.type) {
    case 'REPLY_START':
      return 'start';
    // A parked run has no end, and an interrupt only comes for a parked reply.
    case 'REPLY_END':
    case 'USER_INTERRUPT':
      return 'live';
    // The resume re-publishes the decision for a parked call; one for a call that is no longer
    // parked belongs to an earlier park of the same run.
    case 'USER_CONFIRM_RESULT':
      return event.confirm_results.some(
        (result) => reply.parkedCalls.get(result.tool_call.id) === 'asking',
      )
        ? 'live'
        : 'either';
    case 'EXTERNAL_EXECUTION_RESULT':
      return event.execution_results.some(
        (result) => reply.parkedCalls.get(result.id) === 'submitted',
      )
        ? 'live'
        : 'either';
    // The park point itself: folding it again would ask once more for a call already decided.
    case 'REQUIRE_USER_CONFIRM':
      return parksAgain(reply, event.tool_calls, 'asking');
    case 'REQUIRE_EXTERNAL_EXECUTION':
      return parksAgain(reply, event.tool_calls, 'submitted');
    case 'MODEL_CALL_START':
    case 'MODEL_CALL_END':
    case 'EXCEED_MAX_ITERS':
    case 'CUSTOM':
      return 'either';
    default:
      event satisfies never;
      return 'either';
  }
}

/** An event for one block: its `block_id` or `tool_call_id` names it. */
type BlockEvent = Extract<AgentEvent, { block_id: string } | { tool_call_id: string }>;

/** The type of the block each block event is about, and whether the event starts that block. */
const BLOCK_EVENTS: Record<BlockEvent['type'], readonly [ContentBlockType, boolean]> = {
  TEXT_BLOCK_START: ['text', true],
  TEXT_BLOCK_DELTA: ['text', false],
  TEXT_BLOCK_END: ['text', false],
  THINKING_BLOCK_START: ['thinking', true],
  THINKING_BLOCK_DELTA: ['thinking', false],
  THINKING_BLOCK_END: ['thinking', false],
  DATA_BLOCK_START: ['data', true],
  DATA_BLOCK_DELTA: ['data', false],
  DATA_BLOCK_END: ['data', false],
  HINT_BLOCK: ['hint', true],
  TOOL_CALL_START: ['tool_call', true],
  TOOL_CALL_DELTA: ['tool_call', false],
  TOOL_CALL_END: ['tool_call', false],
  TOOL_RESULT_START: ['tool_result', true],
  // An external tool's output arrives as deltas for its open result, with no new start.
  TOOL_RESULT_TEXT_DELTA: ['tool_result', false],
  TOOL_RESULT_DATA_DELTA: ['tool_result', false],
  TOOL_RESULT_END: ['tool_result', false],
};

/**
 * A block start re-creates a block the message holds (a replay), or makes a new one. Content for
 * a finished block is a replay; for an open or unknown one it is new.
 */
function blockSign(reply: ParkedReply, event: BlockEvent): ReplaySign {
  const [type, starts] = BLOCK_EVENTS[event.type];
  const id = 'block_id' in event ? event.block_id : event.tool_call_id;
  const finished = reply.blocks.get(blockKey(type, id));
  return (starts ? finished !== undefined : finished === true) ? 'replay' : 'live';
}

function parksAgain(
  reply: ParkedReply,
  calls: readonly { id: string }[],
  state: 'asking' | 'submitted',
): ReplaySign {
  return calls.length > 0 && calls.every((call) => reply.parkedCalls.get(call.id) === state)
    ? 'replay'
    : 'either';
}

/* -------------------------------------------------------------------------------------------------
 * Helpers
 * -----------------------------------------------------------------------------------------------*/

function isParked(message: Msg): boolean {
  const status = getReplyStatus(message);
  return status === 'awaiting-confirmation' || status === 'awaiting-external';
}

function describe(message: Msg): ParkedReply {
  const blocks = new Map<string, boolean>();
  const parkedCalls = new Map<string, 'asking' | 'submitted'>();
  for (const block of message.content) {
    blocks.set(blockKey(block.type, block.id), (block.finished_at ?? null) !== null);
    if (block.type === 'tool_call' && (block.state === 'asking' || block.state === 'submitted')) {
      parkedCalls.set(block.id, block.state);
    }
  }
  // A submitted call whose result has settled waits for nothing (as in `getReplyStatus`).
  for (const block of message.content) {
    if (block.type === 'tool_result' && block.state !== 'running') {
      if (parkedCalls.get(block.id) === 'submitted') parkedCalls.delete(block.id);
    }
  }
  return { blocks, parkedCalls, mode: 'pending', held: [] };
}

function blockKey(type: string, id: string): string {
  return `${type}:${id}`;
}

function replyIdOf(event: AgentEvent): string | null {
  if (typeof event !== 'object' || event === null) return null;
  const replyId = (event as { reply_id?: unknown }).reply_id;
  return typeof replyId === 'string' ? replyId : null;
}
