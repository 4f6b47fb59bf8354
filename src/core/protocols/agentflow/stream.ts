import type { ErrorBlock } from '../../model/block.js';
import type { JsonObject } from '../../model/json.js';
import type { Msg } from '../../model/message.js';
import { asJson, isRecord, readId, readObject, readText, stringifyJson } from '../common/read.js';
import { errorMessageId, foldMessage, streamContext } from './stream-messages.js';
import type { AgentFlowInterrupt, AgentFlowStreamState } from './stream-work.js';
import { makeAgentFlowState, Work } from './stream-work.js';
import { emptyWriterState } from '../../fold/writer-state.js';
import { textLines } from '../../stream/text-lines.js';
import { blankMsg } from '../../model/factories.js';

/*
 * How chunks fold (reference: agentflow-and-operator-use.md A.4):
 * - `delta: true` messages are fragments of one bubble per (run_id, node, role); `message_id` is
 *   not trusted across fragments (OpenAI, Google and Responses change it), only used as the
 *   bubble's id when free. The final `delta: false` message replaces its bubble in place, so the
 *   bubble's slot keeps its position; a final whose id is already in the list replaces that one
 *   (AgentFlow's own reducer dedups by `message_id`), which makes replays idempotent.
 * - An `error` chunk becomes an `error` block: about a tool call (`data.tool_call_id`) in a `tool`
 *   message `agentflow-error:<call id>` (which the real tool message, when it also carries an error
 *   block, later replaces); otherwise in the open bubble, or in a new assistant message, and the
 *   run's status becomes `error`.
 * - `updates`: progress is kept; an interrupt payload (or an "interrupted" status/reason) sets
 *   `interrupt`; `graph_invoked`/`completed`/`done` end the run and close open bubbles.
 * - `state` is only read for a static interrupt (`execution_meta.status: interrupted_*`); its
 *   `context` duplicates the messages already folded.
 */

/* -------------------------------------------------------------------------------------------------
 * Errors, updates, state
 * -----------------------------------------------------------------------------------------------*/

function errorBlock(id: string, data: JsonObject): ErrorBlock {
  const text = readText(data['message']) ?? readText(data['error']) ?? readText(data['reason']);
  const nested = data['error'] != null && text === null ? stringifyJson(data['error']) : null;
  const block: ErrorBlock = {
    type: 'error',
    id,
    message: text ?? nested ?? 'AgentFlow reported an error',
    data,
  };
  const code = readText(data['code']) ?? readText(data['status']);
  if (code !== null) block.code = code;
  return block;
}

function syntheticMessage(
  id: string,
  role: string,
  content: Msg['content'],
  context: JsonObject,
): Msg {
  const metadata = { agentflow: { event: 'error', ...context } };
  const finished_reason = role === 'assistant' ? 'error' : null;
  return blankMsg({ name: role, content, role, id, metadata, finished_at: '', finished_reason });
}

function foldError(work: Work, chunk: Record<string, unknown>): void {
  const raw = chunk['data'];
  const data = readObject(raw) ?? {};
  if (raw == null && chunk['message'] == null)
    work.report('repaired', '.data', 'error chunk without data');
  else if (raw != null && !isRecord(raw)) work.report('dropped', '.data', 'not an object; ignored');
  const context = streamContext(chunk, readText(data['node']));
  const toolCallId = readId(data['tool_call_id']);
  if (toolCallId !== null) {
    // A tool failure does not end the run: the graph goes on with the error as the tool's answer.
    const id = errorMessageId(toolCallId);
    const failed = (block: Msg['content'][number]) =>
      block.type === 'tool_result' && block.id === toolCallId && block.state === 'error';
    const answered = (msg: Msg) =>
      msg.content.some((block) => block.type === 'error') && msg.content.some(failed);
    if (work.findIndex(answered) >= 0) {
      work.report('dropped', '', 'tool failure already shown by its tool message; not repeated');
      return;
    }
    const at = work.position(id);
    const existing = work.message(at);
    const block = errorBlock(`${id}:${existing === undefined ? 0 : work.chunkIndex}`, data);
    if (existing === undefined) work.push(syntheticMessage(id, 'tool', [block], context));
    else if (
      !existing.content.some(
        (known) =>
          known.type === 'error' && known.message === block.message && known.code === block.code,
      )
    ) {
      work.set(at, { ...existing, content: [...existing.content, block] });
    }
    return;
  }
  work.status = 'error';
  const open = Object.values(work.streaming);
  const bubbleIndex = open.length > 0 ? Math.max(...open) : -1;
  const bubble = work.message(bubbleIndex);
  if (bubble !== undefined) {
    const block = errorBlock(`${bubble.id}:${work.chunkIndex}`, data);
    work.set(bubbleIndex, {
      ...bubble,
      content: [...bubble.content, block],
      error: { type: 'unknown', message: block.message },
    });
  } else {
    const id = `agentflow-error:${work.runId ?? 'run'}:${work.chunkIndex}`;
    const block = errorBlock(`${id}:0`, data);
    const msg = syntheticMessage(id, 'assistant', [block], context);
    work.push({ ...msg, error: { type: 'unknown', message: block.message } });
  }
  work.closeAllBubbles('error');
}

function readInterrupt(data: JsonObject, runId: string | null): AgentFlowInterrupt {
  const payload = readObject(data['interrupt']) ?? {};
  return {
    id: readId(payload['id']),
    key: readText(payload['key']),
    node: readText(payload['node']) ?? readText(data['node']),
    value: asJson(payload['value']),
    message: readText(payload['message']),
    reason: readText(payload['reason']) ?? readText(data['reason']),
    response_schema: asJson(payload['response_schema']),
    tool_call_id: readId(payload['tool_call_id']),
    run_id: runId,
    data,
  };
}

const END_STATUSES: ReadonlySet<string> = new Set(['graph_invoked', 'completed', 'done']);

function foldUpdates(work: Work, chunk: Record<string, unknown>): void {
  const data = readObject(chunk['data']);
  if (data === null) {
    work.report('dropped', '.data', 'updates chunk without a data object; ignored');
    return;
  }
  work.progress = data;
  const status = readText(data['status']) ?? '';
  const reason = readText(data['reason']) ?? '';
  if (
    isRecord(data['interrupt']) ||
    status.startsWith('interrupted') ||
    /interrupt/i.test(reason)
  ) {
    // A payload-less notice repeats a pause already known (from a `state` chunk) with less detail.
    if (isRecord(data['interrupt']) || work.interrupt === null)
      work.interrupt = readInterrupt(data, readText(chunk['run_id']));
    work.status = 'interrupted';
    work.closeAllBubbles('interrupted');
  } else if (status === 'stopped' || /\bstop/i.test(reason)) {
    work.status = 'cancelled';
    work.closeAllBubbles('interrupted');
  } else if (END_STATUSES.has(status)) {
    if (work.status === 'idle' || work.status === 'streaming') work.status = 'done';
    work.closeAllBubbles('completed');
  } else {
    if (status === 'invoking_graph') work.interrupt = null;
    if (status === 'invoking_graph' || work.status === 'idle' || work.status === 'done')
      work.status = 'streaming';
  }
}

function foldState(work: Work, chunk: Record<string, unknown>): void {
  const state = chunk['state'];
  const meta = isRecord(state) ? readObject(state['execution_meta']) : null;
  if (meta === null) {
    if (state != null) work.report('dropped', '.state', 'no execution_meta object; ignored');
    return;
  }
  if (!(readText(meta['status']) ?? '').startsWith('interrupted')) return;
  work.interrupt = {
    ...readInterrupt({}, readText(chunk['run_id'])),
    node: readText(meta['interrupted_node']),
    value: asJson(meta['interrupt_data']),
    reason: readText(meta['interrupt_reason']),
    data: meta,
  };
  work.status = 'interrupted';
}

/* -------------------------------------------------------------------------------------------------
 * Chunks
 * -----------------------------------------------------------------------------------------------*/

function readChunk(work: Work, chunk: unknown): Record<string, unknown> | null {
  let value = chunk;
  if (typeof chunk === 'string') {
    try {
      value = JSON.parse(chunk);
    } catch {
      work.report('invalid-input', '', 'not JSON; skipped');
      return null;
    }
  }
  if (isRecord(value)) return value;
  work.report('invalid-input', '', 'not a StreamChunk object; skipped');
  return null;
}

function foldChunk(work: Work, chunk: unknown): void {
  const value = readChunk(work, chunk);
  if (value === null) return;
  const runId = readText(value['run_id']);
  const threadId =
    readText(value['thread_id']) ?? readText(readObject(value['metadata'])?.['thread_id']);
  if (runId !== null) work.runId = runId;
  if (threadId !== null) work.threadId = threadId;
  if (runId !== null && (work.interrupt?.run_id ?? runId) !== runId) {
    work.interrupt = null;
    if (work.status === 'interrupted') work.status = 'streaming';
  }
  switch (value['event']) {
    case 'message':
      if (value['message'] != null) foldMessage(work, value, value['message']);
      else if (isRecord(value['data'])) work.progress = value['data'] as JsonObject;
      else work.report('invalid-input', '', 'message chunk with neither message nor data');
      return;
    case 'updates':
      foldUpdates(work, value);
      return;
    case 'state':
      foldState(work, value);
      return;
    case 'error':
      if (value['message'] != null) foldMessage(work, value, value['message']);
      foldError(work, value);
      return;
  }
  if (value['event'] === undefined && 'role' in value && 'content' in value) {
    work.report('converted', '', 'a bare Message, not a StreamChunk; folded as a message');
    foldMessage(work, {}, value);
    return;
  }
  work.report('unknown-event', '.event', 'unknown event; skipped');
  if (value['message'] != null) foldMessage(work, value, value['message']);
}

/* -------------------------------------------------------------------------------------------------
 * Public
 * -----------------------------------------------------------------------------------------------*/

/** An empty fold state for an AgentFlow stream. */
export function createAgentFlowStreamState(): AgentFlowStreamState {
  return makeAgentFlowState(emptyWriterState(), {
    status: 'idle',
    interrupt: null,
    progress: null,
    threadId: null,
    runId: null,
    chunkCount: 0,
    streaming: {},
  });
}

/**
 * Folds one `StreamChunk` (an object, or one NDJSON line) into the state; pure, never throws, and
 * every message the chunk does not touch keeps its identity.
 */
export function reduceAgentFlowChunk(
  state: AgentFlowStreamState,
  chunk: unknown,
): AgentFlowStreamState {
  const work = new Work(state);
  try {
    foldChunk(work, chunk);
    return work.result();
  } catch (error) {
    return skipped(state, `unreadable chunk (${String(error)}); skipped`);
  }
}

/** `state` after one more chunk that only reports `problem`: what the chunk did is undone. */
function skipped(state: AgentFlowStreamState, problem: string): AgentFlowStreamState {
  const failed = new Work(state);
  failed.report('invalid-input', '', problem);
  return failed.result();
}

/** Folds `StreamChunk`s (objects, NDJSON lines, or a whole NDJSON text) into `state`; never throws. */
export function foldAgentFlowStream(
  chunks: Iterable<unknown> | string,
  state: AgentFlowStreamState = createAgentFlowStreamState(),
): AgentFlowStreamState {
  const source = typeof chunks === 'string' ? textLines(chunks).map((line) => line.text) : chunks;
  let next = state;
  try {
    for (const chunk of source) next = reduceAgentFlowChunk(next, chunk);
  } catch (error) {
    next = skipped(next, `the chunk source failed (${String(error)}); folding stopped`);
  }
  return next;
}
