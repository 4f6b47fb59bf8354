/** The last pair compared, and the answer: the steps of one token compare the same pair. */
let lastText: string | null = null;
let lastPrefix: string | null = null;
let lastAnswer = false;

/**
 * `text.startsWith(prefix)`, in time that does not grow with the text: a streamed text is a rope
 * of appended pieces, which `startsWith` walks character by character, while comparing a slice
 * with `===` compares memory (about 70 µs against under 1 µs per token at 27 KB). The split, the
 * citation markers and the hidden-character scan each ask this of the same two texts per token:
 * the answer is kept for the last pair, which is found again by reference (`===` on the very
 * same strings costs nothing), so the memory is compared once.
 */
export function extendsText(text: string, prefix: string): boolean {
  if (text === lastText && prefix === lastPrefix) return lastAnswer;
  lastAnswer = text.length >= prefix.length && text.slice(0, prefix.length) === prefix;
  lastText = text;
  lastPrefix = prefix;
  return lastAnswer;
}
