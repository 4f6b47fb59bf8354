import type { JsonFieldState, JsonFields, JsonPath, JsonPathKey } from './partial-json-types.js';

const MISSING: unique symbol = Symbol('missing');

/** The own value at `path` in `value`, or `MISSING`. */
function valueAt(value: unknown, path: JsonPath): unknown {
  let node = value;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return MISSING;
    const name = typeof key === 'number' ? String(key) : key;
    if (Array.isArray(node) !== (typeof key === 'number') || !Object.hasOwn(node, name)) {
      return MISSING;
    }
    node = (node as Record<string, unknown>)[name];
  }
  return node;
}

function startsWithPath(path: JsonPath, prefix: JsonPath): boolean {
  if (prefix.length > path.length) return false;
  for (let index = 0; index < prefix.length; index++) {
    if (path[index] !== prefix[index]) return false;
  }
  return true;
}

/**
 * The field states of `value` when only the values along `streamingPath` are unfinished: a
 * lookup costs the path's length.
 */
export function jsonFields(value: unknown, streamingPath: JsonPath | null): JsonFields {
  return {
    streamingPath,
    state(path: JsonPathKey | JsonPath): JsonFieldState | undefined {
      const steps: JsonPath = typeof path === 'object' ? path : [path];
      if (value === undefined || valueAt(value, steps) === MISSING) return undefined;
      return streamingPath !== null && startsWithPath(streamingPath, steps) ? 'streaming' : 'done';
    },
  };
}
