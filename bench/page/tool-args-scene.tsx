/*
 * The tool-argument scene of `npm run bench -- tool-args`: a `write_file` call whose 256 KB
 * `content` streams in fixed-size deltas (TOOL_CALL_DELTA, folded with `appendEvent`) into a
 * `<Message>`, its card open on the arguments as it is while they stream; and, to compare, a
 * text block streaming the same content (TEXT_BLOCK_DELTA). Each update is folded and committed
 * synchronously, then the page's style and layout are forced, as in the markdown scenes.
 */
import * as React from 'react';
import { flushSync } from 'react-dom';
import type { AgentEvent, Msg } from '../../src/core.js';
import { appendEvent, assistantMsg } from '../../src/core.js';
import { Message } from '../../src/index.js';
import { chunkText, generateDocument } from './document.js';
import { freshRoot, settle, yieldTask } from './harness.js';

const CREATED = '2026-09-01T12:00:00.000000';
const REPLY = 'bench-tool-reply';
const CALL = 'bench-write';
const BLOCK = 'bench-text';

/** What the scene streams: `card`, the write_file arguments; `text`, the same content as text. */
export type ToolArgsVariant = 'card' | 'text';

/** Options of {@link toolArgs}. */
export interface ToolArgsOptions {
  variant: ToolArgsVariant;
  /** Characters per delta. */
  updateSize: number;
  /** Characters of the file's content (256 KB in the scene). */
  contentSize: number;
  salt: number;
}

/** A markdown file of `size` characters: the benchmark's answer, repeated with other seeds. */
function fileContent(size: number, salt: number): string {
  let text = '';
  for (let seed = 1; text.length < size; seed++) text += `${generateDocument(seed, salt)}\n\n`;
  return text.slice(0, size);
}

function event(n: number, fields: Record<string, unknown>): AgentEvent {
  return {
    id: `tool-e${n}`,
    created_at: CREATED,
    metadata: {},
    ...fields,
  } as unknown as AgentEvent;
}

/** The events of `variant`: the block's start, then one delta per fragment. */
function streamOf(options: ToolArgsOptions) {
  const content = fileContent(options.contentSize, options.salt);
  if (options.variant === 'card') {
    const input = JSON.stringify({ path: 'docs/streaming-guide.md', content });
    const fragments = chunkText(input, options.updateSize);
    const start = event(0, {
      type: 'TOOL_CALL_START',
      reply_id: REPLY,
      tool_call_id: CALL,
      tool_call_name: 'write_file',
    });
    const deltas = fragments.map((delta, i) =>
      event(i + 1, { type: 'TOOL_CALL_DELTA', reply_id: REPLY, tool_call_id: CALL, delta }),
    );
    return { chars: input.length, start, deltas };
  }
  const fragments = chunkText(content, options.updateSize);
  const start = event(0, { type: 'TEXT_BLOCK_START', reply_id: REPLY, block_id: BLOCK });
  const deltas = fragments.map((delta, i) =>
    event(i + 1, { type: 'TEXT_BLOCK_DELTA', reply_id: REPLY, block_id: BLOCK, delta }),
  );
  return { chars: content.length, start, deltas };
}

/**
 * Streams one variant and returns the fold + commit + layout time of each update, with what the
 * card showed at the end (the summary and the start of the arguments), so a run that showed
 * nothing cannot pass for a fast one.
 */
export async function toolArgs(options: ToolArgsOptions) {
  const { chars, start, deltas } = streamOf(options);
  await settle();
  const { container, root, dispose } = freshRoot();
  let msg: Msg = appendEvent(
    assistantMsg([], { id: REPLY, name: 'Friday', created_at: CREATED, finished_at: null }),
    start,
  );
  const commit = (next: Msg) => flushSync(() => root.render(<Message message={next} />));
  commit(msg);
  await settle(300);
  const commitLayout: number[] = new Array(deltas.length);
  const started = performance.now();
  for (let i = 0; i < deltas.length; i++) {
    const t0 = performance.now();
    msg = appendEvent(msg, deltas[i] as AgentEvent);
    commit(msg);
    void document.body.offsetHeight;
    commitLayout[i] = performance.now() - t0;
    await yieldTask();
  }
  const wall = performance.now() - started;
  const summary = container.querySelector('[data-slot="tool-call-card-summary"]')?.textContent;
  const args = container.querySelector('[data-slot="tool-call-card-args"]')?.textContent ?? '';
  const shown = {
    summary: summary ?? null,
    args: args.slice(0, 120),
    domText: container.textContent?.length ?? 0,
  };
  dispose();
  await settle();
  return { variant: options.variant, chars, updates: deltas.length, commitLayout, wall, shown };
}
