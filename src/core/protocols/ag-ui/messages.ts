/*
 * AG-UI `Message`s (a stored thread, `MESSAGES_SNAPSHOT`, `RUN_STARTED.input.messages`) as
 * canonical `Msg`s, one for one, with the same ids:
 *
 * - `user`, `system`, `developer`: text (or parts) as blocks. `system` and `developer` keep their
 *   role and get `metadata.hidden: true`: instructions are not conversation, so a UI hides them by
 *   default and can show them on request.
 * - `assistant`: `content` as one text block (id = message id), then each of `toolCalls` as a
 *   `tool_call` block (id = call id, `input` = the arguments string as written). A call answered
 *   by a `tool` message is `finished`, otherwise `submitted` (its answer is still to come).
 * - `tool`: one `tool_result` block (id = `toolCallId`, name from its call), output the content
 *   (text, or parts with media as `data` blocks); `error` makes the result `error`.
 * - `reasoning`: an assistant message with one `thinking` block; `encryptedValue` rides on the
 *   block as `encrypted_value`.
 * - `activity`: one `unknown` block, `original_type: 'activity:<activityType>'`, `raw` the
 *   content, so the generic view shows it until the app renders its own.
 * Everything AG-UI carries that the model has no field for is kept under `metadata.ag_ui`. A
 * history message is finished: no typing cursor, no "Responding…".
 */
import type { ContentBlock, ToolCallBlock } from '../../model/block.js';
import type { Diagnostic } from '../../model/diagnostic.js';
import { report } from '../common/diagnostic.js';
import { pairResultsAcross, withBlock } from '../common/pair-results.js';
import { unknownBlock } from '../common/unknown-message.js';
import type { JsonObject, JsonValue } from '../../model/json.js';
import type { Msg } from '../../model/message.js';
import { isRecord, preview, readId, readObject, readString, readText } from '../common/read.js';
import {
  convertContent,
  type PartContext,
  reporter,
  structuredValue,
  toOutputBlocks,
} from './content.js';
import { setKey } from './json-patch.js';

import type { AgUiMessagesResult } from './types.js';
import { stringifyDeep } from '../../model/json-walk.js';

/** What converting one message needs to know about the rest of the conversation. */
export interface MessageContext {
  path: string;
  diagnostics: Diagnostic[];
  /** The tool call that spawned a subagent, when known. */
  subagentParent(subagentRunId: string): string | null;
  createdAt: string;
}

/** The prefix of activity blocks' `original_type`. */
export const ACTIVITY_TYPE_PREFIX = 'activity:';

const KNOWN_ROLES = new Set('user assistant system developer tool reasoning activity'.split(' '));

/** The `metadata.ag_ui` object of a message built from AG-UI data. */
export function agUiMetadata(
  role: string,
  fields: {
    name?: string | null;
    subagentRunId?: string | null;
    parentToolCallId?: string | null;
    metadata?: JsonObject | null;
  },
): JsonObject {
  const meta: JsonObject = { role };
  if (fields.name != null) meta['name'] = fields.name;
  if (fields.subagentRunId != null) meta['subagent_run_id'] = fields.subagentRunId;
  if (fields.parentToolCallId != null) meta['parent_tool_call_id'] = fields.parentToolCallId;
  if (fields.metadata != null) meta['metadata'] = fields.metadata;
  return meta;
}

/** A message shell: finished when `finishedAt` is given, open (`null`) otherwise. */
export function shell(
  id: string,
  role: string,
  name: string | null,
  content: ContentBlock[],
  agUi: JsonObject,
  createdAt: string,
  finishedAt: string | null,
): Msg {
  const metadata: JsonObject = { ag_ui: agUi };
  if (role === 'system' || role === 'developer') metadata['hidden'] = true;
  const replying = role === 'assistant' || agUi['role'] === 'reasoning';
  return {
    name: name ?? role,
    content,
    role,
    id,
    metadata,
    created_at: createdAt,
    usage: null,
    finished_at: finishedAt,
    finished_reason: finishedAt !== null && replying ? 'completed' : null,
    structured_output: null,
    error: null,
  };
}

function toolCallBlocks(raw: unknown, context: MessageContext, agUi: JsonObject): ToolCallBlock[] {
  const { createdAt } = context;
  const flag = reporter(context.diagnostics);
  if (raw == null) return [];
  if (!Array.isArray(raw)) {
    flag('invalid-message', 'toolCalls is not a list; ignored', `${context.path}.toolCalls`);
    return [];
  }
  const extras: JsonObject = {};
  const blocks: ToolCallBlock[] = [];
  raw.forEach((call: unknown, index) => {
    const path = `${context.path}.toolCalls[${index}]`;
    const id = isRecord(call) ? readId(call['id']) : null;
    const fn = isRecord(call) ? readObject(call['function']) : null;
    if (id === null || !isRecord(call)) {
      flag('invalid-tool-call', 'tool call without an id; ignored', path, preview(call));
      return;
    }
    const name = readString(fn?.['name']) ?? '';
    if (fn === null || name === '')
      flag('invalid-tool-call', 'tool call without a function name', path);
    const args = fn?.['arguments'];
    const input = typeof args === 'string' ? args : args == null ? '' : (stringifyDeep(args) ?? '');
    blocks.push({
      type: 'tool_call',
      id,
      name,
      input,
      // Finished once a result in its list answers it (`pairList`).
      state: 'submitted',
      suggested_rules: [],
      created_at: createdAt,
      finished_at: createdAt,
    });
    const extra: JsonObject = {};
    const encrypted = readText(call['encryptedValue']);
    const metadata = readObject(call['metadata']);
    if (encrypted !== null) extra['encrypted_value'] = encrypted;
    if (metadata !== null) extra['metadata'] = metadata;
    if (Object.keys(extra).length > 0) setKey(extras, id, extra);
  });
  if (Object.keys(extras).length > 0) agUi['tool_calls'] = extras;
  return blocks;
}

/** One AG-UI message as a finished `Msg`, or `null` (reported) when it has no usable id. */
export function convertAgUiMessage(wire: unknown, context: MessageContext): Msg | null {
  const { path } = context;
  const flag = reporter(context.diagnostics);
  if (!isRecord(wire)) {
    flag('invalid-message', 'message is not an object; skipped', path);
    return null;
  }
  const id = readId(wire['id']);
  if (id === null || id === '') {
    flag('invalid-message', 'message without an id; skipped', path, preview(wire));
    return null;
  }
  let role = readText(wire['role']) ?? '';
  if (!KNOWN_ROLES.has(role)) {
    flag(
      'unknown-role',
      `unknown role ${preview(wire['role'])}; read as assistant`,
      `${path}.role`,
    );
    role = 'assistant';
  }
  const subagentRunId = readText(wire['subagentRunId']);
  const name = readText(wire['name']);
  const agUi = agUiMetadata(role, {
    name,
    subagentRunId,
    parentToolCallId: subagentRunId === null ? null : context.subagentParent(subagentRunId),
    metadata: readObject(wire['metadata']),
  });
  const encrypted = readText(wire['encryptedValue']);
  if (encrypted !== null && role !== 'reasoning') agUi['encrypted_value'] = encrypted;
  const at = context.createdAt;
  const stamp = { id, created_at: at, finished_at: at };
  const contentPath = `${path}.content`;
  // Extras of content parts (any role's, kept even where 1.0 has no parts) go under `parts`.
  const parts: PartContext = {
    idPrefix: id,
    createdAt: at,
    finishedAt: at,
    path: contentPath,
    report: flag,
    extras: {},
  };
  const finish = (blocks: ContentBlock[], msgRole = role): Msg => {
    if (Object.keys(parts.extras).length > 0) agUi['parts'] = parts.extras;
    return shell(id, msgRole, name, blocks, agUi, at, at);
  };

  switch (role) {
    case 'user':
    case 'system':
    case 'developer':
      return finish(convertContent(wire['content'], parts));
    case 'assistant': {
      const blocks: ContentBlock[] = [];
      const text = wire['content'];
      if (typeof text === 'string' && text !== '') {
        blocks.push({ type: 'text', text, ...stamp });
      } else if (Array.isArray(text)) {
        // Not 1.0 (assistant content is a string), but parts are kept rather than dropped.
        blocks.push(...convertContent(text, parts));
      } else if (text != null && typeof text !== 'string') {
        flag('invalid-content', 'assistant content is not a string', contentPath);
      }
      blocks.push(...toolCallBlocks(wire['toolCalls'], context, agUi));
      return finish(blocks);
    }
    case 'tool': {
      const callId = readId(wire['toolCallId']);
      if (callId === null)
        flag('invalid-message', 'tool message without toolCallId', `${path}.toolCallId`);
      const content = wire['content'];
      const error = readString(wire['error']);
      const output =
        typeof content === 'string' ? content : toOutputBlocks(convertContent(content, parts));
      if (error !== null) agUi['error'] = error;
      const result: ContentBlock = {
        type: 'tool_result',
        id: callId ?? id,
        // Named after its call by `pairList`.
        name: '',
        output: error !== null && output.length === 0 ? error : output,
        state: error !== null ? 'error' : 'success',
        metadata: {},
        created_at: at,
        finished_at: at,
      };
      const value = typeof content === 'string' ? structuredValue(content) : undefined;
      if (value !== undefined) result.value = value;
      return finish([result]);
    }
    case 'reasoning': {
      const thinking = readString(wire['content']);
      if (thinking === null && wire['content'] != null)
        flag('invalid-content', 'reasoning content is not a string', contentPath);
      const block: ContentBlock = { type: 'thinking', thinking: thinking ?? '', ...stamp };
      if (encrypted !== null) block['encrypted_value'] = encrypted;
      return finish([block], 'assistant');
    }
    default: {
      const activityType = readString(wire['activityType']) ?? '';
      agUi['activity_type'] = activityType;
      const raw = readObject(wire['content']);
      if (raw === null) flag('invalid-content', 'activity content is not an object', contentPath);
      return finish([activityBlock(id, activityType, raw ?? {}, at)]);
    }
  }
}

/** The block an activity message shows. */
export function activityBlock(
  id: string,
  activityType: string,
  content: JsonValue,
  at: string,
): ContentBlock {
  return unknownBlock(id, content, `${ACTIVITY_TYPE_PREFIX}${activityType}`, at);
}

/**
 * A converter for the messages of one list (a thread, a snapshot, `RunAgentInput.messages`) at
 * `path`; its messages are paired with `pairList` once converted.
 */
export function listConverter(
  path: string,
  context: Omit<MessageContext, 'path'>,
): (wire: unknown, index: number) => Msg | null {
  return (wire, index) => convertAgUiMessage(wire, { ...context, path: `${path}[${index}]` });
}

/**
 * Converted messages paired as `pairResultsAcross` pairs them: results take the name of a call in
 * the list, else `callName`'s (calls shown); answered calls are finished.
 */
export function pairList(
  messages: readonly Msg[],
  callName: (callId: string) => string | null = () => null,
): Msg[] {
  return pairResultsAcross(messages).map((msg) => {
    const block = msg.content[0];
    if (block?.type !== 'tool_result' || block.name !== '') return msg;
    const name = callName(block.id);
    return name ? withBlock(msg, 0, { ...block, name }) : msg;
  });
}

/**
 * A stored AG-UI thread (or `MESSAGES_SNAPSHOT.messages`) as canonical messages, finished and in
 * the same order, with what was repaired or skipped. Never throws.
 */
export function fromAgUiMessages(messages: unknown): AgUiMessagesResult {
  const diagnostics: Diagnostic[] = [];
  if (!Array.isArray(messages)) {
    report(diagnostics, 'invalid-messages', 'not a list of messages', { path: '$' });
    return { messages: [], diagnostics };
  }
  const convert = listConverter('$', {
    diagnostics,
    subagentParent: () => null,
    createdAt: '',
  });
  const out: Msg[] = [];
  messages.forEach((wire: unknown, index) => {
    try {
      const msg = convert(wire, index);
      if (msg !== null) out.push(msg);
    } catch (error) {
      report(diagnostics, 'invalid-message', `unreadable message (${String(error)}); skipped`, {
        path: `$[${index}]`,
      });
    }
  });
  return { messages: pairList(out), diagnostics };
}
