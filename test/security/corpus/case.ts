/*
 * The shape of a hostile case, and builders for the messages that carry the payloads. A case is
 * data: where the content lands, the message that puts it there, and what the user must still
 * see. The harness adds the traps every case shares (no script, no request outside the
 * allow-list, no prototype change, bounded time, no block crash).
 */
import type { ContentBlock, DataSource, Msg } from '../../../src/core.js';
import {
  assistantMsg,
  dataBlock,
  textBlock,
  thinkingBlock,
  toolCallBlock,
  toolResultBlock,
} from '../../../src/core.js';
import type { ToolCallBlock, ToolResultBlock } from '../../../src/core.js';

/** Where attacker-controlled content lands. */
export type Where =
  | 'markdown'
  | 'link'
  | 'image'
  | 'media'
  | 'citation'
  | 'tool-name'
  | 'tool-args'
  | 'tool-output'
  | 'hint'
  | 'hint-source'
  | 'error'
  | 'file-name'
  | 'mime-type'
  | 'unknown'
  | 'thinking'
  | 'unicode'
  | 'size';

export interface Case {
  name: string;
  where: Where;
  /** Built when the case runs: some payloads are megabytes. */
  message(): Msg;
  /** Text the user must still see (the payload shown, a marker, a placeholder naming the host). */
  shows?: (string | RegExp)[];
  /** What text alone cannot say, checked on the rendered message. */
  check?(root: HTMLElement): void;
  /** A known hole in code outside this suite's owner: the case is expected to fail until fixed. */
  hole?: string;
}

/** What every payload tries to do when it runs: the trap reads this flag. */
export const PWN = 'top.__ramPwned=1';
/** An attacker's host: never in the allow-list. */
export const EVIL = 'attacker.test';

const T0 = '2026-09-01T12:00:00.000000';
const T1 = '2026-09-01T12:00:05.000000';
const fin = { created_at: T0, finished_at: T1 };
let counter = 0;
const id = (prefix: string) => `${prefix}${(counter += 1)}`;

/** A finished reply holding `blocks`. */
export function done(...blocks: ContentBlock[]): Msg {
  return assistantMsg(blocks, {
    id: 'm1',
    name: 'Friday',
    created_at: T0,
    finished_at: T1,
    finished_reason: 'completed',
  });
}

/** A reply still streaming (or waiting for approval) holding `blocks`. */
export function live(...blocks: ContentBlock[]): Msg {
  return assistantMsg(blocks, { id: 'm1', name: 'Friday', created_at: T0, finished_at: null });
}

export function text(markdown: string, init: Partial<Parameters<typeof textBlock>[1]> = {}) {
  return textBlock(markdown, { id: id('t'), ...fin, ...init });
}

export function streamingText(markdown: string) {
  return textBlock(markdown, { id: id('t'), created_at: T0, finished_at: null });
}

export function thinking(reasoning: string, streaming = false) {
  return thinkingBlock(reasoning, {
    id: id('k'),
    created_at: T0,
    finished_at: streaming ? null : T1,
  });
}

/** A tool call; `asking` puts it in front of the user in the confirmation prompt. */
export function call(
  name: string,
  input: string,
  state: ToolCallBlock['state'] = 'finished',
  init: Partial<ToolCallBlock> = {},
): ToolCallBlock {
  return toolCallBlock({ id: id('c'), name, input, state, ...fin, ...init });
}

/** An open reply asking the user to approve `calls`. */
export function asking(...calls: ToolCallBlock[]): Msg {
  return live(...calls.map((c) => ({ ...c, state: 'asking' as const })));
}

export function result(
  output: ToolResultBlock['output'],
  init: Partial<ToolResultBlock> = {},
): ToolResultBlock {
  return toolResultBlock({ id: id('c'), name: 'fetch', state: 'success', output, ...fin, ...init });
}

export function media(source: DataSource, init: Parameters<typeof dataBlock>[1] = {}) {
  return dataBlock(source, { id: id('d'), ...fin, ...init });
}

export const url = (href: string, mediaType: string): DataSource => ({
  type: 'url',
  url: href,
  media_type: mediaType,
});

export const base64 = (data: string, mediaType: string): DataSource => ({
  type: 'base64',
  data,
  media_type: mediaType,
});

/** A 1×1 transparent PNG. */
export const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** `{"a":{"a":…1…}}` nested `depth` levels. */
export function nestedJson(depth: number): string {
  return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** Elements under `root` matching `selector`. */
export function all(root: ParentNode, selector: string): Element[] {
  return Array.from(root.querySelectorAll(selector));
}

/** Text of `root` as the user reads it (hidden disclosures included). */
export function textOf(root: Element): string {
  return root.textContent ?? '';
}
