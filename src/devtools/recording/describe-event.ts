import type { MessageStreamProtocolName } from '../../core.js';
import type { EventDescription } from './recording-types.js';

type Fields = Record<string, unknown>;

const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A field as an id: a text, or a number (AgentFlow's int ids). */
function idOf(value: unknown): string | undefined {
  if (typeof value === 'string' && value !== '') return value;
  return typeof value === 'number' ? String(value) : undefined;
}

/** A frame's type field as text; `unknown` when it has none. */
function typeOf(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : 'unknown';
}

/** Drops the fields that are not there (`exactOptionalPropertyTypes`). */
type Ids = { readonly [K in 'messageId' | 'blockId' | 'toolCallId']?: string | undefined };

function described(type: string, ids: Ids): EventDescription {
  const result: { -readonly [K in keyof EventDescription]: EventDescription[K] } = { type };
  if (ids.messageId !== undefined) result.messageId = ids.messageId;
  if (ids.blockId !== undefined) result.blockId = ids.blockId;
  if (ids.toolCallId !== undefined) result.toolCallId = ids.toolCallId;
  return result;
}

function agentScope(event: Fields): EventDescription {
  const toolCallId = idOf(event['tool_call_id']);
  return described(typeOf(event['type']), {
    messageId: idOf(event['reply_id']),
    blockId: idOf(event['block_id']) ?? toolCallId,
    toolCallId,
  });
}

function aiSdk(chunk: Fields): EventDescription {
  const type = typeOf(chunk['type']);
  const toolCallId = idOf(chunk['toolCallId']);
  // `id` names a text or reasoning part; `messageId` the reply (`start`, `message-metadata`).
  return described(type, {
    messageId: idOf(chunk['messageId']),
    blockId: toolCallId ?? idOf(chunk['id']),
    toolCallId,
  });
}

function agUi(event: Fields): EventDescription {
  const toolCallId = idOf(event['toolCallId']);
  return described(typeOf(event['type']), {
    messageId: idOf(event['messageId']) ?? idOf(event['parentMessageId']),
    blockId: toolCallId,
    toolCallId,
  });
}

/** The first tool call id in a message's calls or blocks. */
function firstCallId(message: Fields): string | undefined {
  for (const key of ['tools_calls', 'content', 'contents']) {
    const list = message[key];
    if (!Array.isArray(list)) continue;
    for (const item of list) {
      if (!isFields(item)) continue;
      const id =
        idOf(item['tool_call_id']) ?? (item['type'] === 'tool_call' ? idOf(item['id']) : undefined);
      if (id !== undefined) return id;
    }
  }
  return undefined;
}

function agentFlow(chunk: Fields): EventDescription {
  const message = isFields(chunk['message']) ? chunk['message'] : {};
  const toolCallId = firstCallId(message);
  return described(typeOf(chunk['event'] ?? chunk['type']), {
    messageId: idOf(message['message_id']),
    blockId: toolCallId,
    toolCallId,
  });
}

function operatorUse(event: Fields): EventDescription {
  const message = isFields(event['message']) ? event['message'] : {};
  const call = isFields(event['tool_call']) ? event['tool_call'] : {};
  const result = isFields(event['tool_result']) ? event['tool_result'] : {};
  const toolCallId =
    idOf(event['tool_call_id']) ??
    idOf(call['id']) ??
    idOf(result['tool_call_id']) ??
    firstCallId(message);
  return described(typeOf(event['type']), {
    messageId: idOf(message['id']),
    blockId: toolCallId,
    toolCallId,
  });
}

const READERS: Record<MessageStreamProtocolName, (frame: Fields) => EventDescription> = {
  agentscope: agentScope,
  'ai-sdk': aiSdk,
  'ag-ui': agUi,
  agentflow: agentFlow,
  'operator-use': operatorUse,
};

/**
 * What a raw frame is, in its protocol's terms: its type, and the message, block and tool call
 * it names (for the event list's filters). A text frame is its own type (`[DONE]`); a message
 * list (`useAiSdkChat`'s) is `messages`, naming its last message.
 * @example describeEvent('ag-ui', { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'Hi' })
 */
export function describeEvent(
  protocol: MessageStreamProtocolName,
  frame: unknown,
): EventDescription {
  if (typeof frame === 'string') return { type: frame.length > 40 ? 'text' : frame };
  if (Array.isArray(frame)) {
    const last: unknown = frame[frame.length - 1];
    return described('messages', { messageId: isFields(last) ? idOf(last['id']) : undefined });
  }
  if (!isFields(frame)) return { type: frame === null ? 'null' : typeof frame };
  return READERS[protocol](frame);
}
