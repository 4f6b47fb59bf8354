import type { ContentBlock } from './block.js';
import type { JsonValue } from './json.js';
import { isRecord } from './parse/field-reader.js';

/** The prefix of a data part's type: AI SDK `data-<name>` parts and chunks. */
const DATA_PREFIX = 'data-';

/**
 * An app-defined data part (AI SDK `data-<name>`), as kept in an `unknown` block: its name, its
 * id (a later chunk with the same id replaces the data), and its data.
 */
export interface DataPart {
  /** The part's name: `weather` for `data-weather`. */
  name: string;
  /** The part's id, when it had one. */
  id: string | null;
  /** The part's data, as sent (`null` when there was none). */
  data: JsonValue;
}

/**
 * The data part a block holds, or `undefined` when it holds none: the block is `unknown`, its
 * `original_type` is `data-<name>` and its `raw` is an object. Never throws on odd blocks.
 * @example readDataPart(block)?.name === 'weather'
 */
export function readDataPart(block: ContentBlock): DataPart | undefined {
  if (!isRecord(block as unknown) || block.type !== 'unknown') return undefined;
  const type = block.original_type;
  if (typeof type !== 'string' || !type.startsWith(DATA_PREFIX)) return undefined;
  const name = type.slice(DATA_PREFIX.length);
  if (name === '' || !isRecord(block.raw)) return undefined;
  const { id, data } = block.raw as Record<string, unknown>;
  return {
    name,
    id: typeof id === 'string' ? id : null,
    data: data === undefined ? null : (data as JsonValue),
  };
}
