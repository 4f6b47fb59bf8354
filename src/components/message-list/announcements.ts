import type { RunStatus } from '../../core/fold/run-status.js';
import { getReplyStatus } from '../../core/fold/reply-status.js';
import type { ToolResultState } from '../../core/model/block.js';
import type { Msg } from '../../core/model/message.js';
import { revealInvisible } from '../../core/safety/invisible.js';
import type { Labels } from '../labels.js';

/* -------------------------------------------------------------------------------------------------
 * Types
 * -----------------------------------------------------------------------------------------------*/

/** What changed in the conversation that a screen reader user should hear about. */
export type ListAnnouncement =
  | { type: 'text-finished'; message: Msg; text: string }
  | { type: 'reply-ended'; message: Msg; status: EndedStatus }
  | { type: 'tool-ended'; message: Msg; name: string; state: ToolResultState }
  | { type: 'approval-needed'; message: Msg; name: string };

/** The reply statuses of a reply still under way. */
export type OpenReplyStatus = 'streaming' | 'awaiting-confirmation' | 'awaiting-external';

interface MessageSnapshot {
  message: Msg;
  status: RunStatus;
  results: ReadonlyMap<string, ToolResultState>;
  asking: ReadonlySet<string>;
  /** Text blocks whose `finished_at` is set. */
  finishedTexts: ReadonlySet<string>;
}

/**
 * What the announcer has already seen: the last version of each message by id (messages are
 * immutable, so it stands for its own snapshot, taken only when a newer version arrives: a long
 * history costs one map entry per message), and the last message list.
 */
export interface AnnouncerMemory {
  byId: Map<string, Msg>;
  messages: readonly Msg[];
}

/* -------------------------------------------------------------------------------------------------
 * Collecting
 * -----------------------------------------------------------------------------------------------*/

/** Records `messages` without announcing anything: history present at mount stays silent. */
export function rememberMessages(messages: readonly Msg[]): AnnouncerMemory {
  const byId = new Map<string, Msg>();
  for (const message of messages) byId.set(message.id, message);
  return { byId, messages };
}

/**
 * The changes since `memory` (which it updates): text blocks that finished, replies that ended,
 * tool results that settled, calls that started asking. New messages count only when they come
 * after every known one; messages inserted before (older history) and a wholly new conversation
 * are recorded silently, except for the approvals it asks for: those always need the user.
 */
export function collectAnnouncements(
  memory: AnnouncerMemory,
  messages: readonly Msg[],
): ListAnnouncement[] {
  const { byId } = memory;
  const before = memory.messages;
  memory.messages = messages;
  // A streaming frame: the same messages, a few of them new objects.
  if (before.length === messages.length && messages.every((m, i) => m.id === before[i]?.id)) {
    const found: ListAnnouncement[] = [];
    messages.forEach((message, i) => {
      if (message !== before[i]) found.push(...update(byId, message, true));
    });
    return found;
  }
  if (!messages.some((message) => byId.has(message.id))) {
    byId.clear();
    const approvals: ListAnnouncement[] = [];
    for (const message of messages) {
      byId.set(message.id, message);
      for (const change of compare(undefined, snapshotOf(message))) {
        if (change.type === 'approval-needed') approvals.push(change);
      }
    }
    return approvals;
  }
  const found: ListAnnouncement[][] = [];
  let appended = true;
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index] as Msg;
    if (byId.has(message.id)) appended = false;
    found.push(update(byId, message, appended));
  }
  return found.reverse().flat();
}

/** Records `message`; what changed, when it is known or `announceNew`. */
function update(byId: Map<string, Msg>, message: Msg, announceNew: boolean): ListAnnouncement[] {
  const before = byId.get(message.id);
  if (before === message) return [];
  byId.set(message.id, message);
  if (before === undefined && !announceNew) return [];
  return compare(before === undefined ? undefined : snapshotOf(before), snapshotOf(message));
}

// Most messages have no tool blocks: their snapshots share these.
const NO_RESULTS: ReadonlyMap<string, ToolResultState> = new Map();
const NO_IDS: ReadonlySet<string> = new Set();

function snapshotOf(message: Msg): MessageSnapshot {
  let results: Map<string, ToolResultState> | null = null;
  let asking: Set<string> | null = null;
  let finishedTexts: Set<string> | null = null;
  for (const block of message.content) {
    if (block.type === 'tool_result') (results ??= new Map()).set(block.id, block.state);
    else if (block.type === 'tool_call' && block.state === 'asking')
      (asking ??= new Set()).add(block.id);
    else if (block.type === 'text' && block.finished_at != null)
      (finishedTexts ??= new Set()).add(block.id);
  }
  return {
    message,
    status: getReplyStatus(message),
    results: results ?? NO_RESULTS,
    asking: asking ?? NO_IDS,
    finishedTexts: finishedTexts ?? NO_IDS,
  };
}

function compare(before: MessageSnapshot | undefined, after: MessageSnapshot): ListAnnouncement[] {
  const { message } = after;
  const changes: ListAnnouncement[] = [];
  const replies = message.role !== 'user' && message.role !== 'tool' && message.role !== 'system';
  for (const block of message.content) {
    if (block.type === 'text') {
      if (replies && after.finishedTexts.has(block.id) && !before?.finishedTexts.has(block.id)) {
        changes.push({ type: 'text-finished', message, text: block.text });
      }
    } else if (block.type === 'tool_result') {
      const previous = before?.results.get(block.id);
      if (block.state !== 'running' && block.state !== previous) {
        changes.push({ type: 'tool-ended', message, name: block.name, state: block.state });
      }
    } else if (block.type === 'tool_call' && block.state === 'asking') {
      if (!before?.asking.has(block.id)) {
        changes.push({ type: 'approval-needed', message, name: block.name });
      }
    }
  }
  if (replies && !isOpen(after.status) && (before === undefined || isOpen(before.status))) {
    changes.push({ type: 'reply-ended', message, status: after.status as EndedStatus });
  }
  return changes;
}

// What a reply can end as: a message's status is never `idle`, `connecting` or `cancelled`.
type EndedStatus = Exclude<RunStatus, OpenReplyStatus | 'idle' | 'connecting' | 'cancelled'>;

function isOpen(status: RunStatus): status is OpenReplyStatus {
  return (
    status === 'streaming' || status === 'awaiting-confirmation' || status === 'awaiting-external'
  );
}

/* -------------------------------------------------------------------------------------------------
 * Wording
 * -----------------------------------------------------------------------------------------------*/

/** The default sentence for an announcement; names from the model have invisible characters shown. */
export function formatAnnouncement(announcement: ListAnnouncement, labels: Labels): string {
  switch (announcement.type) {
    case 'text-finished': {
      const text = plainExcerpt(announcement.text);
      if (text === '') return '';
      const name = announcement.message.name || labels.roles.assistant;
      return labels.textFinished(revealInvisible(name), revealInvisible(text));
    }
    case 'reply-ended': {
      const name = announcement.message.name || labels.roles.assistant;
      return labels.replyEnded(revealInvisible(name), announcement.status);
    }
    case 'tool-ended':
      return labels.toolEnded(revealInvisible(announcement.name), announcement.state);
    case 'approval-needed':
      return labels.approvalNeeded(revealInvisible(announcement.name));
  }
}

/** Characters of a finished text that are read out: the start of the answer, not all of it. */
const EXCERPT_LENGTH = 300;

/** The start of markdown `text` as a sentence to speak: no markup characters, links as their text. */
export function plainExcerpt(text: string): string {
  // Bounded before any regex runs: the text may be megabytes.
  const plain = text
    .slice(0, EXCERPT_LENGTH * 4)
    .replace(/!?\[([^\]\n]*)\]\([^)\n]*\)/g, '$1')
    .replace(/[`*~]+/g, '')
    .replace(/[#>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > EXCERPT_LENGTH ? `${plain.slice(0, EXCERPT_LENGTH).trimEnd()}…` : plain;
}
