import * as React from 'react';
import { CODE_GROUP_LINES } from '../../../markdown/index.js';
import { RevealedText } from '../../primitives/revealed-text.js';
import type { HighlightToken, HighlightedLines } from './highlight.js';

/*
 * One group of lines of a code block (see src/markdown/fence/code-groups.ts). Each group is a box of
 * its own, memoised on its text, so a full group is neither re-rendered nor laid out again while
 * the code grows below it; the box also keeps the same lines whether its text shows plain or in
 * colours, so highlighting arriving swaps each group's content without moving a line.
 *
 * A box only if it is block-level: spans inside one `<code>` are one run of inline text, which
 * the browser lays out whole whenever the last group grows (a 32 KiB fence streamed in
 * 4-character tokens then spent about a minute in layout). The stylesheet is optional and host
 * CSS resets spans, so the markup says it itself: each group is a `<div>`, a block in every
 * page, with no style attribute (a strict CSP refuses those in server-rendered HTML). Inside an
 * inline `<code>` (no stylesheet, or a host's `pre code { display: inline }`) each stays a block
 * laid out on its own. It changes nothing that shows: each group's text holds its own newlines.
 */

interface CodeLinesProps {
  /** The group's text: its lines, each with its newline but the code's very last. */
  text: string;
  /** Its highlighted lines, once the whole code is highlighted; null shows the text plain. */
  tokens: HighlightedLines | null;
  /** The index, in the whole code, of the group's first line: it ends a line with a newline but the code's last. */
  first: number;
  /** Lines in the whole code. */
  total: number;
}

/** One group of lines of a code block, plain or highlighted. */
export const CodeLines = React.memo(function CodeLines({
  text,
  tokens,
  first,
  total,
}: CodeLinesProps) {
  return (
    <div data-slot="code-block-lines">
      {tokens === null ? (
        <RevealedText text={text} />
      ) : (
        tokens.map((line, index) => (
          <React.Fragment key={index}>
            {line.map((token, position) => (
              <span
                key={position}
                data-slot="code-block-token"
                data-italic={token.fontStyle & 1 ? '' : undefined}
                data-bold={token.fontStyle & 2 ? '' : undefined}
                data-underline={token.fontStyle & 4 ? '' : undefined}
                style={tokenColors(token)}
              >
                <RevealedText text={token.content} />
              </span>
            ))}
            {first + index < total - 1 ? '\n' : null}
          </React.Fragment>
        ))
      )}
    </div>
  );
});

// Theme colours are data handed to the stylesheet as custom properties; the stylesheet decides
// which one shows (light or dark), so the component itself carries no presentational style.
function tokenColors(token: HighlightToken): React.CSSProperties {
  const style: Record<string, string> = {};
  if (token.light !== undefined) style['--ram-code-token-light'] = token.light;
  if (token.dark !== undefined) style['--ram-code-token-dark'] = token.dark;
  return style as React.CSSProperties;
}

/**
 * The highlighted lines of each group (`groups` joined is the code `lines` highlights); null when
 * not highlighted, or when the highlighter's lines do not match the code's (it stays plain then).
 */
export function tokensByGroup(
  groups: readonly string[],
  lines: HighlightedLines | null,
): (HighlightedLines | null)[] | null {
  if (lines === null) return null;
  let newlines = 0;
  for (const group of groups) {
    for (let at = group.indexOf('\n'); at !== -1; at = group.indexOf('\n', at + 1)) newlines++;
  }
  if (lines.length !== newlines + 1) return null;
  return groups.map((_, index) =>
    lines.slice(index * CODE_GROUP_LINES, (index + 1) * CODE_GROUP_LINES),
  );
}
