import type { JsonPathKey, PartialJsonError } from './partial-json-types.js';
import {
  ESCAPES,
  LITERALS,
  N_SIGN,
  hexValue,
  isDigit,
  isHighSurrogate,
  isSpace,
  isWholeNumber,
  numberStep,
  setOwn,
} from './json-lexing.js';

/*
 * The reader's states. One explicit stack of open containers replaces recursion, so depth costs
 * memory, never the call stack, and is bounded by `maxDepth`.
 */
const VALUE = 0; // a value must start (the root, after `:`, after `,` in an array)
const ARRAY_FIRST = 1; // after `[`: a value or `]`
const OBJECT_FIRST = 2; // after `{`: a key or `}`
const KEY = 3; // after `,` in an object: a key
const COLON = 4; // after a key
const AFTER = 5; // after a value in a container: `,` or its close
const STRING = 6; // inside a string value
const KEY_STRING = 7; // inside a key
const NUMBER = 8;
const LITERAL = 9; // inside `true`, `false` or `null`
const END = 10; // the root value is done: only whitespace may follow
const STOPPED = 11; // an error: nothing more is read

/** An open number's value is no longer refreshed past this many characters (until it ends). */
const NUMBER_REFRESH_LIMIT = 1_024;

/** Nothing to show at a slot (a key without a value yet, half a literal, a lone `-`). */
export const NONE: unique symbol = Symbol('none');

interface Frame {
  array: boolean;
  /** The values that are done; an open child is added only to snapshots. */
  items: unknown[] | Record<string, unknown>;
  /** In an object, the key of the value being read. */
  key: string;
}

/**
 * A copy of `piece` that does not keep the text it was sliced from alive. Engines slice a string
 * by pointing into it: a string grown from slices of every version of a streamed text (each
 * token's text is a new string) would keep all of them, gigabytes for a 256 KB argument.
 */
function detach(piece: string): string {
  // A concatenation is flat once sliced: its slice points into the copy, not into the text.
  return ` ${piece}`.slice(1);
}

/**
 * The incremental JSON reader's mutable state: `feed` reads the characters a longer text adds
 * to the one it read last, once each. Strings grow by appending (engines keep appended strings
 * as ropes), so a long string costs its new characters per feed, not its length.
 */
export class JsonMachine {
  /** The text read so far. */
  text = '';
  /** How long the text was when it was last compared whole with the one before. */
  verified = 0;
  /** How far `text` is consumed; an escape cut by the end of the text is read again from its `\`. */
  private position = 0;
  private state = VALUE;
  private readonly frames: Frame[] = [];
  private root: unknown = NONE;
  /** The open string (value or key) so far, without a trailing high surrogate. */
  private string = '';
  /** A high surrogate held back until its pair arrives (half an emoji is not shown). */
  private pendingHigh = '';
  private numberStart = 0;
  private numberState = N_SIGN;
  /** How long the number's longest valid prefix is. */
  private numberValid = 0;
  private numberValue: unknown = NONE;
  /** For which valid length `numberValue` was computed. */
  private numberValueFor = 0;
  private literal = '';
  private literalValue: true | false | null = null;
  private literalIndex = 0;
  /** True once an object repeated a key. */
  duplicateKeys = false;
  error: PartialJsonError | null = null;
  private stopped: { value: unknown; path: JsonPathKey[] | null } | null = null;

  constructor(readonly maxDepth: number) {}

  /** Reads what `text` adds to `this.text`, which it must extend. */
  feed(text: string): void {
    this.text = text;
    if (this.state === STOPPED) return;
    let index = this.position;
    const length = text.length;
    while (index < length) {
      const state = this.state;
      if (state === STOPPED) return;
      if (state === STRING || state === KEY_STRING) {
        index = this.readString(text, index);
        if (index < 0) return; // an escape cut by the end: read again from its `\`
        continue;
      }
      const code = text.charCodeAt(index);
      if (state === NUMBER) {
        if (this.readNumberCharacter(code, index)) index += 1;
        continue;
      }
      if (state === LITERAL) {
        if (code !== this.literal.charCodeAt(this.literalIndex)) {
          this.stop('syntax', index);
          return;
        }
        index += 1;
        if (++this.literalIndex === this.literal.length) this.finishValue(this.literalValue);
        continue;
      }
      if (isSpace(code)) {
        index += 1;
        continue;
      }
      if (!this.readStructural(code, index)) return;
      index += 1;
    }
    this.position = index;
  }

  /** Whether the text read is one whole JSON value, as `JSON.parse` would accept. */
  get complete(): boolean {
    if (this.error !== null) return false;
    if (this.state === END) return true;
    return (
      this.state === NUMBER &&
      this.frames.length === 0 &&
      this.numberValid > 0 &&
      this.numberValid === this.position - this.numberStart
    );
  }

  /** The value read so far: done values as they are, open containers and strings as far as they go. */
  snapshot(): unknown {
    if (this.stopped !== null) return this.stopped.value;
    if (this.state === END) return this.root;
    let child = this.openScalar();
    for (let depth = this.frames.length - 1; depth >= 0; depth--) {
      const frame = this.frames[depth] as Frame;
      if (frame.array) {
        const copy = (frame.items as unknown[]).slice();
        if (child !== NONE) copy.push(child);
        child = copy;
      } else {
        const copy = { ...(frame.items as Record<string, unknown>) };
        if (child !== NONE) setOwn(copy, frame.key, child);
        child = copy;
      }
    }
    return child === NONE ? undefined : child;
  }

  /** The keys and indexes from the root to the innermost value still being read; null when none is. */
  streamingPath(): JsonPathKey[] | null {
    if (this.stopped !== null) return this.stopped.path;
    if (this.state === END) return null;
    const scalar = this.openScalar() !== NONE;
    if (this.frames.length === 0) return scalar ? [] : null;
    const path: JsonPathKey[] = [];
    const last = this.frames.length - 1;
    for (let depth = 0; depth < last || (depth === last && scalar); depth++) {
      const frame = this.frames[depth] as Frame;
      path.push(frame.array ? (frame.items as unknown[]).length : frame.key);
    }
    return path;
  }

  /** The open string or number in a value's place, if there is something to show of it. */
  private openScalar(): unknown {
    if (this.state === STRING) return this.string;
    if (this.state === NUMBER) return this.partialNumber();
    return NONE;
  }

  private partialNumber(): unknown {
    const valid = this.numberValid;
    if (valid === 0) return NONE;
    if (valid !== this.numberValueFor && valid <= NUMBER_REFRESH_LIMIT) {
      this.numberValue = Number(this.text.slice(this.numberStart, this.numberStart + valid));
      this.numberValueFor = valid;
    }
    return this.numberValue;
  }

  private stop(reason: PartialJsonError['reason'], offset: number): void {
    this.error = { reason, offset };
    // What was read before the error stays as it was, its open values never done.
    this.stopped = { value: this.snapshot(), path: this.streamingPath() };
    this.state = STOPPED;
    this.position = offset;
  }

  /** Reads a string from `index` to its closing quote or the end; -1 when an escape is cut. */
  private readString(text: string, index: number): number {
    const length = text.length;
    let run = index;
    while (index < length) {
      const code = text.charCodeAt(index);
      if (code === 0x22 /* " */) {
        if (index > run) this.append(text.slice(run, index));
        this.closeString();
        return index + 1;
      }
      if (code === 0x5c /* \ */) {
        if (index > run) this.append(text.slice(run, index));
        const escaped = this.readEscape(text, index);
        if (escaped === -1) {
          this.position = index;
          return -1;
        }
        if (escaped === -2) {
          this.stop('syntax', index);
          return -1;
        }
        index = escaped;
        run = index;
        continue;
      }
      if (code < 0x20) {
        if (index > run) this.append(text.slice(run, index));
        this.stop('syntax', index);
        return -1;
      }
      index += 1;
    }
    if (index > run) this.append(text.slice(run, index));
    return index;
  }

  /** Decodes the escape at `index`: the index after it, -1 when the text ends inside it, -2 when invalid. */
  private readEscape(text: string, index: number): number {
    if (index + 1 >= text.length) return -1;
    const kind = text.charCodeAt(index + 1);
    if (kind !== 0x75 /* u */) {
      const decoded = ESCAPES[kind];
      if (decoded === undefined) return -2;
      this.append(decoded);
      return index + 2;
    }
    let unit = 0;
    for (let offset = 2; offset < 6; offset++) {
      if (index + offset >= text.length) return -1;
      const digit = hexValue(text.charCodeAt(index + offset));
      if (digit === -1) return -2;
      unit = unit * 16 + digit;
    }
    this.append(String.fromCharCode(unit));
    return index + 6;
  }

  /** Appends decoded text to the open string; `piece` may be a slice of the text read. */
  private append(piece: string): void {
    let units = this.pendingHigh === '' ? detach(piece) : this.pendingHigh + detach(piece);
    this.pendingHigh = '';
    if (isHighSurrogate(units.charCodeAt(units.length - 1))) {
      this.pendingHigh = units.slice(-1);
      units = units.slice(0, -1);
    }
    this.string += units;
  }

  private closeString(): void {
    const value = this.string + this.pendingHigh;
    this.string = '';
    this.pendingHigh = '';
    if (this.state === STRING) {
      this.finishValue(value);
      return;
    }
    const frame = this.frames[this.frames.length - 1] as Frame;
    if (Object.hasOwn(frame.items, value)) this.duplicateKeys = true;
    frame.key = value;
    this.state = COLON;
  }

  /** Reads one character of a number; false when it ends the number and must be read again. */
  private readNumberCharacter(code: number, index: number): boolean {
    const next = numberStep(this.numberState, code);
    if (next !== -1) {
      this.numberState = next;
      if (isWholeNumber(next)) this.numberValid = index + 1 - this.numberStart;
      return true;
    }
    // Anything else ends the number: it must have been a whole one.
    if (this.numberValid !== index - this.numberStart) {
      this.stop('syntax', index);
      return false;
    }
    this.finishValue(Number(this.text.slice(this.numberStart, index)));
    return false;
  }

  /** Reads a character outside strings, numbers and literals; false once stopped. */
  private readStructural(code: number, index: number): boolean {
    const state = this.state;
    if (state === VALUE || state === ARRAY_FIRST) {
      if (state === ARRAY_FIRST && code === 0x5d /* ] */) return this.closeContainer();
      return this.startValue(code, index);
    }
    if (state === OBJECT_FIRST || state === KEY) {
      if (code === 0x22) {
        this.state = KEY_STRING;
        return true;
      }
      if (state === OBJECT_FIRST && code === 0x7d /* } */) return this.closeContainer();
    } else if (state === COLON) {
      if (code === 0x3a /* : */) {
        this.state = VALUE;
        return true;
      }
    } else if (state === AFTER) {
      const frame = this.frames[this.frames.length - 1] as Frame;
      if (code === 0x2c /* , */) {
        this.state = frame.array ? VALUE : KEY;
        return true;
      }
      if (code === (frame.array ? 0x5d : 0x7d)) return this.closeContainer();
    }
    this.stop('syntax', index);
    return false;
  }

  private startValue(code: number, index: number): boolean {
    if (code === 0x22) {
      this.state = STRING;
      return true;
    }
    if (code === 0x7b /* { */ || code === 0x5b /* [ */) {
      if (this.frames.length >= this.maxDepth) {
        this.stop('depth', index);
        return false;
      }
      const array = code === 0x5b;
      this.frames.push({ array, items: array ? [] : {}, key: '' });
      this.state = array ? ARRAY_FIRST : OBJECT_FIRST;
      return true;
    }
    if (code === 0x2d /* - */ || isDigit(code)) {
      this.state = NUMBER;
      this.numberStart = index;
      this.numberValid = 0;
      this.numberValueFor = 0;
      this.numberValue = NONE;
      this.numberState = N_SIGN;
      if (code !== 0x2d) return this.readNumberCharacter(code, index);
      return true;
    }
    const literal = LITERALS[code];
    if (literal === undefined) {
      this.stop('syntax', index);
      return false;
    }
    [this.literal, this.literalValue] = literal;
    this.literalIndex = 1;
    this.state = LITERAL;
    return true;
  }

  private closeContainer(): boolean {
    this.finishValue((this.frames.pop() as Frame).items);
    return true;
  }

  /** A value is done: it joins its container (or is the root). */
  private finishValue(value: unknown): void {
    const frame = this.frames[this.frames.length - 1];
    if (frame === undefined) {
      this.root = value;
      this.state = END;
      return;
    }
    if (frame.array) (frame.items as unknown[]).push(value);
    else setOwn(frame.items as Record<string, unknown>, frame.key, value);
    this.state = AFTER;
  }
}
