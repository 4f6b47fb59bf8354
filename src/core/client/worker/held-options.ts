import type { WorkerInit } from './fold-worker-types.js';

/**
 * The options the worker holds once `next` is posted over `held` (a kept source stays the one it
 * had), or `null` when posting `next` would change nothing the worker reads. The hook hands the
 * store its options on every render, and each post is a structured clone on both threads: most
 * renders change nothing the worker sees.
 */
export function heldOptions(held: WorkerInit | null, next: WorkerInit): WorkerInit | null {
  const holds =
    next.keepSource && held !== null
      ? { ...next, source: held.source, stream: held.stream, keepSource: false }
      : next;
  // A new stream always goes: it moves into the worker, so no copy here can be compared with it.
  if (held === null || next.stream !== undefined) return holds;
  return sameOptions(held, holds) ? null : holds;
}

/** The fields compared by value; the initial history is left out: the worker keeps the one it started with. */
const SCALARS = [
  'source',
  'stream',
  'sourceKey',
  'protocol',
  'optimistic',
  'idleTimeoutMs',
  'format',
  'method',
  'credentials',
  'events',
  'diagnostics',
] as const satisfies readonly (keyof WorkerInit)[];

/** The fields an app tends to write as a new literal on each render: compared as data. */
const DATA = ['reconnect', 'headers', 'body'] as const satisfies readonly (keyof WorkerInit)[];

function sameOptions(a: WorkerInit, b: WorkerInit): boolean {
  return (
    SCALARS.every((key) => Object.is(a[key], b[key])) &&
    DATA.every((key) => sameData(a[key], b[key]))
  );
}

/**
 * Equal as plain data: the same primitive, or arrays and plain objects with equal items. Anything
 * else (a `Blob`, a function) is equal only to itself, so a post that might differ still goes.
 */
function sameData(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((item, index) => sameData(item, b[index]))
    );
  }
  if (!isPlainObject(a) || !isPlainObject(b)) return false;
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length &&
    keys.every((key) => Object.hasOwn(b, key) && sameData(a[key], b[key]))
  );
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
