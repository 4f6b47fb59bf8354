import type { ContentBlock, DataBlock, TextBlock } from '../model/block.js';
import type { Msg } from '../model/message.js';

/** One message that matches a search. */
export interface MessageSearchHit {
  /** The message's id: `jumpTo(hit.id)` shows it, loaded or not. */
  readonly id: string;
  /** Its index in the searched messages; `-1` for a hit the app found beyond them. */
  readonly index: number;
  /** How many times the query occurs in its text. */
  readonly count: number;
  /** The text around the first match, on one line. */
  readonly excerpt: string;
}

const texts = new WeakMap<Msg, string>();

function partsText(parts: string | readonly (TextBlock | DataBlock)[]): string {
  if (typeof parts === 'string') return parts;
  return parts.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
}

function blockText(block: ContentBlock): string {
  switch (block.type) {
    case 'text':
      return block.text;
    case 'thinking':
      return block.thinking;
    case 'hint':
      return partsText(block.hint);
    case 'tool_call':
      return block.name;
    case 'tool_result':
      return partsText(block.output);
    case 'error':
      return block.message;
    default:
      return '';
  }
}

/**
 * The text a reader sees of a message, as one string: its text, reasoning, notices, tool names,
 * tool output and errors (no media, no raw data). Computed once per message object.
 */
export function messageText(message: Msg): string {
  let text = texts.get(message);
  if (text !== undefined) return text;
  const content: unknown = message.content;
  text = Array.isArray(content)
    ? (content as ContentBlock[])
        .map((block) => (typeof block === 'object' && block !== null ? blockText(block) : ''))
        .filter((part) => typeof part === 'string' && part !== '')
        .join('\n')
    : '';
  texts.set(message, text);
  return text;
}

function fold(text: string): string {
  return text.normalize('NFKC').toLocaleLowerCase();
}

const EXCERPT_CONTEXT = 40;

/**
 * The messages whose text holds `query` (case-insensitive, Unicode-normalized), oldest first.
 * An empty or blank query finds nothing. `limit` caps the hits (all by default).
 */
export function searchMessages(
  messages: readonly Msg[],
  query: string,
  options: { limit?: number } = {},
): MessageSearchHit[] {
  const needle = fold(query.trim());
  const limit = options.limit ?? Infinity;
  const hits: MessageSearchHit[] = [];
  if (needle === '') return hits;
  for (let index = 0; index < messages.length && hits.length < limit; index++) {
    const message = messages[index] as Msg;
    const text = messageText(message);
    const haystack = fold(text);
    let at = haystack.indexOf(needle);
    if (at < 0) continue;
    const first = at;
    let count = 0;
    while (at >= 0) {
      count++;
      at = haystack.indexOf(needle, at + needle.length);
    }
    // Offsets of the folded text index the original closely enough for a one-line excerpt.
    const from = Math.max(0, first - EXCERPT_CONTEXT);
    const to = Math.min(text.length, first + needle.length + EXCERPT_CONTEXT);
    const excerpt = `${from > 0 ? '…' : ''}${text.slice(from, to).replace(/\s+/g, ' ').trim()}${to < text.length ? '…' : ''}`;
    hits.push({ id: message.id, index, count, excerpt });
  }
  return hits;
}
