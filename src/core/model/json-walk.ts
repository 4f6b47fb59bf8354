/*
 * JSON walks without recursion. A hostile model nests 10,000 levels deep in a few kilobytes, and
 * `JSON.stringify` or any recursive walk overflows Node's default stack well before that; every
 * reader of untrusted values in core goes through these instead, so depth costs time and memory
 * like width does and never loses a value. (`JSON.parse` itself is not recursive in V8.)
 */
import type { JsonObject, JsonValue } from './json.js';

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Sets a key as an own data property: `__proto__` stays an ordinary key, no setter runs. */
function defineKey(object: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(object, key, {
    value,
    writable: true,
    enumerable: true,
    configurable: true,
  });
}

interface Frame {
  readonly container: object;
  readonly keys: readonly string[] | null;
  readonly length: number;
  index: number;
  wrote: boolean;
}

/** What `JSON.stringify` does to one value before writing it: `toJSON`, then boxed primitives. */
function prepare(key: string, value: unknown): unknown {
  let next = value;
  if (typeof next === 'object' && next !== null) {
    const toJSON = (next as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === 'function') next = (toJSON as (key: string) => unknown).call(next, key);
  }
  if (next instanceof Number || next instanceof String || next instanceof Boolean)
    next = next.valueOf();
  return next;
}

/** A primitive's JSON text; `undefined` for what JSON leaves out (functions, symbols, undefined). */
function primitiveText(value: unknown, lenient: boolean): string | undefined {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'bigint':
      if (lenient) return String(value);
      throw new TypeError('Do not know how to serialize a BigInt');
    default:
      return value === null ? 'null' : undefined;
  }
}

function walkText(value: unknown, lenient: boolean): string | undefined {
  const root = prepare('', value);
  if (typeof root !== 'object' || root === null) return primitiveText(root, lenient);
  const out: string[] = [];
  const stack: Frame[] = [];
  const open = new Set<object>();
  // Writes one value after `prefix`; a container opens and pushes a frame for its items.
  const write = (item: unknown, inArray: boolean, prefix: string): void => {
    if (typeof item === 'object' && item !== null) {
      if (open.has(item)) {
        if (!lenient) throw new TypeError('Converting circular structure to JSON');
        out.push(prefix, '"[circular]"');
        return;
      }
      open.add(item);
      const isArray = Array.isArray(item);
      const keys = isArray ? null : Object.keys(item);
      out.push(prefix, isArray ? '[' : '{');
      stack.push({
        container: item,
        keys,
        length: isArray ? item.length : (keys as string[]).length,
        index: 0,
        wrote: false,
      });
      return;
    }
    const text = primitiveText(item, lenient);
    if (text !== undefined) out.push(prefix, text);
    else if (inArray) out.push(prefix, 'null');
  };
  write(root, false, '');
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as Frame;
    if (frame.index >= frame.length) {
      out.push(frame.keys === null ? ']' : '}');
      open.delete(frame.container);
      stack.pop();
      continue;
    }
    const at = frame.index;
    frame.index += 1;
    const key = frame.keys === null ? String(at) : (frame.keys[at] as string);
    const raw = (frame.container as Record<string, unknown>)[key];
    const item = prepare(key, raw);
    const comma = frame.wrote ? ',' : '';
    if (frame.keys === null) {
      write(item, true, comma);
      frame.wrote = true;
      continue;
    }
    const skipped = item === undefined || typeof item === 'function' || typeof item === 'symbol';
    if (skipped) continue;
    write(item, false, `${comma}${JSON.stringify(key)}:`);
    frame.wrote = true;
  }
  return out.join('');
}

/**
 * `JSON.stringify(value)` at any depth: the same text, but nesting never overflows the stack.
 * Throws, as `JSON.stringify` does, on a cycle or a BigInt.
 */
export function stringifyDeep(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch (error) {
    // Only a stack overflow takes the slow path; a cycle or BigInt fails the same way there.
    if (!(error instanceof RangeError)) throw error;
    return walkText(value, false);
  }
}

/**
 * JSON text for any value, never throwing: what `stringifyDeep` gives, else (a cycle, a BigInt,
 * a getter that throws) a best-effort text with cycles as `"[circular]"` and BigInts as digits,
 * marked `exact: false` so the caller can report it.
 */
export function jsonText(value: unknown): { text: string; exact: boolean } {
  try {
    return { text: stringifyDeep(value) ?? '', exact: true };
  } catch {
    try {
      return { text: walkText(value, true) ?? '', exact: false };
    } catch {
      return { text: String(value), exact: false };
    }
  }
}

/** Structural equality of two JSON values, key order ignored (RFC 6902 §4.6), at any depth. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  const pending: [unknown, unknown][] = [[a, b]];
  while (pending.length > 0) {
    const [left, right] = pending.pop() as [unknown, unknown];
    if (left === right) continue;
    if (Array.isArray(left)) {
      if (!Array.isArray(right) || left.length !== right.length) return false;
      for (let i = 0; i < left.length; i++) pending.push([left[i], right[i]]);
      continue;
    }
    if (!isPlainRecord(left) || !isPlainRecord(right)) return false;
    const keys = Object.keys(left);
    if (keys.length !== Object.keys(right).length) return false;
    for (const key of keys) {
      if (!Object.hasOwn(right, key)) return false;
      pending.push([left[key], right[key]]);
    }
  }
  return true;
}

/**
 * Deep merge of JSON objects (the AI SDK's `mergeObjects`): plain objects merge key by key,
 * anything else replaces, `undefined` is skipped. Neither input changes; the result and every
 * object it merged are fresh copies whose keys are own data properties (`__proto__` too), so
 * no key reaches a prototype. `skip` names keys never merged from `overrides`.
 */
export function mergeJsonObjects(
  base: JsonObject,
  overrides: JsonObject,
  skip: ReadonlySet<string> = new Set(),
): JsonObject {
  const copy = (object: JsonObject): JsonObject => {
    const result: JsonObject = {};
    for (const key of Object.keys(object)) defineKey(result, key, object[key]);
    return result;
  };
  const root = copy(base);
  const pending: [JsonObject, JsonObject][] = [[root, overrides]];
  while (pending.length > 0) {
    const [target, source] = pending.pop() as [JsonObject, JsonObject];
    for (const key of Object.keys(source)) {
      if (skip.has(key)) continue;
      const value = source[key];
      if (value === undefined) continue;
      const previous = Object.hasOwn(target, key) ? target[key] : undefined;
      if (isPlainRecord(value) && isPlainRecord(previous)) {
        const merged = copy(previous);
        defineKey(target, key, merged);
        pending.push([merged, value]);
      } else {
        defineKey(target, key, value as JsonValue);
      }
    }
  }
  return root;
}
