import type { JsonObject } from '../../model/json.js';
import type { Msg } from '../../model/message.js';
import { convertFragment, convertMessage } from './messages.js';
import { pairResultsAt } from '../common/pair-results.js';
import { isRecord, readId, readObject, readText } from '../common/read.js';
import type { Work } from './stream-work.js';
import { mergeFragment } from './stream-work.js';

/** The stream's ids for `metadata.agentflow` of a message folded from `chunk`. */
export function streamContext(chunk: Record<string, unknown>, node: string | null): JsonObject {
  const context: JsonObject = {};
  const runId = readText(chunk['run_id']);
  const threadId = readText(chunk['thread_id']);
  if (runId !== null) context['run_id'] = runId;
  if (threadId !== null) context['thread_id'] = threadId;
  if (node !== null) context['node'] = node;
  return context;
}

function chunkNode(
  chunk: Record<string, unknown>,
  message: Record<string, unknown>,
): string | null {
  const chunkMeta = readObject(chunk['metadata']);
  const messageMeta = readObject(message['metadata']);
  return (
    readText(chunkMeta?.['node']) ??
    readText(messageMeta?.['node_name']) ??
    readText(messageMeta?.['node'])
  );
}

function bubbleKey(runId: string | null, node: string | null, role: string): string {
  return JSON.stringify([runId, node, role]);
}

// A final message whose chunk lacks the run or node still finds its bubble, but never one of
// another run or node when both sides name theirs.
function fallbackBubble(work: Work, key: string): string | undefined {
  const wanted = JSON.parse(key) as (string | null)[];
  const candidates = Object.keys(work.streaming).filter((open) =>
    // [run id, node, role]: the role must match, a run or node only when both sides name one.
    (JSON.parse(open) as (string | null)[]).every(
      (part, at) => part === wanted[at] || (at < 2 && (part === null || wanted[at] === null)),
    ),
  );
  return candidates.length === 1 ? candidates[0] : undefined;
}

/**
 * A chunk's message, its bubble's key and the stream's ids for its `metadata.agentflow`: where
 * the message goes and what it carries.
 */
interface Placed {
  chunk: Record<string, unknown>;
  message: Record<string, unknown>;
  key: string;
  context: JsonObject;
}

// A fragment (`delta: true`) grows its bubble, or opens one.
function appendFragment(work: Work, { message, key, context }: Placed): void {
  const path = `${work.path}.message`;
  const index = work.bubble(key);
  const bubble = index === undefined ? undefined : work.message(index);
  if (index === undefined || bubble === undefined) {
    const wireId = readId(message['message_id']);
    const free = wireId !== null && wireId !== '' && wireId !== '0' && work.position(wireId) < 0;
    const id = free ? wireId : `agentflow-stream:${work.chunkIndex}`;
    work.openBubble(
      key,
      work.push(convertMessage(message, path, work.diagnostics, { id, agentflow: context })),
    );
    return;
  }
  // Fragment blocks get ids under the chunk index, which no earlier block of the bubble can hold.
  const fragment = convertFragment(
    message,
    `${bubble.id}:${work.chunkIndex}`,
    path,
    work.diagnostics,
  );
  let next = mergeFragment(bubble, fragment.content);
  if (fragment.usage !== null) next = { ...next, usage: fragment.usage };
  work.set(index, next);
}

/** The id of the `tool` message an `error` chunk about `toolCallId` creates. */
export function errorMessageId(toolCallId: string): string {
  return `agentflow-error:${toolCallId}`;
}

function findSlot(work: Work, msg: Msg): number {
  const same = work.position(msg.id);
  if (same >= 0 || !msg.content.some((block) => block.type === 'error')) return same;
  // The real tool message supersedes the placeholder an `error` chunk made for the same call.
  for (const block of msg.content) {
    if (block.type !== 'tool_result') continue;
    const placeholder = work.position(errorMessageId(block.id));
    if (placeholder >= 0) return placeholder;
  }
  return -1;
}

function nameResults(msg: Msg, data: JsonObject | null): Msg {
  const callId = readId(data?.['tool_call_id']);
  const toolName = readText(data?.['tool_name']);
  if (callId === null || toolName === null) return msg;
  const unnamed = (block: Msg['content'][number]) =>
    block.type === 'tool_result' && block.id === callId && block.name === '';
  if (!msg.content.some(unnamed)) return msg;
  return {
    ...msg,
    content: msg.content.map((block) => (unnamed(block) ? { ...block, name: toolName } : block)),
  };
}

// A final message replaces its bubble, or a message with its id, or is appended.
function placeFinal(work: Work, { chunk, message, key, context }: Placed): void {
  const converted = convertMessage(message, `${work.path}.message`, work.diagnostics, {
    agentflow: context,
  });
  const msg = nameResults(converted, readObject(chunk['data']));
  const bubbleKeyFound = work.bubble(key) === undefined ? fallbackBubble(work, key) : key;
  const bubble = bubbleKeyFound === undefined ? -1 : (work.bubble(bubbleKeyFound) as number);
  if (bubbleKeyFound !== undefined) work.closeBubble(bubbleKeyFound);
  const slot = work.settleAt(msg, bubble, findSlot(work, msg));
  // Another key's bubble at the slot the final took is finished by it too.
  for (const [open, at] of Object.entries(work.streaming)) if (at === slot) work.closeBubble(open);
  for (const [at, paired] of pairResultsAt((at) => work.message(at), slot)) work.set(at, paired);
}

/** Folds a chunk's message: a fragment into its bubble, a final message into its slot. */
export function foldMessage(work: Work, chunk: Record<string, unknown>, message: unknown): void {
  if (!isRecord(message)) {
    work.push(convertMessage(message, `${work.path}.message`, work.diagnostics));
    return;
  }
  const role = readText(message['role']) ?? 'assistant';
  const node = chunkNode(chunk, message);
  const key = bubbleKey(readText(chunk['run_id']), node, role);
  const place = message['delta'] === true ? appendFragment : placeFinal;
  place(work, { chunk, message, key, context: streamContext(chunk, node) });
  if (role === 'user') work.interrupt = null;
  if (role === 'user' || ['idle', 'done', 'cancelled'].includes(work.status))
    work.status = 'streaming';
}
