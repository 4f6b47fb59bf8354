import { Allow, parse } from 'partial-json';
import { revealInvisible } from '../../core/safety/invisible.js';

/** Tool-call arguments read from the raw JSON string the model produced. */
export interface FormattedArgs {
  /** The arguments parsed so far; `undefined` when nothing can be read from the text. */
  value: unknown;
  /** True when the text is complete, valid JSON. */
  complete: boolean;
}

const CACHE_SIZE = 32;
const cache = new Map<string, FormattedArgs>();

/**
 * Parses tool-call arguments, also while they stream: `{"city": "Par` reads as
 * `{ city: "Par" }` with `complete: false`. Never throws; text that is not JSON gives
 * `{ value: undefined, complete: false }`, and so does incomplete text over 16 KB (reading it
 * on every streamed token would freeze the page). Results are memoised on the input string.
 */
export function formatArgs(input: string): FormattedArgs {
  const cached = cache.get(input);
  if (cached !== undefined) return cached;
  const result = parseArgs(input);
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  cache.set(input, result);
  return result;
}

function parseArgs(input: string): FormattedArgs {
  if (input.trim() === '') return { value: undefined, complete: false };
  try {
    return { value: JSON.parse(input) as unknown, complete: true };
  } catch {
    // Not complete JSON (yet): read what there is.
  }
  // partial-json costs tens of milliseconds per 20 KB, and it recurses per level and retries
  // after a stack overflow, which takes minutes: it only reads what it can read quickly.
  if (input.length > MAX_PARTIAL_LENGTH || exceedsDepth(input, MAX_PARTIAL_DEPTH)) {
    return { value: undefined, complete: false };
  }
  try {
    return { value: restoreProtoKeys(parse(input, Allow.ALL) as unknown, 0), complete: false };
  } catch {
    // Malformed, or nested deeper than the parser's recursion allows.
    return { value: undefined, complete: false };
  }
}

/** Longest incomplete text `formatArgs` reads; past it a stream reads as `undefined`. */
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

/* -------------------------------------------------------------------------------------------------
 * Pretty text
 * -----------------------------------------------------------------------------------------------*/

const MAX_DEPTH = 100;
const MAX_LENGTH = 2_000_000;

/**
 * Parsed arguments as indented JSON text with invisible and bidi-control characters shown as
 * markers, at bounded cost: nesting past 100 levels is elided as `…` and the text stops at
 * 2,000,000 characters. Only own keys are read; never throws.
 */
export function stringifyArgs(value: unknown): string {
  const out: string[] = [];
  let length = 0;
  const write = (text: string) => {
    out.push(text);
    length += text.length;
  };
  const visit = (node: unknown, depth: number, indent: string): void => {
    if (length >= MAX_LENGTH) return;
    if (node === null || typeof node !== 'object') {
      write(formatAtom(node));
      return;
    }
    const array = Array.isArray(node);
    const [open, close] = array ? ['[', ']'] : ['{', '}'];
    const keys = array ? null : Object.keys(node);
    const size = keys === null ? (node as unknown[]).length : keys.length;
    if (size === 0) return write(open + close);
    if (depth >= MAX_DEPTH) return write(`${open}…${close}`);
    const inner = `${indent}  `;
    write(`${open}\n`);
    for (let index = 0; index < size && length < MAX_LENGTH; index++) {
      const key = keys === null ? null : (keys[index] as string);
      write(key === null ? inner : `${inner}${JSON.stringify(key)}: `);
      const descriptor = Object.getOwnPropertyDescriptor(node, key ?? index);
      visit(descriptor && 'value' in descriptor ? descriptor.value : undefined, depth + 1, inner);
      write(index < size - 1 ? ',\n' : '\n');
    }
    write(indent + close);
  };
  visit(value, 0, '');
  const text = out.join('');
  return revealInvisible(length >= MAX_LENGTH ? `${text.slice(0, MAX_LENGTH)}\n…` : text);
}

function formatAtom(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null)
    return String(value);
  return typeof value === 'undefined' ? 'undefined' : typeof value;
}
