import type { ContentBlock } from '../../model/block.js';
import type { Diagnostic } from '../../model/diagnostic.js';
import type { DiagnosticCode } from '../../fold/diagnostic-code.js';
import type { Msg } from '../../model/message.js';
import { jsonEqual } from '../../model/json-walk.js';
import { isRecord } from '../common/read.js';
import type { AiSdkMessagesOptions, AiSdkMessagesResult } from './messages.js';
import { convertMessage, isStreamingMessage } from './messages.js';
import type { AiSdkUIMessageLike } from './wire-types.js';

/*
 * `useChat` gives a new snapshot of the streaming message (every part copied) on each update,
 * and keeps the other messages as they were. Converting the whole list on every token would
 * re-render every message and every block; this converter remembers its last result per message
 * id: an unchanged `UIMessage` object gives the same `Msg`, and in a changed one every block that
 * came out equal keeps its identity, so only the growing block re-renders.
 */

/** Converts `UIMessage[]` like `fromAiSdkMessages`, keeping the identity of what did not change. */
export type AiSdkMessageConverter = (
  messages: readonly AiSdkUIMessageLike[] | readonly unknown[] | null | undefined,
  options?: AiSdkMessagesOptions,
) => AiSdkMessagesResult;

interface Entry {
  source: unknown;
  open: boolean;
  msg: Msg | null;
  diagnostics: Diagnostic<DiagnosticCode>[];
}

/** `next` with every block equal to one of `previous` (same type and id) replaced by that one. */
function reuse(previous: Msg | null, next: Msg | null): Msg | null {
  if (previous === null || next === null || previous.id !== next.id) return next;
  const known = new Map<string, ContentBlock>();
  for (const block of previous.content) known.set(`${block.type}\n${block.id}`, block);
  let same = previous.content.length === next.content.length;
  const content = next.content.map((block, index) => {
    const old = known.get(`${block.type}\n${block.id}`);
    const kept = old !== undefined && jsonEqual(old, block) ? old : block;
    if (kept !== previous.content[index]) same = false;
    return kept;
  });
  // The rest of the message compared without its blocks (compared one by one above).
  if (same && jsonEqual({ ...next, content: [] }, { ...previous, content: [] })) return previous;
  return { ...next, content };
}

/**
 * A memoised `fromAiSdkMessages` for a list that changes a little at a time (`useChat`'s
 * `messages`): keep one per conversation, e.g. in a `useRef` or `useMemo`.
 *
 * @example
 * const convert = React.useMemo(() => createAiSdkMessageConverter(), []);
 * const { messages } = convert(chat.messages, { streaming: chat.status === 'streaming' });
 */
export function createAiSdkMessageConverter(): AiSdkMessageConverter {
  let cache = new Map<string, Entry>();
  return (messages, options = {}) => {
    const next = new Map<string, Entry>();
    const result: AiSdkMessagesResult = { messages: [], diagnostics: [] };
    if (!Array.isArray(messages)) return result;
    const last = messages.length - 1;
    messages.forEach((value: unknown, index) => {
      const open = isStreamingMessage(value, index === last, options);
      const key = isRecord(value) && typeof value['id'] === 'string' ? value['id'] : `#${index}`;
      const cached = cache.get(key);
      let entry: Entry;
      if (cached !== undefined && cached.source === value && cached.open === open) entry = cached;
      else {
        // At its place in the list, as `fromAiSdkMessages` converts it: an id-less message's
        // given id and every diagnostic's path name its index.
        const diagnostics: Diagnostic<DiagnosticCode>[] = [];
        const converted = convertMessage(value, `$[${index}]`, open, diagnostics);
        entry = { source: value, open, msg: reuse(cached?.msg ?? null, converted), diagnostics };
      }
      next.set(key, entry);
      if (entry.msg !== null) result.messages.push(entry.msg);
      result.diagnostics.push(...entry.diagnostics);
    });
    cache = next;
    return result;
  };
}
