/*
 * The lexical side of the incremental JSON reader (RFC 8259): which characters are whitespace,
 * digits and escapes, and the number grammar as a table of steps.
 */

// Where a number is, following the JSON grammar (RFC 8259 §6).
export const N_SIGN = 0; // after `-`
const N_ZERO = 1; // a leading `0`
const N_INT = 2;
const N_DOT = 3;
const N_FRACTION = 4;
const N_E = 5;
const N_E_SIGN = 6;
const N_EXPONENT = 7;

/** What each one-character escape stands for, by the character after its backslash. */
export const ESCAPES: Readonly<Record<number, string>> = {
  0x22: '"',
  0x5c: '\\',
  0x2f: '/',
  0x62: '\b',
  0x66: '\f',
  0x6e: '\n',
  0x72: '\r',
  0x74: '\t',
};

/** The literals, by their first character. */
export const LITERALS: Readonly<Record<number, readonly [string, true | false | null]>> = {
  0x74: ['true', true],
  0x66: ['false', false],
  0x6e: ['null', null],
};

/** JSON's four whitespace characters. */
export function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

/** `0`–`9`. */
export function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

/** The value of a hex digit, or -1. */
export function hexValue(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  if (code >= 0x61 && code <= 0x66) return code - 0x57;
  if (code >= 0x41 && code <= 0x46) return code - 0x37;
  return -1;
}

/** The first half of a surrogate pair. */
export function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** Sets an own key, `__proto__` included (as `JSON.parse` does), never a prototype. */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  } else {
    target[key] = value;
  }
}

/**
 * The number state after `code` in state `state`, or -1 when `code` cannot continue the number
 * (it ends it, or makes it invalid).
 */
export function numberStep(state: number, code: number): number {
  const digit = isDigit(code);
  if (state === N_SIGN) return code === 0x30 ? N_ZERO : digit ? N_INT : -1;
  if (state === N_INT && digit) return N_INT;
  if ((state === N_ZERO || state === N_INT) && code === 0x2e /* . */) return N_DOT;
  if ((state === N_DOT || state === N_FRACTION) && digit) return N_FRACTION;
  const exponent = code === 0x65 || code === 0x45; /* e E */
  if ((state === N_ZERO || state === N_INT || state === N_FRACTION) && exponent) return N_E;
  if (state === N_E && (code === 0x2b || code === 0x2d) /* + - */) return N_E_SIGN;
  if ((state === N_E || state === N_E_SIGN || state === N_EXPONENT) && digit) return N_EXPONENT;
  return -1;
}

/** Whether a number in `state` is a whole number (`1`, `1.5`, `1e3`; not `-`, `1.`, `1e`). */
export function isWholeNumber(state: number): boolean {
  return state === N_ZERO || state === N_INT || state === N_FRACTION || state === N_EXPONENT;
}
