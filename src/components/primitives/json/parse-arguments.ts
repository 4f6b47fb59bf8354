import { readPartialJson } from '../../../core/partial-json/read-partial-json.js';
import { revealHidden } from '../reveal-hidden.js';
import { hasDuplicateKeys } from './duplicate-keys.js';
import { prettyPrint } from './pretty-print.js';

/** Tool-call arguments read from the raw JSON string the model produced. */
export interface ParsedArguments {
  /** The arguments parsed so far (partial while they stream); `undefined` when unreadable. */
  value: unknown;
  /** True when the text is complete, valid JSON. */
  complete: boolean;
  /** True when an object repeats a key: `JSON.parse` keeps the last, other parsers the first. */
  duplicateKeys: boolean;
}

/** Arguments as the card and the prompt show them, with what {@link parseArguments} read. */
export interface FormattedJson extends ParsedArguments {
  /**
   * What to display: pretty JSON when complete and free of repeated keys (every number and key
   * order as written), otherwise the raw input; invisible and control characters marked.
   */
  text: string;
}

interface CacheEntry {
  parsed: ParsedArguments;
  formatted?: FormattedJson;
}

// One cache for both readings: the card, its summary and the prompt all read the same input.
const CACHE_SIZE = 32;
const cache = new Map<string, CacheEntry>();

function entryOf(input: string): CacheEntry {
  const cached = cache.get(input);
  if (cached !== undefined) return cached;
  const entry: CacheEntry = { parsed: read(input) };
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  cache.set(input, entry);
  return entry;
}

/**
 * Parses tool-call arguments, also while they stream: `{"city": "Par` reads as
 * `{ city: "Par" }` with `complete: false`, at any size (see `readPartialJson`, which the tool
 * card resumes per token instead). Never throws; text that is not JSON gives
 * `{ value: undefined, complete: false }`, or what came before the error. Memoised on the input.
 */
export function parseArguments(input: string): ParsedArguments {
  return entryOf(input).parsed;
}

/**
 * The arguments exactly as they will be approved: pretty-printed when they are complete JSON and
 * repeat no key (every number and key order as written), otherwise the raw input; never throws,
 * whatever the size or depth. Memoised with {@link parseArguments} on the input.
 */
export function formatJson(input: string): FormattedJson {
  const entry = entryOf(input);
  entry.formatted ??= format(input, entry.parsed);
  return entry.formatted;
}

function format(input: string, parsed: ParsedArguments): FormattedJson {
  // Nested too deep to indent: the raw text is exact too.
  const pretty = parsed.complete && !parsed.duplicateKeys ? prettyPrint(input) : undefined;
  return { ...parsed, text: revealHidden(pretty ?? input) };
}

function read(input: string): ParsedArguments {
  if (input.trim() === '') return { value: undefined, complete: false, duplicateKeys: false };
  try {
    // Native and exact (at any depth) for complete text, the usual case for a finished call.
    const value = JSON.parse(input) as unknown;
    return { value, complete: true, duplicateKeys: hasDuplicateKeys(input) };
  } catch {
    // Not complete JSON (yet): read what there is.
  }
  return { value: readPartialJson(null, input).value, complete: false, duplicateKeys: false };
}
