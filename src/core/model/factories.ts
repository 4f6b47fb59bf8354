import type {
  Base64Source,
  ContentBlock,
  DataBlock,
  DataSource,
  HintBlock,
  TextBlock,
  ThinkingBlock,
  ToolCallBlock,
  ToolResultBlock,
} from './block.js';
import { currentTimestamp, generateId } from './ids.js';
import type { Msg } from './message.js';

/* -------------------------------------------------------------------------------------------------
 * Blocks: AgentScope's defaults (fresh id, created now, unfinished)
 * -----------------------------------------------------------------------------------------------*/

/** What a block constructor takes: the fields it needs, and any other field to override. */
export type BlockInit<B, Required extends keyof B> = Pick<B, Required> &
  Partial<Omit<B, 'type' | Required>>;

function blockDefaults() {
  return { id: generateId(), created_at: currentTimestamp(), finished_at: null };
}

export function textBlock(
  text: string,
  init: Partial<Omit<TextBlock, 'type' | 'text'>> = {},
): TextBlock {
  return { type: 'text', text, ...blockDefaults(), ...init };
}

export function thinkingBlock(
  thinking: string,
  init: Partial<Omit<ThinkingBlock, 'type' | 'thinking'>> = {},
): ThinkingBlock {
  return { type: 'thinking', thinking, ...blockDefaults(), ...init };
}

export function dataBlock(
  source: DataSource,
  init: Partial<Omit<DataBlock, 'type' | 'source'>> = {},
): DataBlock {
  return { type: 'data', source, name: null, ...blockDefaults(), ...init };
}

/** A base64 source; `data` is standard base64 without a `data:` prefix. */
export function base64Source(data: string, mediaType: string): Base64Source {
  return { type: 'base64', data, media_type: mediaType };
}

/** A hint is finished at birth, as in AgentScope. */
export function hintBlock(
  hint: HintBlock['hint'],
  init: Partial<Omit<HintBlock, 'type' | 'hint'>> = {},
): HintBlock {
  const defaults = blockDefaults();
  return {
    type: 'hint',
    hint,
    source: null,
    ...defaults,
    finished_at: defaults.created_at,
    ...init,
  };
}

export function toolCallBlock(init: BlockInit<ToolCallBlock, 'name'>): ToolCallBlock {
  return {
    type: 'tool_call',
    input: '',
    state: 'pending',
    suggested_rules: [],
    ...blockDefaults(),
    ...init,
  };
}

export function toolResultBlock(init: BlockInit<ToolResultBlock, 'id' | 'name'>): ToolResultBlock {
  return {
    type: 'tool_result',
    output: [],
    state: 'running',
    metadata: {},
    ...blockDefaults(),
    ...init,
  };
}

/* -------------------------------------------------------------------------------------------------
 * Messages
 * -----------------------------------------------------------------------------------------------*/

/** Fields to override in a constructed message (`id`, `name`, `finished_at`, `usage`, …). */
export type MsgInit = Partial<Omit<Msg, 'content'>>;

function msg(role: Msg['role'], content: string | ContentBlock[], init: MsgInit): Msg {
  return {
    name: role,
    content: typeof content === 'string' ? [textBlock(content)] : content,
    role,
    id: generateId(),
    metadata: {},
    created_at: currentTimestamp(),
    usage: null,
    finished_at: null,
    finished_reason: null,
    structured_output: null,
    error: null,
    ...init,
  };
}

/** A user turn; finished at birth, as AgentScope's `UserMsg`. A string becomes one text block. */
export function userMsg(content: string | ContentBlock[], init: MsgInit = {}): Msg {
  const created = init.created_at ?? currentTimestamp();
  return msg('user', content, { created_at: created, finished_at: created, ...init });
}

/** An assistant reply, open until `REPLY_END` stamps `finished_at`. */
export function assistantMsg(content: string | ContentBlock[] = [], init: MsgInit = {}): Msg {
  return msg('assistant', content, init);
}

/** A system message; finished at birth. */
export function systemMsg(content: string | ContentBlock[], init: MsgInit = {}): Msg {
  const created = init.created_at ?? currentTimestamp();
  return msg('system', content, { created_at: created, finished_at: created, ...init });
}

/**
 * A message with every field at its empty default and nothing generated: for code that must stay
 * deterministic (folds and adapters), where `assistantMsg` would invent an id and a time.
 */
export function blankMsg(init: Pick<Msg, 'id'> & Partial<Msg>): Msg {
  return {
    name: 'assistant',
    content: [],
    role: 'assistant',
    metadata: {},
    created_at: '',
    usage: null,
    finished_at: null,
    finished_reason: null,
    structured_output: null,
    error: null,
    ...init,
  };
}
