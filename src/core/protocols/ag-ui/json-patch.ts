/*
 * RFC 6902 JSON Patch over immutable JSON, for AG-UI's STATE_DELTA and ACTIVITY_DELTA.
 *
 * The input is never changed: each operation copies only the containers on the way from the root
 * to what it touches, and a container copied once by this patch is changed in place by the
 * operations after it. Everything else keeps its identity, so a UI keyed on `state.todos` does
 * not re-render when `state.progress` changes. A patch applies whole or not at all.
 *
 * Where fast-json-patch (what `@ag-ui/client` uses) departs from the RFC, the RFC wins: an array
 * index with a leading zero (`/items/01`), an `add` under a string or number, a `move` into the
 * value's own child and a `copy`/`move` from a missing path are errors here, where fast-json-patch
 * reads the first as `1`, skips the second and, for the last two, writes something anyway. `__proto__` keys and
 * `constructor/prototype` paths are refused, as fast-json-patch refuses them.
 */
import type { JsonObject, JsonValue } from '../../model/json.js';
import { jsonEqual } from '../../model/json-walk.js';
import { isRecord, stringifyJson } from '../common/read.js';

/** What `applyJsonPatch` returns: the new document, or why the patch did not apply. */
export type JsonPatchResult =
  | { ok: true; value: JsonValue }
  | {
      ok: false;
      /** What went wrong, for people. */
      error: string;
      /** The position of the operation that failed in the patch. */
      index: number;
    };

type Container = JsonObject | JsonValue[];

class PatchError extends Error {}

const ARRAY_INDEX = /^(0|[1-9][0-9]*)$/;

/** The reference tokens of a JSON Pointer (RFC 6901), unescaped. */
export function parseJsonPointer(pointer: string): string[] {
  if (pointer === '') return [];
  if (pointer.charCodeAt(0) !== 0x2f) throw new PatchError(`"${pointer}" does not start with "/"`);
  const tokens = pointer.slice(1).split('/');
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as string;
    if (!token.includes('~')) continue;
    if (/~(?![01])/.test(token))
      throw new PatchError(`"${pointer}" has a "~" not followed by 0 or 1`);
    tokens[i] = token.replaceAll('~1', '/').replaceAll('~0', '~');
  }
  return tokens;
}

/** Sets a key as an own data property, so that no key (`__proto__` included) reaches a setter. */
export function setKey<T>(object: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(object, key, {
    value,
    writable: true,
    enumerable: true,
    configurable: true,
  });
}

function arrayIndex(array: readonly JsonValue[], token: string, forAdd: boolean, pointer: string) {
  if (forAdd && token === '-') return array.length;
  if (!ARRAY_INDEX.test(token))
    throw new PatchError(`"${pointer}": "${token}" is not an array index`);
  const index = Number(token);
  if (index > array.length || (!forAdd && index === array.length))
    throw new PatchError(`"${pointer}": index ${index} is out of bounds`);
  return index;
}

/** The value at `tokens`, or `undefined` when the path does not resolve. */
function read(document: JsonValue, tokens: readonly string[]): JsonValue | undefined {
  let current: JsonValue | undefined = document;
  for (const token of tokens) {
    if (Array.isArray(current)) {
      if (!ARRAY_INDEX.test(token)) return undefined;
      current = current[Number(token)];
    } else if (isRecord(current)) {
      current = Object.hasOwn(current, token) ? current[token] : undefined;
    } else {
      return undefined;
    }
  }
  return current;
}

export { jsonEqual };

/** One patch application: the containers it copied are its own to change. */
class Patcher {
  private readonly owned = new Set<object>();

  constructor(public root: JsonValue) {}

  forgetCopies(): void {
    this.owned.clear();
  }

  private own<T extends Container>(value: T): T {
    if (this.owned.has(value)) return value;
    const copy = (Array.isArray(value) ? value.slice() : copyObject(value)) as T;
    this.owned.add(copy);
    return copy;
  }

  /**
   * Walks to the parent of the last token, copying every container on the way, and hands the
   * (owned) parent to `change`.
   */
  private edit(tokens: readonly string[], pointer: string, change: (parent: Container) => void) {
    // A loop, not recursion: a valid path may have 10,000 segments.
    const copies: Container[] = [];
    let node: JsonValue | undefined = this.root;
    for (let depth = 0; ; depth++) {
      if (!Array.isArray(node) && !isRecord(node))
        throw new PatchError(`"${pointer}": the parent is not an object or array`);
      const copy: Container = this.own(node as Container);
      copies.push(copy);
      if (depth === tokens.length - 1) break;
      const token = tokens[depth] as string;
      if (Array.isArray(copy)) node = copy[arrayIndex(copy, token, false, pointer)];
      else if (Object.hasOwn(copy, token)) node = copy[token];
      else throw new PatchError(`"${pointer}" does not exist`);
    }
    change(copies[copies.length - 1] as Container);
    // Each copy takes the place of the container it copied, from the bottom up.
    for (let depth = copies.length - 1; depth > 0; depth--) {
      const parent = copies[depth - 1] as Container;
      const token = tokens[depth - 1] as string;
      if (Array.isArray(parent)) parent[Number(token)] = copies[depth] as Container;
      else setKey(parent, token, copies[depth] as Container);
    }
    this.root = copies[0] as Container;
  }

  remove(tokens: readonly string[], pointer: string): JsonValue {
    if (tokens.length === 0) {
      // Removing the whole document leaves nothing: `null`, as fast-json-patch has it.
      const removed = this.root;
      this.root = null;
      return removed;
    }
    const last = tokens[tokens.length - 1] as string;
    let removed: JsonValue = null;
    this.edit(tokens, pointer, (parent) => {
      if (Array.isArray(parent)) {
        removed = parent.splice(arrayIndex(parent, last, false, pointer), 1)[0] as JsonValue;
      } else {
        if (!Object.hasOwn(parent, last)) throw new PatchError(`"${pointer}" does not exist`);
        removed = parent[last] as JsonValue;
        Reflect.deleteProperty(parent, last);
      }
    });
    return removed;
  }

  /** `add` when `adds` (an array makes room, a key may be new), else `replace` (it must exist). */
  put(tokens: readonly string[], pointer: string, value: JsonValue, adds: boolean): void {
    if (tokens.length === 0) {
      this.root = value;
      return;
    }
    const last = tokens[tokens.length - 1] as string;
    this.edit(tokens, pointer, (parent) => {
      if (Array.isArray(parent)) {
        const index = arrayIndex(parent, last, adds, pointer);
        if (adds) parent.splice(index, 0, value);
        else parent[index] = value;
      } else if (adds || Object.hasOwn(parent, last)) setKey(parent, last, value);
      else throw new PatchError(`"${pointer}" does not exist`);
    });
  }

  get(tokens: readonly string[], pointer: string): JsonValue {
    const value = read(this.root, tokens);
    if (value === undefined) throw new PatchError(`"${pointer}" does not exist`);
    return value;
  }
}

function copyObject(object: JsonObject): JsonObject {
  const copy: JsonObject = {};
  for (const key of Object.keys(object)) setKey(copy, key, object[key] as JsonValue);
  return copy;
}

/** The pointer in `field` and its tokens; one that reaches an object prototype is refused. */
function pointerOf(operation: Record<string, unknown>, field: 'path' | 'from'): [string, string[]] {
  const pointer = operation[field];
  if (typeof pointer !== 'string') throw new PatchError(`"${field}" is missing or not a string`);
  const tokens = parseJsonPointer(pointer);
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (token === '__proto__' || (token === 'prototype' && tokens[i - 1] === 'constructor'))
      throw new PatchError(`"${pointer}" changes an object prototype; refused`);
  }
  return [pointer, tokens];
}

function valueOf(operation: Record<string, unknown>): JsonValue {
  if (!('value' in operation) || operation['value'] === undefined)
    throw new PatchError('"value" is missing');
  return operation['value'] as JsonValue;
}

function applyOperation(patcher: Patcher, operation: unknown): void {
  if (!isRecord(operation)) throw new PatchError('not an operation object');
  const [path, tokens] = pointerOf(operation, 'path');
  switch (operation['op']) {
    case 'add':
      patcher.put(tokens, path, valueOf(operation), true);
      return;
    case 'remove':
      patcher.remove(tokens, path);
      return;
    case 'replace':
      patcher.put(tokens, path, valueOf(operation), false);
      return;
    case 'test':
      if (!jsonEqual(patcher.get(tokens, path), valueOf(operation)))
        throw new PatchError(`test failed at "${path}"`);
      return;
    case 'move':
    case 'copy': {
      const [from, source] = pointerOf(operation, 'from');
      const value = patcher.get(source, from);
      if (operation['op'] === 'copy') {
        // The value will sit in two places (perhaps inside itself): nothing this patch copied so
        // far may be changed in place any more, before or after.
        patcher.forgetCopies();
        patcher.put(tokens, path, value, true);
        patcher.forgetCopies();
        return;
      }
      if (from === path) return;
      if (path.startsWith(`${from}/`)) throw new PatchError(`cannot move "${from}" into itself`);
      patcher.remove(source, from);
      patcher.put(tokens, path, value, true);
      return;
    }
    default:
      throw new PatchError(`unknown op ${stringifyJson(operation['op']) ?? 'undefined'}`);
  }
}

/**
 * Applies an RFC 6902 patch to a JSON document without changing it. Never throws: a patch that
 * is not a list, or an operation that fails (a missing path, a failed `test`, an index out of
 * bounds), leaves the whole document as it was and says which operation failed.
 */
export function applyJsonPatch(document: JsonValue, patch: unknown): JsonPatchResult {
  if (!Array.isArray(patch)) return { ok: false, error: 'the patch is not a list', index: -1 };
  const patcher = new Patcher(document);
  for (let index = 0; index < patch.length; index++) {
    try {
      applyOperation(patcher, patch[index]);
    } catch (error) {
      const message = error instanceof PatchError ? error.message : String(error);
      return { ok: false, error: message, index };
    }
  }
  return { ok: true, value: patcher.root };
}
