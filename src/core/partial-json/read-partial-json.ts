import { jsonFields } from './json-fields.js';
import { JsonMachine } from './json-machine.js';
import type { PartialJson, PartialJsonOptions } from './partial-json-types.js';

const DEFAULT_MAX_DEPTH = 512;

/** The reader behind each read, to resume from. Kept aside so that a read is a plain value. */
const machines = new WeakMap<PartialJson, JsonMachine>();

/** How many characters before the end of the last text are compared on each update. */
const WINDOW = 256;

/**
 * Whether `text` extends `machine.text`, the text the reader last read, in time that does not
 * grow with the text: the last `WINDOW` characters read are compared on each update (every delta
 * up to that size is compared once more with the text after it), and the whole prefix each time
 * the text doubles. Tool arguments only grow by appending; what is compared is the end of what
 * was read, so a text replaced by another (reformatted, or a different call) is read anew.
 */
function extendsRead(text: string, machine: JsonMachine): boolean {
  const read = machine.text;
  if (text.length < read.length) return false;
  if (text.length >= machine.verified * 2) {
    // Comparing with `===` compares memory, while `startsWith` walks a rope of appended pieces.
    if (text.slice(0, read.length) !== read) return false;
    machine.verified = text.length;
    return true;
  }
  const from = Math.max(0, read.length - WINDOW);
  return text.slice(from, read.length) === read.slice(from);
}

/**
 * Reads a JSON text that may still be streaming, resuming from `previous` (what it returned
 * for a shorter text, or null): when `text` extends the text the reader last read, only the
 * added characters are read, so a stream costs what it adds per update, whatever its size. Any
 * other text is read from its start. Never throws; depth is bounded without recursion, and
 * invalid text stops the reading with an `error`, keeping what came before.
 *
 * `previous` is only a hint: any earlier read may be given (the same text gives back the same
 * read), which makes this fit for a render that React may discard.
 *
 * @example
 * let read = readPartialJson(null, '{"path":"a.txt","content":"Hel');
 * read.value; // { path: 'a.txt', content: 'Hel' }
 * read.fields.state('content'); // 'streaming'
 * read = readPartialJson(read, '{"path":"a.txt","content":"Hello"}');
 * read.fields.state('content'); // 'done'
 */
export function readPartialJson(
  previous: PartialJson | null,
  text: string,
  options: PartialJsonOptions = {},
): PartialJson {
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
  if (previous !== null && previous.text === text) {
    const machine = machines.get(previous);
    if (machine === undefined || machine.maxDepth === maxDepth) return previous;
  }
  let machine = previous === null ? undefined : machines.get(previous);
  // The reader may have moved on since `previous` (a discarded render): it resumes from where
  // it is, if the text still extends that.
  if (machine === undefined || machine.maxDepth !== maxDepth || !extendsRead(text, machine)) {
    machine = new JsonMachine(maxDepth);
  }
  machine.feed(text);
  const value = machine.snapshot();
  const read: PartialJson = {
    text,
    value,
    complete: machine.complete,
    duplicateKeys: machine.duplicateKeys,
    error: machine.error,
    fields: jsonFields(value, machine.streamingPath()),
  };
  machines.set(read, machine);
  return read;
}
