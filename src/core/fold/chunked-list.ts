import type { Draft } from './draft.js';

/*
 * A persistent list for the conversation's messages. Changing one message copies one chunk and
 * the spine (about 2·√n pointers for a thousand messages) instead of the whole array, and inside
 * a batch the draft owns both after the first copy, so the cost per event does not grow with the
 * number of messages.
 */

const CHUNK_SIZE = 32;

export interface ChunkedList<T> {
  readonly chunks: readonly (readonly T[])[];
  readonly length: number;
}

export function emptyList<T>(): ChunkedList<T> {
  return { chunks: [], length: 0 };
}

export function listGet<T>(list: ChunkedList<T>, index: number): T | undefined {
  if (index < 0 || index >= list.length) return undefined;
  return list.chunks[Math.floor(index / CHUNK_SIZE)]?.[index % CHUNK_SIZE];
}

export function listSet<T>(
  draft: Draft,
  list: ChunkedList<T>,
  index: number,
  value: T,
): ChunkedList<T> {
  const chunkIndex = Math.floor(index / CHUNK_SIZE);
  const chunks = draft.edit(list.chunks as T[][]);
  const chunk = draft.edit(chunks[chunkIndex] as T[]);
  chunk[index % CHUNK_SIZE] = value;
  chunks[chunkIndex] = chunk;
  const next = draft.edit(list as { chunks: T[][]; length: number });
  next.chunks = chunks;
  return next;
}

export function listPush<T>(draft: Draft, list: ChunkedList<T>, value: T): ChunkedList<T> {
  const chunks = draft.edit(list.chunks as T[][]);
  const offset = list.length % CHUNK_SIZE;
  if (offset === 0) {
    chunks.push(draft.own([value]));
  } else {
    const last = chunks.length - 1;
    const chunk = draft.edit(chunks[last] as T[]);
    chunk.push(value);
    chunks[last] = chunk;
  }
  const next = draft.edit(list as { chunks: T[][]; length: number });
  next.chunks = chunks;
  next.length = list.length + 1;
  return next;
}

export function listToArray<T>(list: ChunkedList<T>): T[] {
  const out: T[] = [];
  for (const chunk of list.chunks) out.push(...chunk);
  return out;
}
