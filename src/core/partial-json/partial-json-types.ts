/** One step of a path into a JSON value: an object's key or an array's index. */
export type JsonPathKey = string | number;

/** A value's place in a JSON value: keys and indexes from the root (`[]` is the root itself). */
export type JsonPath = readonly JsonPathKey[];

/**
 * Where a value of a streaming JSON text is: `streaming` while more of it may come (an open
 * string, array or object, a number not yet followed by anything), `done` once it is whole.
 */
export type JsonFieldState = 'streaming' | 'done';

/** Why {@link readPartialJson} stopped reading: the text is not JSON there, or nests too deep. */
export interface PartialJsonError {
  /** `syntax`: a character JSON does not allow there; `depth`: containers nested past `maxDepth`. */
  reason: 'syntax' | 'depth';
  /** The index in the text of the character that stopped the reading. */
  offset: number;
}

/** Which values of a streaming JSON text are whole and which still grow. */
export interface JsonFields {
  /**
   * Keys and indexes from the root to the innermost value still being read: while
   * `{"path":"a.txt","content":"Hel` streams it is `['content']`. Only the values along this
   * path are unfinished; every other value read is done. `null` when nothing is streaming (the
   * text is whole, or nothing was read yet).
   */
  readonly streamingPath: JsonPath | null;
  /**
   * The state of the value at `path` (one key, or keys and indexes): `'streaming'`, `'done'`,
   * or `undefined` while there is no such value yet. `state('content') === 'streaming'` asks
   * whether `content` is still coming.
   */
  state(path: JsonPathKey | JsonPath): JsonFieldState | undefined;
}

/** A JSON text read as far as it goes, by {@link readPartialJson}. */
export interface PartialJson {
  /** The text read. */
  readonly text: string;
  /**
   * The value so far: open strings, arrays and objects as far as they go. A key shows once its
   * value starts; a number shows as its longest valid prefix (`-1.` as `-1`, a lone `-` not at
   * all); `true`, `false` and `null` once all their letters came; an escape or a high surrogate
   * cut by the end of the text waits for the rest. `undefined` before any value starts.
   */
  readonly value: unknown;
  /** True when the text is one whole JSON value (what `JSON.parse` accepts); `value` then equals its result. */
  readonly complete: boolean;
  /** True when an object repeats a key (`JSON.parse` keeps the last, as `value` does). */
  readonly duplicateKeys: boolean;
  /** Where reading stopped, if it did: `value` is then what came before. */
  readonly error: PartialJsonError | null;
  /** Which values are whole and which still stream. */
  readonly fields: JsonFields;
}

/** Options of {@link readPartialJson}. */
export interface PartialJsonOptions {
  /** Containers nested deeper than this stop the reading with a `depth` error. @default 512 */
  maxDepth?: number;
}
