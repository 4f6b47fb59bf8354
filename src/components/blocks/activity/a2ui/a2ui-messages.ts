/*
 * Reading an A2UI surface's server messages out of an activity's content or a data part's
 * data: v0.8 (`beginRendering`, `surfaceUpdate`, `dataModelUpdate`, `deleteSurface`) or v0.9
 * (`createSurface`, `updateComponents`, `updateDataModel`, `deleteSurface`).
 */

/** What the surface hands the A2UI processor, and the surfaces it draws. */
export interface A2uiFeed {
  /** The protocol version, by the messages that start surfaces. */
  version: 'v0_8' | 'v0_9';
  /** The server messages, cleaned (see `cleanJson`), in order. */
  messages: Record<string, unknown>[];
  /** The ids of the surfaces that `beginRendering` starts, in order, once each. */
  surfaceIds: string[];
}

/** Where producers put the message list: CopilotKit's `a2ui_operations`, or plainer names. */
const LIST_KEYS = ['a2ui_operations', 'operations', 'messages'] as const;
const MESSAGE_KEYS = [
  'beginRendering',
  'surfaceUpdate',
  'dataModelUpdate',
  'createSurface',
  'updateComponents',
  'updateDataModel',
  'deleteSurface',
];
/** The message that starts a surface, by version. */
const STARTS = { v0_8: 'beginRendering', v0_9: 'createSurface' } as const;
/** Keys that would reach `Object.prototype` in a processor that assigns by key. */
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
/** A surface is a shallow tree: anything deeper, or larger, is not one. */
const MAX_DEPTH = 32;
const MAX_NODES = 100_000;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A copy of untrusted JSON that a processor can take: no prototype-reaching keys (as object
 * keys or as a data model entry's `key`), at most `MAX_DEPTH` deep and `MAX_NODES` values;
 * `undefined` when the value is too deep or too large.
 */
export function cleanJson(value: unknown): unknown {
  let nodes = 0;
  const walk = (item: unknown, depth: number): unknown => {
    nodes += 1;
    if (nodes > MAX_NODES || depth > MAX_DEPTH) throw new RangeError('too large');
    if (Array.isArray(item)) {
      const out: unknown[] = [];
      for (const entry of item) {
        if (isRecord(entry) && typeof entry['key'] === 'string' && UNSAFE_KEYS.has(entry['key']))
          continue;
        out.push(walk(entry, depth + 1));
      }
      return out;
    }
    if (isRecord(item)) {
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(item)) {
        if (UNSAFE_KEYS.has(key)) continue;
        out[key] = walk(item[key], depth + 1);
      }
      return out;
    }
    return item;
  };
  try {
    return walk(value, 0);
  } catch {
    return undefined;
  }
}

function messageList(content: unknown): unknown[] | null {
  if (Array.isArray(content)) return content;
  if (!isRecord(content)) return null;
  for (const key of LIST_KEYS) {
    const list = content[key];
    if (Array.isArray(list)) return list;
  }
  return MESSAGE_KEYS.some((key) => Object.hasOwn(content, key)) ? [content] : null;
}

/**
 * The A2UI messages in a surface's content, or `null` when it holds none that can be shown
 * (no message list, a list with no surface to draw, or content too deep or too large).
 * @example readA2uiFeed({ a2ui_operations: [{ beginRendering: { surfaceId: 's', root: 'r' } }] })
 */
export function readA2uiFeed(content: unknown): A2uiFeed | null {
  const list = messageList(content);
  if (list === null) return null;
  const cleaned = cleanJson(list);
  if (!Array.isArray(cleaned)) return null;
  const messages = cleaned.filter(isRecord);
  for (const version of ['v0_9', 'v0_8'] as const) {
    const surfaceIds: string[] = [];
    for (const message of messages) {
      const start = message[STARTS[version]];
      const id = isRecord(start) ? start['surfaceId'] : undefined;
      if (typeof id === 'string' && !surfaceIds.includes(id)) surfaceIds.push(id);
    }
    if (surfaceIds.length > 0) return { version, messages, surfaceIds };
  }
  return null;
}
