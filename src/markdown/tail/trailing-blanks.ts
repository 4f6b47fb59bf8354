/**
 * `source` without the spaces and tabs at its very end. A streaming tail holds them back: they
 * never show, and the repair treats them differently by context (it closes emphasis before them,
 * backticks after them, and inline code trims them).
 */
export function withoutTrailingBlanks(source: string): string {
  let end = source.length;
  while (end > 0 && (source[end - 1] === ' ' || source[end - 1] === '\t')) end--;
  return end === source.length ? source : source.slice(0, end);
}
