import type { DiagnosticCode } from '../../fold/diagnostic-code.js';
import type { Diagnostic } from '../../model/diagnostic.js';
import type { DataBlock, DataSource } from '../../model/block.js';
import type { JsonObject } from '../../model/json.js';
import type { ContentContext, FieldReader } from './content-context.js';
import { stamp } from '../common/block-context.js';
import { report } from '../common/diagnostic.js';
import { readDataUrl } from '../common/data-url.js';
import { mediaTypeOfName } from '../common/file-names.js';
import {
  asJson,
  isRecord,
  readNumber,
  readString,
  readText,
  setReadFields,
} from '../common/read.js';

/** The AgentFlow block types that become a model `data` block. */
export type MediaBlockType = 'image' | 'audio' | 'video' | 'document' | 'data';

/* -------------------------------------------------------------------------------------------------
 * Media references
 * -----------------------------------------------------------------------------------------------*/

const MEDIA_URL_PREFIXES = ['agentflow://media/', 'graph://media/'];

/** Whether a URL names media offloaded to AgentFlow's media store (`agentflow://media/…`, `graph://media/…`). */
export function isAgentFlowMediaUrl(url: string): boolean {
  const head = url.trimStart().slice(0, 20).toLowerCase();
  return MEDIA_URL_PREFIXES.some((prefix) => head.startsWith(prefix));
}

// The type of each media block when nothing names one; its keys are the media block types.
const CATEGORY_DEFAULTS: Record<MediaBlockType, string> = {
  image: 'image/*',
  audio: 'audio/*',
  video: 'video/*',
  document: 'application/octet-stream',
  data: 'application/octet-stream',
};

/** Whether a wire block type is one of the media types that become a model `data` block. */
export function isMediaBlockType(type: unknown): type is MediaBlockType {
  return typeof type === 'string' && Object.hasOwn(CATEGORY_DEFAULTS, type);
}

function guessMediaType(name: string | null, type: MediaBlockType): string | null {
  if (name === null) return null;
  const guess = mediaTypeOfName(name);
  if (guess === null) return null;
  // The block type is the stronger hint: `.webm` in an audio block is audio, not a video.
  const category = type === 'image' || type === 'audio' || type === 'video' ? type : null;
  return category === null || guess.startsWith(`${category}/`) ? guess : null;
}

function base64Source(data: string, mediaType: string | null): DataSource {
  // Only a URL whose last parameter is `base64` is unwrapped; anything else is the data itself.
  const url = readDataUrl(data);
  if (url === null || url.parameters.at(-1)?.toLowerCase() !== 'base64')
    return { type: 'base64', data, media_type: mediaType ?? '' };
  return { type: 'base64', data: url.data, media_type: mediaType ?? url.mediaType };
}

const MEDIA_KINDS = ['url', 'file_id', 'data'] as const;
type MediaKind = (typeof MEDIA_KINDS)[number];

interface ReadMedia {
  source: DataSource;
  name: string | null;
}

/**
 * A `MediaRef` as a model source. The declared `kind` wins when its field is set; otherwise the
 * first field that is set is used. `agentflow://media/…` URLs become `file_id` sources holding
 * the whole URL, so the app's `resolveMedia` receives them.
 */
export function readMediaRef(
  value: unknown,
  path: string,
  type: MediaBlockType,
  mimeHint: string | null,
  diagnostics: Diagnostic<DiagnosticCode>[],
): ReadMedia | null {
  if (!isRecord(value)) {
    report(diagnostics, 'dropped', 'media is missing or not an object', { path });
    return null;
  }
  const declared = MEDIA_KINDS.find((kind) => kind === value['kind']) ?? null;
  if (value['kind'] != null && declared === null)
    report(diagnostics, 'repaired', 'unknown media kind; read from the field that is set', {
      path: `${path}.kind`,
    });
  const fields: Record<MediaKind, string | null> = {
    url: readText(value['url']),
    file_id:
      readText(value['file_id']) ??
      (typeof value['file_id'] === 'number' ? String(value['file_id']) : null),
    data: readText(value['data_base64']),
  };
  const wanted = declared ?? 'url';
  const kind = fields[wanted] !== null ? wanted : MEDIA_KINDS.find((k) => fields[k] !== null);
  if (kind === undefined) {
    report(diagnostics, 'dropped', 'media has no url, file_id or data_base64', { path });
    return null;
  }
  if (declared !== null && kind !== declared) {
    report(
      diagnostics,
      'repaired',
      `media kind "${declared}" has no value; used its ${kind === 'data' ? 'data_base64' : kind}`,
      { path },
    );
  }
  const name = readText(value['filename']);
  const reference = fields[kind] as string;
  const declaredType = readText(value['mime_type']) ?? mimeHint;
  const mediaType =
    declaredType ??
    guessMediaType(name ?? (kind === 'url' ? reference : null), type) ??
    CATEGORY_DEFAULTS[type];
  if (kind === 'data') {
    const source = base64Source(reference, declaredType);
    if (source.media_type === '') source.media_type = mediaType;
    return { source, name };
  }
  if (kind === 'url' && !isAgentFlowMediaUrl(reference))
    return { source: { type: 'url', url: reference, media_type: mediaType }, name };
  return { source: { type: 'file_id', file_id: reference, media_type: mediaType }, name };
}

// What a media reference may say about its file, each kept when it reads as its type.
const MEDIA_FIELDS = {
  size_bytes: readNumber,
  sha256: readText,
  width: readNumber,
  height: readNumber,
  duration_ms: readNumber,
  page: readNumber,
};

/* -------------------------------------------------------------------------------------------------
 * Media blocks
 * -----------------------------------------------------------------------------------------------*/

const readPages: FieldReader<number[] | null> = (value, path, diagnostics) => {
  if (value == null) return null;
  if (!Array.isArray(value)) {
    report(diagnostics, 'dropped', 'pages is not a list; dropped', { path });
    return null;
  }
  const pages = value.filter((page): page is number => Number.isInteger(page));
  if (pages.length !== value.length)
    report(diagnostics, 'dropped', 'pages that are not integers were dropped', { path });
  return pages;
};

function readBlockSource(
  raw: Record<string, unknown>,
  type: MediaBlockType,
  path: string,
  diagnostics: Diagnostic<DiagnosticCode>[],
): ReadMedia | null {
  if (type !== 'data') return readMediaRef(raw['media'], `${path}.media`, type, null, diagnostics);
  const mimeType = readText(raw['mime_type']);
  const inline = readText(raw['data_base64']);
  if (inline === null) {
    if (raw['media'] == null) {
      report(diagnostics, 'dropped', 'data block has neither data_base64 nor media', { path });
      return null;
    }
    return readMediaRef(raw['media'], `${path}.media`, type, mimeType, diagnostics);
  }
  const source = base64Source(inline, mimeType);
  if (source.media_type === '') {
    report(diagnostics, 'repaired', 'missing; read as application/octet-stream', {
      path: `${path}.mime_type`,
    });
    source.media_type = CATEGORY_DEFAULTS.data;
  }
  const name = isRecord(raw['media']) ? readText(raw['media']['filename']) : null;
  return { source, name };
}

/**
 * An AgentFlow `image`, `audio`, `video`, `document` or `data` block as a model `data` block, or
 * `null` when it has no usable media; the wire fields the model has no place for go to
 * `ctx.extras`.
 */
export function convertMediaBlock(
  raw: Record<string, unknown>,
  type: MediaBlockType,
  id: string,
  path: string,
  ctx: ContentContext,
): DataBlock | null {
  const { diagnostics } = ctx;
  const media = readBlockSource(raw, type, path, diagnostics);
  if (media === null) return null;
  const block: DataBlock = {
    type: 'data',
    source: media.source,
    name: media.name,
    ...stamp(ctx, id),
  };
  if (isRecord(raw['media'])) setReadFields(block, raw['media'], MEDIA_FIELDS);
  const extras: JsonObject = {};
  const keep = (...fields: string[]) => {
    for (const field of fields) if (raw[field] != null) extras[field] = asJson(raw[field]);
  };
  switch (type) {
    case 'image': {
      const alt = readString(raw['alt_text']);
      if (alt !== null) block.alt = alt;
      keep('bbox');
      break;
    }
    case 'audio': {
      const transcript = readString(raw['transcript']);
      if (transcript !== null) block.transcript = transcript;
      keep('sample_rate', 'channels');
      break;
    }
    case 'video': {
      const thumbnail = raw['thumbnail'];
      const read =
        thumbnail == null
          ? null
          : readMediaRef(thumbnail, `${path}.thumbnail`, 'image', null, diagnostics);
      if (read !== null) block.thumbnail = read.source;
      break;
    }
    case 'document': {
      const pages = readPages(raw['pages'], `${path}.pages`, diagnostics);
      const excerpt = readString(raw['excerpt']);
      if (pages !== null) block.pages = pages;
      if (excerpt !== null) block.excerpt = excerpt;
      keep('text');
      break;
    }
    case 'data':
      break;
  }
  if (Object.keys(extras).length > 0) ctx.extras[id] = extras;
  return block;
}
