/*
 * AG-UI content parts (`text`, `image`, `audio`, `video`, `document`, each with a `data`, `url` or
 * `file` source) as model blocks. Media becomes one `data` block whatever its kind; the renderer
 * applies the URL and media-type policy (`src/core/safety/`) when it shows it. Here a URL the
 * policy would refuse is still kept (the user sees it refused, in place) and reported.
 */
import type { DataBlock, DataSource, TextBlock, UnknownBlock } from '../../model/block.js';
import type { Diagnostic } from '../../model/diagnostic.js';
import { readDataUrl } from '../common/data-url.js';
import { report } from '../common/diagnostic.js';
import type { JsonObject, JsonValue } from '../../model/json.js';
import { mediaKindOf } from '../../safety/media-type.js';
import { checkUrl, type UrlUse } from '../../safety/url-policy.js';
import { unknownBlock } from '../common/unknown-message.js';
import {
  asJson,
  isRecord,
  preview,
  readObject,
  readString,
  readText,
  stringifyJson,
} from '../common/read.js';

/** Reports a converter's problem at `path`, with the offending value as `raw` when given. */
export type Reporter = (code: string, message: string, path: string, raw?: unknown) => void;

/** A `Reporter` into a converter's list of diagnostics. */
export function reporter(diagnostics: Diagnostic[]): Reporter {
  return (code, message, path, raw) => report(diagnostics, code, message, { path, raw });
}

/** Where converted blocks go and what they are stamped with. */
export interface PartContext {
  /** Block ids are `<prefix>:<index>`. */
  idPrefix: string;
  createdAt: string;
  finishedAt: string | null;
  path: string;
  report: Reporter;
  /** Part metadata the blocks have no field for, by block id (kept in the message metadata). */
  extras: Record<string, JsonObject>;
}

type MediaPart = 'image' | 'audio' | 'video' | 'document';

const INLINE_KINDS = ['image', 'audio', 'video'] as const;

const CATEGORY_TYPES: Record<MediaPart, string> = {
  image: 'image/*',
  audio: 'audio/*',
  video: 'video/*',
  document: 'application/octet-stream',
};

function urlUse(kind: MediaPart, mediaType: string): UrlUse {
  if (kind === 'document') return mediaKindOf(mediaType) === 'document' ? 'document' : 'download';
  return kind;
}

/** A base64 `data:` URL as an inline source (its own media type unless one was declared). */
function fromBase64DataUrl(
  value: string,
  declared: string | null,
  mediaType: string,
): DataSource | null {
  const url = readDataUrl(value);
  if (url === null || !url.parameters.some((parameter) => /^base64/i.test(parameter))) return null;
  return { type: 'base64', data: url.data, media_type: declared ?? (url.mediaType || mediaType) };
}

function readSource(
  kind: MediaPart,
  raw: unknown,
  path: string,
  flag: Reporter,
): DataSource | null {
  const source = readObject(raw);
  if (source === null) {
    flag('invalid-part', `${kind} part without a source object`, path);
    return null;
  }
  const value = readText(source['value']);
  const declared = readText(source['mimeType']);
  if (value === null) {
    flag('invalid-part', `${kind} source without a value`, `${path}.value`);
    return null;
  }
  const mediaType = declared ?? CATEGORY_TYPES[kind];
  // Some producers send a whole data: URL where bare base64 (or a URL to fetch) belongs.
  const inline = fromBase64DataUrl(value, declared, mediaType);
  switch (source['type']) {
    case 'data':
      if (declared === null)
        flag(
          'missing-media-type',
          `data source without mimeType; read as ${mediaType}`,
          `${path}.mimeType`,
        );
      return inline ?? { type: 'base64', data: value, media_type: mediaType };
    case 'url': {
      if (inline !== null) return inline;
      const decision = checkUrl(value, urlUse(kind, mediaType));
      if (!decision.allowed)
        flag(
          'unsafe-url',
          `${kind} URL will not load: ${decision.reason}`,
          `${path}.value`,
          preview(value),
        );
      return { type: 'url', url: value, media_type: mediaType };
    }
    case 'file':
      // A provider's handle: never fetched here; the app's `resolveMedia` receives it.
      return { type: 'file_id', file_id: value, media_type: mediaType };
    default:
      flag('invalid-part', `unknown source type ${preview(source['type'])}`, `${path}.type`);
      return null;
  }
}

/** A block's id and the times of the part context. */
function partStamp(id: string, context: PartContext) {
  return { id, created_at: context.createdAt, finished_at: context.finishedAt };
}

function unknownPart(part: unknown, id: string, context: PartContext): UnknownBlock {
  const type = isRecord(part) ? readString(part['type']) : null;
  return unknownBlock(id, part, type, context.createdAt, context.finishedAt);
}

/** AG-UI's pre-1.0 `binary` part, read as the media part it became. */
function upgradeBinary(part: Record<string, unknown>): Record<string, unknown> | null {
  const mimeType = readText(part['mimeType']);
  if (mimeType === null) return null;
  const kind: MediaPart =
    INLINE_KINDS.find((inline) => mimeType.startsWith(`${inline}/`)) ?? 'document';
  const data = readText(part['data']);
  const url = readText(part['url']);
  if (data === null && url === null) return null;
  const filename = readText(part['filename']);
  return {
    type: kind,
    source:
      data !== null
        ? { type: 'data', value: data, mimeType }
        : { type: 'url', value: url, mimeType },
    ...(filename !== null ? { metadata: { filename } } : {}),
  };
}

/** One content part as a block; unreadable parts become `unknown` blocks that keep the part. */
export function convertPart(
  part: unknown,
  index: number,
  context: PartContext,
): TextBlock | DataBlock | UnknownBlock {
  const id = `${context.idPrefix}:${index}`;
  const path = `${context.path}[${index}]`;
  if (!isRecord(part)) {
    context.report('invalid-part', 'content part is not an object', path);
    return unknownPart(part, id, context);
  }
  let record: Record<string, unknown> = part;
  if (record['type'] === 'binary') {
    const upgraded = upgradeBinary(record);
    if (upgraded === null) {
      context.report('invalid-part', 'binary part with neither data nor url; kept as is', path);
      return unknownPart(part, id, context);
    }
    record = upgraded;
  }
  const metadata = readObject(record['metadata']);
  const stamp = partStamp(id, context);
  switch (record['type']) {
    case 'text': {
      const text = readString(record['text']);
      if (text === null) context.report('invalid-part', 'text part without text', path);
      if (metadata !== null) context.extras[id] = { metadata };
      return { type: 'text', text: text ?? '', ...stamp };
    }
    case 'image':
    case 'audio':
    case 'video':
    case 'document': {
      const source = readSource(record['type'], record['source'], `${path}.source`, context.report);
      if (source === null) return unknownPart(part, id, context);
      const name =
        metadata === null ? null : (readText(metadata['filename']) ?? readText(metadata['name']));
      const block: DataBlock = { type: 'data', source, name, ...stamp };
      const alt = metadata === null ? null : readString(metadata['alt']);
      if (alt !== null) block.alt = alt;
      const provider = readObject(record['source'])?.['provider'];
      const extra: JsonObject = {};
      if (metadata !== null) extra['metadata'] = metadata;
      if (typeof provider === 'string') extra['provider'] = provider;
      if (Object.keys(extra).length > 0) context.extras[id] = extra;
      return block;
    }
    default:
      context.report(
        'unknown-part',
        `unknown content part ${preview(record['type'])}; kept as is`,
        path,
      );
      return unknownPart(part, id, context);
  }
}

/** A string or a list of parts as blocks: a string is one text block whose id is the prefix. */
export function convertContent(
  content: unknown,
  context: PartContext,
): (TextBlock | DataBlock | UnknownBlock)[] {
  if (typeof content === 'string')
    return [{ type: 'text', text: content, ...partStamp(context.idPrefix, context) }];
  if (Array.isArray(content))
    return content.map((part, index) => convertPart(part, index, context));
  if (content != null)
    context.report(
      'invalid-content',
      'content is neither a string nor a list of parts',
      context.path,
      preview(content),
    );
  return [];
}

/** Tool output blocks: an `unknown` part becomes text holding its JSON, as output has no other kind. */
export function toOutputBlocks(
  blocks: readonly (TextBlock | DataBlock | UnknownBlock)[],
): (TextBlock | DataBlock)[] {
  return blocks.map((block) =>
    block.type === 'unknown'
      ? {
          type: 'text',
          text: stringifyJson(block.raw) ?? '',
          id: block.id,
          created_at: block.created_at ?? '',
          finished_at: block.finished_at ?? null,
        }
      : block,
  );
}

/*
 * A tool result's structured value: AG-UI sends results as text, and a JSON object or array in
 * that text is also the value the card shows as a tree (`output` keeps the text).
 */
/** Above this a result's JSON text is only shown as text, not also read into a tree. */
const MAX_VALUE_TEXT = 1_000_000;

/**
 * The structured value of a tool result whose text is a JSON object or array (the card shows it
 * as a tree, `output` keeps the text); `undefined` for any other text.
 */
export function structuredValue(text: string): JsonValue | undefined {
  const start = text.trimStart()[0];
  if ((start !== '{' && start !== '[') || text.length > MAX_VALUE_TEXT) return undefined;
  try {
    return asJson(JSON.parse(text));
  } catch {
    return undefined;
  }
}
