import type { DiagnosticCode } from '../../fold/diagnostic-code.js';
import type { Diagnostic } from '../../model/diagnostic.js';
import { report } from '../common/diagnostic.js';
import type { Msg } from '../../model/message.js';
import {
  isRecord,
  lookup,
  preview,
  readId,
  readObject,
  readString,
  readText,
  valueText,
} from '../common/read.js';
import { applyOne } from './stream.js';
import { foldUnknownPart } from './stream-content.js';
import { flushPendingSources, openMessage } from './stream-message.js';
import { stateWithMessages, Work } from './stream-state.js';
import { AI_SDK_TOOL_STATES } from './wire-types.js';
import type { AiSdkToolState, AiSdkUIMessageLike } from './wire-types.js';
import { readCreatedAt } from './values.js';

/*
 * `UIMessage[]` history into canonical messages. Each part is turned into the chunks that would
 * have streamed it and folded by the stream fold itself, so a message reads the same whether it
 * was streamed or loaded: same blocks, same ids (`<message id>:<part index>`, a tool call's id is
 * its `toolCallId`), same states.
 */

const NOT_JSON = 'tool input is not JSON (a cycle or a BigInt); shown as text';

/** Options of `fromAiSdkMessages`. */
export interface AiSdkMessagesOptions {
  /**
   * The last message is still being streamed (`useChat`'s `status` is `'streaming'`): it stays
   * open. Every other message is finished, unless a tool call in it waits for an approval or for
   * the app's output (such a reply is open and waiting, never "Responding…").
   */
  streaming?: boolean;
}

/** Canonical messages and what had to be repaired or kept aside on the way. */
export interface AiSdkMessagesResult {
  messages: Msg[];
  /** Paths are JSONPath-like: `$[3].parts[1]` is the second part of the fourth message. */
  diagnostics: Diagnostic<DiagnosticCode>[];
}

type Part = Record<string, unknown>;
type Chunk = Record<string, unknown>;

/** Copies the fields of `from` listed in `keys` that are set; a `[key, name]` pair renames one. */
function pick(from: Part, keys: readonly (string | [string, string])[], into: Chunk = {}): Chunk {
  for (const key of keys) {
    const [field, name] = typeof key === 'string' ? [key, key] : key;
    if (from[field] !== undefined) into[name] = from[field];
  }
  return into;
}

const TOOL_FIELDS = ['title', 'providerExecuted', 'toolMetadata'];

// A part's `approval` fields as the `tool-approval-request` chunk names them.
const APPROVAL_REQUEST_FIELDS: (string | [string, string])[] = [
  'isAutomatic',
  'signature',
  'inputSchemaInput',
  ['descriptor', 'approvalDescriptor'],
  ['requestReason', 'reason'],
];

/** The chunks that stream a tool part to its state; `null` when it names no call. */
function toolChunks(
  part: Part,
  name: string,
  dynamic: boolean,
  report: (m: string) => void,
): Chunk[] | null {
  const toolCallId = readId(part['toolCallId']);
  if (toolCallId === null) {
    report('tool part without a toolCallId; kept as an unknown block');
    return null;
  }
  let state = AI_SDK_TOOL_STATES.find((known) => known === part['state']);
  if (state === undefined) {
    report(`unknown tool state ${preview(part['state'])}; read as input-available`);
    state = 'input-available';
  }
  const base = pick(part, TOOL_FIELDS, {
    toolCallId,
    toolName: name,
    ...(dynamic ? { dynamic } : {}),
  });
  if (state === 'input-streaming') {
    const raw = readString(part['rawInput']);
    const input =
      raw ?? (part['input'] === undefined ? '' : valueText(part['input'], () => report(NOT_JSON)));
    return [
      { type: 'tool-input-start', ...base, ...pick(part, ['inputEncoding']) },
      { type: 'tool-input-delta', toolCallId, inputTextDelta: input },
    ];
  }
  const chunks: Chunk[] = [
    { type: 'tool-input-available', ...base, input: part['input'] ?? part['rawInput'] },
  ];
  const approval: Part = readObject(part['approval']) ?? {};
  const approvalId = readId(approval['id']);
  // The states a tool part reaches only through an approval.
  const needsApproval = state.startsWith('approval-') || state === 'output-denied';
  if (approvalId === null && needsApproval)
    report(`"${state}" tool part without approval.id; shown without its approval`);
  else if (approvalId !== null) {
    const request = { type: 'tool-approval-request', toolCallId, approvalId };
    chunks.push(pick(approval, APPROVAL_REQUEST_FIELDS, request));
    const approved = approval['approved'];
    if (typeof approved === 'boolean' || state === 'output-denied') {
      chunks.push({
        type: 'tool-approval-response',
        approvalId,
        approved: state === 'output-denied' ? false : approved,
        ...pick(approval, ['reason']),
      });
    }
  }
  // The output chunk (`tool-<state>`) of each state that has one, without its type and call id.
  const outputs: Partial<Record<AiSdkToolState, Chunk>> = {
    'output-available': { output: part['output'], ...pick(part, ['preliminary']) },
    'output-error': { errorText: readString(part['errorText']) ?? '' },
    'output-denied': {},
  };
  const output = outputs[state];
  if (output !== undefined) chunks.push({ type: `tool-${state}`, toolCallId, ...output });
  return chunks;
}

// AI SDK 4 invocation states as v5 tool states; any other is a complete call.
const LEGACY_STATES: Readonly<Record<string, string>> = {
  'partial-call': 'input-streaming',
  result: 'output-available',
};

/** An AI SDK 4 `tool-invocation` part as the v5 tool part it became. */
function legacyToolPart(part: Part): Part | null {
  const invocation = readObject(part['toolInvocation']);
  if (invocation === null) return null;
  return {
    toolCallId: invocation['toolCallId'],
    input: invocation['args'],
    output: invocation['result'],
    state: lookup(LEGACY_STATES, invocation['state']) ?? 'input-available',
  };
}

/** The chunks that stream one part; `null` when the part is not one this adapter knows. */
function partChunks(part: Part, index: number, report: (m: string) => void): Chunk[] | null {
  const type = readString(part['type']) ?? '';
  const id = `p${index}`;
  switch (type) {
    case 'text':
    case 'reasoning': {
      const text = readString(part['text']) ?? readString(part['reasoning']);
      if (text === null) report(`${type} part without text`);
      const chunks: Chunk[] = [{ type: `${type}-start`, id }];
      if (text) chunks.push({ type: `${type}-delta`, id, delta: text });
      if (part['state'] !== 'streaming')
        chunks.push({ type: `${type}-end`, id, ...pick(part, ['citations']) });
      return chunks;
    }
    case 'source-url':
    case 'source-document':
    case 'reasoning-file':
    case 'custom':
    case 'steering-message':
      return [{ ...part, type }];
    case 'file': {
      const url = readText(part['url']);
      const legacyData = readText(part['data']);
      const mediaType = readText(part['mediaType']) ?? readText(part['mimeType']) ?? '';
      if (url === null && legacyData !== null)
        return [{ type, url: `data:${mediaType};base64,${legacyData}`, mediaType }];
      return [{ type, url, mediaType, ...pick(part, ['filename']) }];
    }
    case 'step-start':
      return [{ type: 'start-step' }];
    case 'source': {
      // AI SDK 4: `{ type: 'source', source: { sourceType: 'url', id, url, title } }`.
      const source = readObject(part['source']) ?? {};
      return [
        { type: 'source-url', sourceId: source['id'], url: source['url'], title: source['title'] },
      ];
    }
    case 'tool-invocation': {
      const legacy = legacyToolPart(part);
      const name = readText(readObject(part['toolInvocation'])?.['toolName']);
      return legacy === null || name === null ? null : toolChunks(legacy, name, false, report);
    }
    case 'dynamic-tool': {
      const name = readText(part['toolName']);
      return name === null ? null : toolChunks(part, name, true, report);
    }
  }
  if (type.startsWith('tool-') && type.length > 5)
    return toolChunks(part, type.slice(5), false, report);
  if (type.startsWith('data-') && type.length > 5) return [{ type, ...pick(part, ['id', 'data']) }];
  return null;
}

const ROLES = new Set(['user', 'assistant', 'system']);

/** One message at `path` (`$[i]` in a list); reports into `diagnostics` with paths under it. */
export function convertMessage(
  value: unknown,
  path: string,
  open: boolean,
  diagnostics: Diagnostic<DiagnosticCode>[],
): Msg | null {
  if (!isRecord(value)) {
    report(diagnostics, 'invalid-input', 'not a UIMessage object; skipped', {
      detail: 'invalid-message',
      path,
      raw: value,
    });
    return null;
  }
  const metadata = value['metadata'];
  const work = new Work(stateWithMessages([]), readCreatedAt(readObject(metadata) ?? {}) ?? '');
  const id = readId(value['id']) ?? `ai-sdk-message-${path}`;
  work.location = `${path}.id`;
  if (readId(value['id']) === null) work.warn('missing-id', `message without an id; "${id}" given`);
  const role = readText(value['role']) ?? 'assistant';
  work.location = `${path}.role`;
  if (!ROLES.has(role)) work.warn('unknown-role', `role "${role}" kept as it is`);
  work.location = path;
  openMessage(work, id);
  applyOne(work, { type: 'start', messageId: id, messageMetadata: metadata });

  let parts = value['parts'];
  if (!Array.isArray(parts)) {
    // AI SDK 4 messages may have only `content`.
    const content = readString(value['content']);
    if (parts !== undefined || content === null)
      work.warn('invalid-message', 'parts is not a list; read as empty');
    parts = content === null ? [] : [{ type: 'text', text: content }];
  }
  (parts as unknown[]).forEach((part, index) => {
    work.location = `${path}.parts[${index}]`;
    const report = (message: string) => work.warn('invalid-part', message);
    const chunks = isRecord(part) ? partChunks(part, index, report) : null;
    if (chunks === null) {
      const type = isRecord(part) ? readString(part['type']) : null;
      work.warn(
        'unknown-part',
        `unknown part type ${JSON.stringify(type)}; kept as an unknown block`,
        part,
      );
      foldUnknownPart(work, type, part);
      return;
    }
    for (const chunk of chunks) applyOne(work, chunk);
  });
  work.location = path;
  flushPendingSources(work);
  if (!open) applyOne(work, { type: 'finish' });
  for (const diagnostic of work.result().diagnostics) diagnostics.push(diagnostic);
  const msg = work.current();
  if (role === 'assistant') return msg;
  // A system prompt is instructions, not conversation: hidden as AG-UI's are (`showHiddenMessages`).
  const kept = role === 'system' ? { ...msg.metadata, hidden: true } : msg.metadata;
  return { ...msg, role, name: role, finished_reason: null, metadata: kept };
}

/** Whether a list entry stays open: with `streaming`, the last message when it is the assistant's. */
export function isStreamingMessage(
  value: unknown,
  isLast: boolean,
  options: AiSdkMessagesOptions,
): boolean {
  return options.streaming === true && isLast && isRecord(value) && value['role'] === 'assistant';
}

/**
 * `UIMessage[]` (what `useChat` holds and apps store, AI SDK 5 to 7; AI SDK 4 parts are read
 * too) into canonical messages. Never throws: a message or part it cannot read is reported in
 * `diagnostics` and kept as an `unknown` block where there is anything to keep. A history
 * message comes out finished; with `streaming`, the last one stays open.
 */
export function fromAiSdkMessages(
  messages: readonly AiSdkUIMessageLike[] | readonly unknown[] | null | undefined,
  options: AiSdkMessagesOptions = {},
): AiSdkMessagesResult {
  const diagnostics: Diagnostic<DiagnosticCode>[] = [];
  const result: Msg[] = [];
  if (!Array.isArray(messages)) {
    if (messages != null)
      report(diagnostics, 'invalid-input', 'not a list of UIMessages', {
        detail: 'invalid-messages',
        path: '$',
        raw: messages,
      });
    return { messages: result, diagnostics };
  }
  const last = messages.length - 1;
  messages.forEach((value: unknown, index) => {
    const open = isStreamingMessage(value, index === last, options);
    const msg = convertMessage(value, `$[${index}]`, open, diagnostics);
    if (msg !== null) result.push(msg);
  });
  return { messages: result, diagnostics };
}

/** `fromAiSdkMessages` for one message; `open` keeps it open (it is still streaming). */
export function fromAiSdkMessage(
  message: AiSdkUIMessageLike | unknown,
  options: { open?: boolean } = {},
): { message: Msg | null; diagnostics: Diagnostic<DiagnosticCode>[] } {
  const diagnostics: Diagnostic<DiagnosticCode>[] = [];
  const msg = convertMessage(message, '$', options.open === true, diagnostics);
  return { message: msg, diagnostics };
}
