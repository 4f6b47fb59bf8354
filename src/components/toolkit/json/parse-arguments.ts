import { Allow, parse } from 'partial-json';
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
 * `{ city: "Par" }` with `complete: false`. Never throws; text that is not JSON gives
 * `{ value: undefined, complete: false }`, and so does incomplete text over 16 KB (reading it
 * on every streamed token would freeze the page). Memoised on the input string.
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
    const value = JSON.parse(input) as unknown;
    return { value, complete: true, duplicateKeys: hasDuplicateKeys(input) };
  } catch {
    // Not complete JSON (yet): read what there is.
  }
  // partial-json costs tens of milliseconds per 20 KB, and it recurses per level and retries
  // after a stack overflow, which takes minutes: it only reads what it can read quickly.
  if (input.length > MAX_PARTIAL_LENGTH || exceedsDepth(input, MAX_PARTIAL_DEPTH)) {
    return { value: undefined, complete: false, duplicateKeys: false };
  }
  try {
    const value = restoreProtoKeys(parse(input, Allow.ALL) as unknown, 0);
    return { value, complete: false, duplicateKeys: false };
  } catch {
    // Malformed, or nested deeper than the parser's recursion allows.
    return { value: undefined, complete: false, duplicateKeys: false };
  }
}

/** Longest incomplete text `parseArguments` reads; past it a stream reads as `undefined`. */
export const MAX_PARTIAL_LENGTH = 16_384;
const MAX_PARTIAL_DEPTH = 200;
const MAX_RESTORE_DEPTH = 200;

/** True when arrays and objects (outside strings) nest deeper than `limit`. */
function exceedsDepth(input: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < input.length; index++) {
    const char = input.charCodeAt(index);
    if (inString) {
      if (char === 0x5c /* \ */) index += 1;
      else if (char === 0x22 /* " */) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x5b /* [ */ || char === 0x7b /* { */) {
      depth += 1;
      if (depth > limit) return true;
    } else if (char === 0x5d /* ] */ || char === 0x7d /* } */) {
      depth -= 1;
    }
  }
  return false;
}

/*
 * partial-json builds objects with `obj[key] = value`, so a `"__proto__"` key sets the new
 * object's prototype instead of becoming a key (Object.prototype itself is never touched). Put
 * such a prototype back as an ordinary own key, as `JSON.parse` would have, so the key is shown.
 */
function restoreProtoKeys(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== 'object' || depth > MAX_RESTORE_DEPTH) return value;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      value[index] = restoreProtoKeys(value[index], depth + 1);
    }
    return value;
  }
  const prototype = Object.getPrototypeOf(value) as unknown;
  const source = value as Record<string, unknown>;
  const target: Record<string, unknown> = {};
  if (prototype !== Object.prototype && prototype !== null) {
    defineOwn(target, '__proto__', restoreProtoKeys(prototype, depth + 1));
  }
  for (const key of Object.keys(source))
    defineOwn(target, key, restoreProtoKeys(source[key], depth + 1));
  return target;
}

function defineOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}
