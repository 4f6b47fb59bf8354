'use client';

import * as React from 'react';
import { removeInvisible } from '../../core/safety/invisible.js';
import { useAgentMessagesConfig } from '../toolkit/agent-messages-provider.js';
import { RevealedText } from '../toolkit/revealed-text.js';
import type { HighlightToken, HighlightedLines } from './highlight.js';
import { cachedHighlight, canHighlight, highlightCode } from './highlight.js';
import type { HighlightConfig } from './highlight-options.js';

/* -------------------------------------------------------------------------------------------------
 * CodeBlock
 * -----------------------------------------------------------------------------------------------*/

const COPIED_FEEDBACK_MS = 2000;

interface CodeBlockProps {
  code: string;
  language: string | undefined;
  /** False while the fence is still streaming: the code shows plain, and is not highlighted yet. */
  complete: boolean;
}

/**
 * A fenced code block: plain monospace text at once, syntax colours once the fence has closed
 * and the highlighter has loaded (for the languages the provider's `highlight` option names), and
 * a copy button that announces "Copied". Invisible characters (a zero-width space in a name, a
 * Hangul filler used as an identifier, bidi controls) show as markers, and the copy leaves them out.
 * @selector [data-slot="code-block"] [data-language] the fence's language
 * @selector [data-highlighted] present once colours are applied
 * @selector [data-incomplete] present while the fence is still streaming
 */
const CodeBlock = React.memo(function CodeBlock({ code, language, complete }: CodeBlockProps) {
  const { labels, highlight } = useAgentMessagesConfig();
  const lines = useHighlightedLines(code, language, complete, highlight);
  const [copied, setCopied] = React.useState(false);

  React.useEffect(() => {
    if (!copied) return undefined;
    const timer = setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = () => {
    navigator.clipboard?.writeText(removeInvisible(code)).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };

  return (
    <div
      data-slot="code-block"
      data-language={language}
      data-highlighted={lines !== null ? '' : undefined}
      data-incomplete={complete ? undefined : ''}
    >
      <div data-slot="code-block-header">
        {language !== undefined ? <span data-slot="code-block-language">{language}</span> : null}
        <button
          type="button"
          data-slot="code-block-copy"
          data-state={copied ? 'copied' : 'idle'}
          onClick={copy}
        >
          {copied ? labels.copied : labels.copy}
        </button>
        <span data-slot="text-block-visually-hidden" role="status">
          {copied ? labels.copied : ''}
        </span>
      </div>
      {/* Long lines scroll sideways: the scrolling region must be reachable by keyboard. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <pre data-slot="code-block-pre" tabIndex={0}>
        <code data-slot="code-block-code">
          {lines !== null ? <Tokens lines={lines} /> : <RevealedText text={code} />}
        </code>
      </pre>
    </div>
  );
});
CodeBlock.displayName = 'CodeBlock';

/* -------------------------------------------------------------------------------------------------
 * Tokens
 * -----------------------------------------------------------------------------------------------*/

function Tokens({ lines }: { lines: HighlightedLines }) {
  return lines.map((line, index) => (
    <React.Fragment key={index}>
      {index > 0 ? '\n' : null}
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
    </React.Fragment>
  ));
}

// Theme colours are data handed to the stylesheet as custom properties; the stylesheet decides
// which one shows (light or dark), so the component itself carries no presentational style.
function tokenColors(token: HighlightToken): React.CSSProperties {
  const style: Record<string, string> = {};
  if (token.light !== undefined) style['--ram-code-token-light'] = token.light;
  if (token.dark !== undefined) style['--ram-code-token-dark'] = token.dark;
  return style as React.CSSProperties;
}

/* -------------------------------------------------------------------------------------------------
 * useHighlightedLines
 * -----------------------------------------------------------------------------------------------*/

/** The highlighted lines once available, `null` until then (or when it cannot be highlighted). */
function useHighlightedLines(
  code: string,
  language: string | undefined,
  complete: boolean,
  config: HighlightConfig | null,
): HighlightedLines | null {
  const target = complete && canHighlight(code, language, config) ? language : undefined;
  const cached = target !== undefined ? cachedHighlight(code, target, config) : null;
  const [, rerender] = React.useReducer((count: number) => count + 1, 0);

  React.useEffect(() => {
    if (target === undefined || cached !== undefined) return undefined;
    let active = true;
    void highlightCode(code, target, config).then(() => {
      if (active) rerender();
    });
    return () => {
      active = false;
    };
  }, [code, target, cached, config]);

  return cached ?? null;
}

export { CodeBlock };
export type { CodeBlockProps };
