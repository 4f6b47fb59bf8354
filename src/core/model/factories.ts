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

/** A text block with AgentScope's defaults: a fresh id, created now, unfinished. */
export function textBlock(
  text: string,
  init: Partial<Omit<TextBlock, 'type' | 'text'>> = {},
): TextBlock {
  return { type: 'text', text, ...blockDefaults(), ...init };
}

/** A thinking block with AgentScope's defaults: a fresh id, created now, unfinished. */
export function thinkingBlock(
  thinking: string,
  init: Partial<Omit<ThinkingBlock, 'type' | 'thinking'>> = {},
): ThinkingBlock {
  return { type: 'thinking', thinking, ...blockDefaults(), ...init };
}

/** A data block (image, audio, video, document or file) with AgentScope's defaults: a fresh id, created now, unfinished. */
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

/** A tool call with AgentScope's defaults: a fresh id, empty `input` (raw JSON text) unless given, state `pending`. */
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

/** A tool result with AgentScope's defaults; its `id` is the call's id, state `running` unless given. */
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

/** The fields every new message starts with empty, in the order a message lists them. */
function emptyFields(): Omit<Msg, 'name' | 'content' | 'role' | 'id'> {
  return {
    metadata: {},
    created_at: '',
    usage: null,
    finished_at: null,
    finished_reason: null,
    structured_output: null,
    error: null,
  };
}

function msg(role: Msg['role'], content: string | ContentBlock[], init: MsgInit): Msg {
  return {
    name: role,
    content: typeof content === 'string' ? [textBlock(content)] : content,
    role,
    id: generateId(),
    ...emptyFields(),
    created_at: currentTimestamp(),
    ...init,
  };
}

/** A user turn; finished at birth, as AgentScope's `UserMsg`. A string becomes one text block. */
export function userMsg(content: string | ContentBlock[], init: MsgInit = {}): Msg {
  const created = init.created_at ?? currentTimestamp();
  return msg('user', content, { created_at: created, finished_at: created, ...init });
}

/** A tool call that keeps its reply open: waiting for the user's approval, or for the app's output. */
function isWaiting(content: readonly ContentBlock[]): boolean {
  return content.some(
    (block) =>
      block.type === 'tool_call' &&
      (block.state === 'asking' ||
        (block.state === 'submitted' &&
          !content.some(
            (other) =>
              other.type === 'tool_result' && other.id === block.id && other.state !== 'running',
          ))),
  );
}

/**
 * An assistant reply. With content it is **finished** (at its `created_at`, `finished_reason:
 * 'completed'`): a message built for history renders as done, with no "Responding…". It stays
 * open when it has no content yet (the start of a reply that events will fill), when a tool call
 * in it waits for an approval or for the app (`asking`, or `submitted` without a result), or
 * when `init.finished_at` says so: pass `{ finished_at: null }` for a reply still streaming.
 *
 * @example assistantMsg('Done.') // finished
 * @example assistantMsg('Working', { finished_at: null }) // still streaming
 */
export function assistantMsg(content: string | ContentBlock[] = [], init: MsgInit = {}): Msg {
  const empty = typeof content === 'string' ? false : content.length === 0;
  const told = init.finished_at !== undefined;
  if (told || empty || (typeof content !== 'string' && isWaiting(content)))
    return msg('assistant', content, init);
  const { finished_at: _unset, ...rest } = init;
  const created = init.created_at ?? currentTimestamp();
  return msg('assistant', content, {
    finished_reason: 'completed',
    ...rest,
    created_at: created,
    finished_at: created,
  });
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
  return { name: 'assistant', content: [], role: 'assistant', ...emptyFields(), ...init };
}
