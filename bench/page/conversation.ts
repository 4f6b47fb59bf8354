/*
 * Messages for the benchmark scenes: the streaming reply folded with `appendEvent`, finished
 * history (user and assistant turns with markdown, some code, a tool call), all with fixed ids and
 * times so every run renders the same thing.
 */
import type { AgentEvent, Msg } from '../../src/core.js';
import {
  appendEvent,
  assistantMsg,
  textBlock,
  toolCallBlock,
  toolResultBlock,
  userMsg,
} from '../../src/core.js';
import { chunkText, generateDocument } from './document.js';
import { SCENARIO_DOCUMENTS } from './scenario-documents.js';

const CREATED = '2026-09-01T12:00:00.000000';
const FINISHED = '2026-09-01T12:00:30.000000';

/* -------------------------------------------------------------------------------------------------
 * The streaming reply
 * -----------------------------------------------------------------------------------------------*/

export const STREAM_ID = 'bench-reply';
const BLOCK_ID = 'bench-text';

function event(n: number, fields: Record<string, unknown>): AgentEvent {
  return {
    id: `bench-e${n}`,
    created_at: CREATED,
    metadata: {},
    ...fields,
  } as unknown as AgentEvent;
}

/**
 * The open reply with an empty text block (after REPLY_START and TEXT_BLOCK_START), after
 * `toolCalls` finished tool calls with their results, as an agent's reply after a long run.
 */
export function openReply(toolCalls = 0): Msg {
  const msg = assistantMsg(
    Array.from({ length: toolCalls }, (_, i) => finishedCall(`bench-call-${i}`)).flat(),
    // Still open: a reply given its content is otherwise finished at birth.
    { id: STREAM_ID, name: 'Friday', created_at: CREATED, finished_at: null },
  );
  return appendEvent(
    msg,
    event(0, { type: 'TEXT_BLOCK_START', reply_id: STREAM_ID, block_id: BLOCK_ID }),
  );
}

function finishedCall(id: string) {
  const times = { created_at: CREATED, finished_at: FINISHED };
  return [
    toolCallBlock({
      id,
      name: 'search',
      input: '{"query":"streaming markdown"}',
      state: 'finished',
      ...times,
    }),
    toolResultBlock({ id, name: 'search', output: 'Found 3 pages.', state: 'success', ...times }),
  ];
}

/** One TEXT_BLOCK_DELTA per fragment. */
export function deltaEvents(fragments: readonly string[]): AgentEvent[] {
  return fragments.map((delta, index) =>
    event(index + 1, {
      type: 'TEXT_BLOCK_DELTA',
      reply_id: STREAM_ID,
      block_id: BLOCK_ID,
      delta,
    }),
  );
}

/* -------------------------------------------------------------------------------------------------
 * History
 * -----------------------------------------------------------------------------------------------*/

/** A finished assistant message with `text` as its one text block. */
export function finishedReply(id: string, text: string): Msg {
  return assistantMsg(
    [textBlock(text, { id: `${id}-t`, created_at: CREATED, finished_at: FINISHED })],
    {
      id,
      name: 'Friday',
      created_at: CREATED,
      finished_at: FINISHED,
      finished_reason: 'completed',
      usage: {
        input_tokens: 1200,
        output_tokens: 340,
        cache_input_tokens: 0,
        cache_creation_input_tokens: 0,
      },
    },
  );
}

/**
 * `count` finished messages: user questions and assistant answers cut from other seeds of the
 * benchmark document (500–2,500 characters, so some hold code and lists), every tenth answer
 * with a finished tool call.
 */
export function history(count: number): Msg[] {
  const source = generateDocument(7, 7);
  const messages: Msg[] = [];
  for (let i = 0; i < count; i++) {
    const id = `h${i}`;
    if (i % 2 === 0) {
      messages.push(
        userMsg(`Question ${i}: how does the reply stream fold into messages?`, {
          id,
          name: 'user',
          created_at: CREATED,
        }),
      );
      continue;
    }
    const start = (i * 977) % (source.length - 3000);
    const from = source.lastIndexOf('\n\n', start) + 2;
    const to = source.indexOf('\n\n', from + 500 + ((i * 131) % 2000));
    const text = source.slice(from, to === -1 ? undefined : to);
    const msg = finishedReply(id, closeFences(text));
    if (i % 10 === 1) {
      msg.content.unshift(
        toolCallBlock({
          id: `${id}-call`,
          name: 'search',
          input: '{"query":"streaming markdown"}',
          state: 'finished',
          created_at: CREATED,
          finished_at: FINISHED,
        }),
      );
    }
    messages.push(msg);
  }
  return messages;
}

/** Appends a closing fence when a cut left one open. */
function closeFences(text: string): string {
  const fences = text.split('\n').filter((line) => line.startsWith('```')).length;
  return fences % 2 === 1 ? `${text}\n\`\`\`` : text;
}

/** The text and fragments of the streamed document of scenario `document` (default: mixed). */
export function streamFragments(salt: number, size: number, limit?: number, document = 'mixed') {
  const make = SCENARIO_DOCUMENTS[document];
  if (make === undefined) throw new Error(`unknown scenario document: ${document}`);
  const whole = make(salt);
  const text = limit === undefined ? whole : whole.slice(0, limit);
  return { text, fragments: chunkText(text, size) };
}
