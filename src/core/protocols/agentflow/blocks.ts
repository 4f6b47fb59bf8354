import type {
  Citation,
  ContentBlock,
  ErrorBlock,
  TextBlock,
  ThinkingBlock,
  UnknownBlock,
} from '../../model/block.js';
import type { JsonObject } from '../../model/json.js';
import { resolveAnnotations } from './annotations.js';
import type { PendingAnnotation } from './annotations.js';
import type { BlockConverter, ContentContext } from './content-context.js';
import { stamp } from '../common/block-context.js';
import { convertMediaBlock, isAgentFlowMediaUrl, isMediaBlockType } from './media.js';
import { report } from '../common/diagnostic.js';
import { unknownBlock } from '../common/unknown-message.js';
import {
  asJson,
  isRecord,
  readId,
  readNumber,
  readString,
  readText,
  setReadFields,
  stringifyJson,
} from '../common/read.js';
import { convertToolCall, convertToolResult } from './tool-blocks.js';

type Converted = ContentBlock | PendingAnnotation;

/** Keeps `raw` whole as an `unknown` block; with a `problem`, reports it at `path` first. */
function keepUnknown(
  raw: unknown,
  id: string,
  ctx: ContentContext,
  path: string,
  problem?: string,
): UnknownBlock {
  if (problem !== undefined)
    report(ctx.diagnostics, 'unknown-block', `${problem}; kept as an unknown block`, { path });
  const type = isRecord(raw) ? readString(raw['type']) : null;
  return unknownBlock(id, raw, type, ctx.created_at, ctx.finished_at);
}

/* -------------------------------------------------------------------------------------------------
 * Citations
 * -----------------------------------------------------------------------------------------------*/

// What a citation takes from an `AnnotationRef` as it is, each kept when it reads as its type.
const CITATION_FIELDS = { title: readText, page: readNumber, index: readNumber };

/** An `AnnotationRef` as a citation, or `null` when it names nothing. */
function readCitation(value: unknown): Citation | null {
  if (!isRecord(value)) return null;
  const citation: Citation = {};
  const url = readText(value['url']);
  const fileId = readId(value['file_id']);
  if (url !== null && isAgentFlowMediaUrl(url) && fileId === null) citation.file_id = url;
  else if (url !== null) citation.url = url;
  if (fileId !== null) citation.file_id = fileId;
  setReadFields(citation, value, CITATION_FIELDS);
  return Object.keys(citation).length > 0 ? citation : null;
}

function readCitations(value: unknown, path: string, ctx: ContentContext): Citation[] {
  if (value == null) return [];
  if (!Array.isArray(value)) {
    report(ctx.diagnostics, 'dropped', 'not a list; dropped', { path });
    return [];
  }
  const citations: Citation[] = [];
  value.forEach((ref, index) => {
    const citation = readCitation(ref);
    if (citation === null)
      report(ctx.diagnostics, 'dropped', 'annotation ref names no source; dropped', {
        path: `${path}[${index}]`,
      });
    else citations.push(citation);
  });
  return citations;
}

/* -------------------------------------------------------------------------------------------------
 * Blocks
 * -----------------------------------------------------------------------------------------------*/

const convertText: BlockConverter<TextBlock> = (raw, id, path, ctx) => {
  let text = readString(raw['text']);
  if (text === null) {
    report(ctx.diagnostics, 'repaired', 'not a string; read as text', { path: `${path}.text` });
    text = raw['text'] == null ? '' : (stringifyJson(raw['text']) ?? '');
  }
  const block: TextBlock = { type: 'text', text, ...stamp(ctx, id) };
  const citations = readCitations(raw['annotations'], `${path}.annotations`, ctx);
  if (citations.length > 0) block.citations = citations;
  return block;
};

// AgentFlow's documented variants of a block's text field: the fields that may hold it instead,
// what the text is (for the report) and the report when none holds it.
const DOCUMENTED_VARIANTS = {
  summary: {
    variants: ['thinking', 'text'],
    what: 'reasoning',
    missing: 'missing; read as empty reasoning',
  },
  message: { variants: ['error', 'text'], what: 'error text', missing: 'missing' },
} as const;

/**
 * A string field, else the first of its documented variants that holds a string (reported as
 * converted), else `''` (reported as repaired).
 */
function readDocumentedVariant(
  raw: Record<string, unknown>,
  path: string,
  ctx: ContentContext,
  field: keyof typeof DOCUMENTED_VARIANTS,
): string {
  const { variants, what, missing } = DOCUMENTED_VARIANTS[field];
  const value = readString(raw[field]);
  if (value !== null) return value;
  const variant = variants.find((name) => readString(raw[name]) !== null);
  if (variant === undefined) {
    report(ctx.diagnostics, 'repaired', missing, { path: `${path}.${field}` });
    return '';
  }
  const note = `documented variant: ${what} in "${variant}" read as ${field}`;
  report(ctx.diagnostics, 'converted', note, { path });
  return raw[variant] as string;
}

const convertReasoning: BlockConverter<ThinkingBlock> = (raw, id, path, ctx) => {
  const thinking = readDocumentedVariant(raw, path, ctx, 'summary');
  const block: ThinkingBlock = { type: 'thinking', thinking, ...stamp(ctx, id) };
  const details = raw['details'];
  if (Array.isArray(details)) {
    const strings = details.filter((detail): detail is string => typeof detail === 'string');
    if (strings.length !== details.length)
      report(ctx.diagnostics, 'dropped', 'entries that are not strings were dropped', {
        path: `${path}.details`,
      });
    if (strings.length > 0) block.details = strings;
  } else if (details != null) {
    report(ctx.diagnostics, 'dropped', 'not a list; dropped', { path: `${path}.details` });
  }
  const signature = readText(raw['signature']);
  if (signature !== null) block.signature = signature;
  return block;
};

const convertError: BlockConverter<ErrorBlock> = (raw, id, path, ctx) => {
  const message = readDocumentedVariant(raw, path, ctx, 'message');
  const block: ErrorBlock = { type: 'error', message, ...stamp(ctx, id) };
  const code = readId(raw['code']);
  if (code !== null) block.code = code;
  const toolCallId = readId(raw['tool_call_id']);
  const data = raw['data'];
  if (toolCallId !== null && (data == null || isRecord(data)))
    block.data = { ...(data as JsonObject | null), tool_call_id: toolCallId };
  else if (data != null) block.data = asJson(data);
  return block;
};

const readAnnotation: BlockConverter<PendingAnnotation> = (raw, id, path, ctx) => {
  let refs = readCitations(raw['refs'], `${path}.refs`, ctx);
  if (raw['refs'] == null && raw['annotation'] != null) {
    report(ctx.diagnostics, 'converted', 'documented variant: annotation read as refs', { path });
    refs = readCitations([raw['annotation']], `${path}.annotation`, ctx);
  }
  return { type: 'pending-annotation', id, path, raw, refs, spans: raw['spans'] };
};

// The converter of each block type that is not media (a Map: `constructor` finds nothing).
const CONVERTERS = new Map<unknown, BlockConverter<Converted>>([
  ['text', convertText],
  ['reasoning', convertReasoning],
  ['tool_call', (raw, id, path, ctx) => convertToolCall(raw, id, path, ctx, false)],
  ['remote_tool_call', (raw, id, path, ctx) => convertToolCall(raw, id, path, ctx, true)],
  ['tool_result', (raw, id, path, ctx) => convertToolResult(raw, id, path, ctx, convertContent)],
  ['error', convertError],
  ['annotation', readAnnotation],
]);

function convertBlock(raw: unknown, index: number, path: string, ctx: ContentContext): Converted {
  const id = `${ctx.messageId}:${index}`;
  if (!isRecord(raw)) return keepUnknown(raw, id, ctx, path, 'not an object');
  const type = raw['type'];
  const convert = CONVERTERS.get(type);
  if (convert !== undefined) return convert(raw, id, path, ctx);
  if (!isMediaBlockType(type)) return keepUnknown(raw, id, ctx, path, 'unknown block type');
  const media = convertMediaBlock(raw, type, id, path, ctx);
  return media ?? keepUnknown(raw, id, ctx, path, `${type} block without usable media`);
}

/**
 * AgentFlow content as model blocks. Never throws: a block it cannot read becomes an `unknown`
 * block; annotation blocks become citations on the text they cover.
 */
export function convertContent(
  content: unknown,
  path: string,
  ctx: ContentContext,
): ContentBlock[] {
  let items: unknown[];
  if (Array.isArray(content)) items = content;
  else if (typeof content === 'string') {
    report(
      ctx.diagnostics,
      'converted',
      'documented variant: a plain string read as one text block',
      { path },
    );
    items = [{ type: 'text', text: content }];
  } else if (content == null) {
    report(ctx.diagnostics, 'repaired', 'missing; read as no content', { path });
    items = [];
  } else {
    return [keepUnknown(content, `${ctx.messageId}:0`, ctx, path, 'not a list')];
  }
  const converted = items.map((item, index) => convertBlock(item, index, `${path}[${index}]`, ctx));
  return resolveAnnotations(converted, ctx.diagnostics, (pending) =>
    keepUnknown(pending.raw, pending.id, ctx, pending.path),
  );
}
