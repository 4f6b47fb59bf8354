'use client';

import { jsonFields } from '../../../core/partial-json/json-fields.js';
import type { JsonFields, PartialJson } from '../../../core/partial-json/partial-json-types.js';
import { readPartialJson } from '../../../core/partial-json/read-partial-json.js';
import type { ParsedArguments } from '../../primitives/json/parse-arguments.js';
import { parseArguments } from '../../primitives/json/parse-arguments.js';
import { useResumed } from '../../primitives/use-resumed.js';

/** A call's arguments as its card reads them: the value so far and which fields still stream. */
export interface CardArguments extends ParsedArguments {
  /** Which arguments are whole and which still stream. */
  fields: JsonFields;
  /** The incremental read the next token resumes from; null when `JSON.parse` read the text. */
  read: PartialJson | null;
}

/**
 * Reads `input` resuming from the previous read: while the arguments stream, each token costs
 * the characters it adds, whatever their length. Text that arrives whole (a finished call, a
 * history) is read by `JSON.parse`, native and exact at any depth; so is text nested too deep
 * for the incremental reader once it is complete.
 */
export function resumeCardArguments(previous: CardArguments | null, input: string): CardArguments {
  if (previous !== null && (previous.read?.text ?? null) === input) return previous;
  if (previous?.read == null && closesContainer(input)) {
    // Nothing to resume from: the text may well be whole already.
    const parsed = parseArguments(input);
    if (parsed.complete) return wholeArguments(parsed);
  }
  const read = readPartialJson(previous?.read ?? null, input);
  if (read.error?.reason === 'depth' && closesContainer(input)) {
    const parsed = parseArguments(input);
    if (parsed.complete) return wholeArguments(parsed);
  }
  const { value, complete, duplicateKeys, fields } = read;
  return { value, complete, duplicateKeys, fields, read };
}

/** Whether `input` ends like a whole object or array, worth a `JSON.parse` (streaming text seldom does). */
function closesContainer(input: string): boolean {
  const last = input.trimEnd().slice(-1);
  return last === '}' || last === ']';
}

function wholeArguments(parsed: ParsedArguments): CardArguments {
  return { ...parsed, fields: jsonFields(parsed.value, null), read: null };
}

/** The card's arguments, read per token by {@link resumeCardArguments}. */
export function useToolArguments(input: string): CardArguments {
  return useResumed(
    (previous: CardArguments | null) => resumeCardArguments(previous, input),
    [input],
  );
}
