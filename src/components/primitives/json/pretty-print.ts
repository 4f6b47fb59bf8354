import { BACKSLASH, COLON, QUOTE, isWhitespace } from './duplicate-keys.js';

/** Past this depth indentation helps no one, and its size grows with the square of the depth. */
const MAX_PRETTY_DEPTH = 64;

/** Characters that end a number or a literal (`true`, `false`, `null`) in valid JSON. */
function endsLiteral(code: number): boolean {
  return isWhitespace(code) || code === 0x2c || code === 0x5d || code === 0x7d;
}

/**
 * `json` (already known to be valid JSON) laid out as `JSON.stringify(value, null, 2)` would,
 * but from its own tokens: a round trip through numbers turns `1e400` into `null`, rounds
 * integers past 2^53 and drops `.0`, and a round trip through objects moves integer-like keys
 * first. Strings are re-serialised, which spells out their escapes. `undefined` when nested
 * deeper than `MAX_PRETTY_DEPTH`.
 */
export function prettyPrint(json: string): string | undefined {
  const parts: string[] = [];
  const indents = ['\n'];
  let depth = 0;
  let index = 0;
  const newline = () => (indents[depth] ??= `\n${'  '.repeat(depth)}`);
  while (index < json.length) {
    const code = json.charCodeAt(index);
    if (isWhitespace(code)) {
      index++;
    } else if (code === QUOTE) {
      let end = index + 1;
      while (end < json.length && json.charCodeAt(end) !== QUOTE) {
        end += json.charCodeAt(end) === BACKSLASH ? 2 : 1;
      }
      const token = json.slice(index, end + 1);
      parts.push(ESCAPED.test(token) ? JSON.stringify(JSON.parse(token)) : token);
      index = end + 1;
    } else if (code === 0x7b || code === 0x5b) {
      const [open, close] = code === 0x7b ? ['{', '}'] : ['[', ']'];
      let next = index + 1;
      while (isWhitespace(json.charCodeAt(next))) next++;
      if (json[next] === close) {
        parts.push(open + close);
        index = next + 1;
      } else {
        if (++depth > MAX_PRETTY_DEPTH) return undefined;
        parts.push(open, newline());
        index++;
      }
    } else if (code === 0x7d || code === 0x5d) {
      depth--;
      parts.push(newline(), code === 0x7d ? '}' : ']');
      index++;
    } else if (code === 0x2c) {
      parts.push(',', newline());
      index++;
    } else if (code === COLON) {
      parts.push(': ');
      index++;
    } else {
      let end = index + 1;
      while (end < json.length && !endsLiteral(json.charCodeAt(end))) end++;
      parts.push(json.slice(index, end));
      index = end;
    }
  }
  return parts.join('');
}

/** A string token that `JSON.stringify` would spell differently: escapes or lone surrogates. */
const ESCAPED = /[\\\ud800-\udfff]/;
