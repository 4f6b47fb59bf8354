/*
 * A fenced code block that is still streaming needs no markdown parser: everything after its
 * opening line is code (CommonMark runs an open fence to the end of the text). Reading it
 * directly keeps a long streaming code block at the cost of its text node, instead of a full
 * parse of the block per token, and keeps the repair step away from the code.
 */

/** The code and language of an unclosed fence. */
export interface OpenFence {
  code: string;
  language: string | undefined;
}

/**
 * Reads `block`, an unclosed ``` or ~~~ fence (up to three spaces in), after any blank lines the
 * splitter kept in front of it.
 */
export function readOpenFence(block: string): OpenFence {
  const source = block.slice(firstLineWithContent(block));
  const newline = source.indexOf('\n');
  const opening = newline === -1 ? source : source.slice(0, newline);
  const indent = opening.length - opening.trimStart().length;
  const marker = opening.trimStart();
  let infoStart = 0;
  while (infoStart < marker.length && marker[infoStart] === marker[0]) infoStart++;
  const language = marker.slice(infoStart).trim().split(/\s/, 1)[0] || undefined;
  if (newline === -1) return { code: '', language };
  const lines = source.slice(newline + 1).split('\n');
  // The fence's own indentation is removed from each code line, as CommonMark does.
  const code = lines.map((line) => stripIndent(line, indent)).join('\n');
  return { code: code.endsWith('\n') ? code.slice(0, -1) : code, language };
}

function firstLineWithContent(text: string): number {
  let start = 0;
  for (;;) {
    const newline = text.indexOf('\n', start);
    if (newline === -1 || text.slice(start, newline).trim() !== '') return start;
    start = newline + 1;
  }
}

function stripIndent(line: string, indent: number): string {
  let index = 0;
  while (index < indent && line[index] === ' ') index++;
  return line.slice(index);
}
