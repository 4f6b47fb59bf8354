import { getReplyStatus } from '../../core/fold/reply-status.js';
import type { Msg } from '../../core/model/message.js';
import type { MessageTurn } from '../message/message-turn.js';
import { messageNotice } from '../message/notice.js';

/** The rows of a list with each row's place in its turn. */
export interface TurnGrouping {
  /** The rows, as given. */
  readonly messages: readonly Msg[];
  /** For each row, its place in a turn of several messages; `undefined` for a row on its own. */
  readonly turns: readonly (MessageTurn | undefined)[];
}

const MIDDLE: MessageTurn = { position: 'middle' };

/** Assistant and tool messages make up a turn; a notice (a summary) stands apart. */
function inTurn(message: Msg): boolean {
  return (
    (message.role === 'assistant' || message.role === 'tool') && messageNotice(message) === null
  );
}

/**
 * Groups consecutive assistant and tool messages into turns, shown as one bubble: AgentFlow and
 * AG-UI send an agent's reply as several messages (a call, its result, the answer). An assistant
 * message with another sender's name starts a turn of its own (agents take turns too). Rows are
 * never moved or dropped: each gets only its place. A row's `MessageTurn` keeps its identity from
 * `previous` while its fields stay the same, so memoised rows skip renders while another streams.
 */
export function arrangeTurns(
  messages: readonly Msg[],
  previous: TurnGrouping | null,
): TurnGrouping {
  const turns = new Array<MessageTurn | undefined>(messages.length).fill(undefined);
  let previousIndex: Map<string, number> | null = null;
  const before = (index: number): MessageTurn | undefined => {
    if (previous === null) return undefined;
    const id = (messages[index] as Msg).id;
    if (previous.messages[index]?.id === id) return previous.turns[index];
    if (previousIndex === null) {
      previousIndex = new Map();
      previous.messages.forEach((message, at) => previousIndex?.set(message.id, at));
    }
    const at = previousIndex.get(id);
    return at === undefined ? undefined : previous.turns[at];
  };

  let start = 0;
  while (start < messages.length) {
    let end = start;
    if (inTurn(messages[start] as Msg)) {
      let speaker = speakerOf(messages[start] as Msg);
      while (end + 1 < messages.length && joins(messages[end + 1] as Msg, speaker)) {
        end++;
        speaker ??= speakerOf(messages[end] as Msg);
      }
    }
    if (end > start) {
      turns[start] = firstOf(messages[end] as Msg, before(start));
      for (let i = start + 1; i < end; i++) turns[i] = MIDDLE;
      turns[end] = lastOf(messages.slice(start, end + 1), before(end));
    }
    start = end + 1;
  }
  if (previous !== null && sameItems(previous.turns, turns)) {
    return { messages, turns: previous.turns };
  }
  return { messages, turns };
}

/** The name an assistant message speaks under; `null` for a tool message, which speaks for none. */
function speakerOf(message: Msg): string | null {
  return message.role === 'assistant' ? String(message.name) : null;
}

function joins(message: Msg, speaker: string | null): boolean {
  if (!inTurn(message)) return false;
  const own = speakerOf(message);
  return own === null || speaker === null || own === speaker;
}

function firstOf(last: Msg, before: MessageTurn | undefined): MessageTurn {
  const status = getReplyStatus(last);
  const finishedAt = typeof last.finished_at === 'string' ? last.finished_at : null;
  if (before?.position === 'first' && before.status === status && before.finishedAt === finishedAt)
    return before;
  return { position: 'first', status, finishedAt };
}

function lastOf(messages: readonly Msg[], before: MessageTurn | undefined): MessageTurn {
  if (before?.position === 'last' && sameItems(before.messages, messages)) return before;
  return { position: 'last', messages };
}

function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
