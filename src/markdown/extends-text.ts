/**
 * `text.startsWith(prefix)`, in time that does not grow with the text: a streamed text is a rope
 * of appended pieces, which `startsWith` walks character by character, while comparing a slice
 * with `===` compares memory (about 70 µs against under 1 µs per token at 27 KB).
 */
export function extendsText(text: string, prefix: string): boolean {
  return text.length >= prefix.length && text.slice(0, prefix.length) === prefix;
}
