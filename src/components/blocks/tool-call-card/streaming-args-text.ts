import { readPartialJson } from '../../../core/partial-json/read-partial-json.js';
import { stringifyArgs } from '../../primitives/json/format-json-value.js';

/** How much of streaming arguments the card formats: of longer ones, their start. */
export const STREAMING_ARGS_CHARACTERS = 20_000;

/** The last start formatted: every token past the limit has the same one. */
let lastHead: { head: string; text: string } = { head: '', text: '' };

/**
 * Streaming arguments as indented text for the card's argument view, at a cost that does not
 * grow with them: up to `STREAMING_ARGS_CHARACTERS` the value read so far, past it the value of
 * their first `STREAMING_ARGS_CHARACTERS` characters, followed by an ellipsis. The view shows a
 * preview of a few thousand characters; a value's long string, if formatted whole, would be
 * copied on every token.
 */
export function streamingArgsText(input: string, value: unknown): string {
  if (input.length <= STREAMING_ARGS_CHARACTERS) return stringifyArgs(value);
  const head = input.slice(0, STREAMING_ARGS_CHARACTERS);
  if (head !== lastHead.head) {
    lastHead = { head, text: `${stringifyArgs(readPartialJson(null, head).value)}\n…` };
  }
  return lastHead.text;
}
