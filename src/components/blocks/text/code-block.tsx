'use client';

import * as React from 'react';
import { removeInvisible } from '../../../core/safety/invisible.js';
import { useAgentMessagesConfig } from '../../provider/agent-messages-provider.js';
import { CODE_GROUP_LINES, splitCodeGroups } from '../../../markdown/index.js';
import { CodeLines, tokensByGroup } from './code-lines.js';
import type { HighlightedLines } from './highlight.js';
import { cachedHighlight, canHighlight, highlightCode } from './highlight.js';
import type { HighlightConfig } from '../../provider/highlight-options.js';

/* -------------------------------------------------------------------------------------------------
 * CodeBlock
 * -----------------------------------------------------------------------------------------------*/

const COPIED_FEEDBACK_MS = 2000;

interface CodeBlockProps {
  /**
   * The code; or, from a streaming fence, the code already in line groups (`splitCodeGroups`),
   * kept from token to token so that only the last group changes.
   */
  code: string | readonly string[];
  language: string | undefined;
  /** False while the fence is still streaming: the code shows plain, and is not highlighted yet. */
  complete: boolean;
}

/**
 * A fenced code block: plain monospace text at once, syntax colours once the fence has closed
 * and the highlighter has loaded (for the languages the provider's `highlight` option names), and
 * a copy button that announces "Copied". Invisible characters (a zero-width space in a name, a
 * Hangul filler used as an identifier, bidi controls) show as markers, and the copy leaves them out.
 * The lines are rendered in groups (`code-block-lines`), of which only the last changes while the
 * code streams: a long fence costs its last lines per token, not its length.
 * @selector [data-slot="code-block"] [data-language] the fence's language
 * @selector [data-highlighted] present once colours are applied
 * @selector [data-incomplete] present while the fence is still streaming
 */
const CodeBlock = React.memo(function CodeBlock({ code, language, complete }: CodeBlockProps) {
  const { labels, highlight } = useAgentMessagesConfig();
  const groups = React.useMemo(
    () => (typeof code === 'string' ? splitCodeGroups(code) : code),
    [code],
  );
  // The whole code only once it is final: highlighting reads it, a streaming fence never joins it.
  const whole = React.useMemo(
    () => (typeof code === 'string' ? code : complete ? code.join('') : ''),
    [code, complete],
  );
  const lines = useHighlightedLines(whole, language, complete, highlight);
  const tokens = React.useMemo(() => tokensByGroup(groups, lines), [groups, lines]);
  const [copied, setCopied] = React.useState(false);

  React.useEffect(() => {
    if (!copied) return undefined;
    const timer = setTimeout(() => setCopied(false), COPIED_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = () => {
    const text = typeof code === 'string' ? code : code.join('');
    navigator.clipboard?.writeText(removeInvisible(text)).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };

  return (
    <div
      data-slot="code-block"
      data-language={language}
      data-highlighted={tokens !== null ? '' : undefined}
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
      {/* Code reads left to right, isolated, in any page; its header follows the page. */}
      {/* Long lines scroll sideways: the scrolling region must be reachable by keyboard. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <pre data-slot="code-block-pre" dir="ltr" tabIndex={0}>
        <code data-slot="code-block-code">
          {groups.map((text, index) => (
            <CodeLines
              key={index}
              text={text}
              tokens={tokens?.[index] ?? null}
              first={index * CODE_GROUP_LINES}
              total={lines?.length ?? 0}
            />
          ))}
        </code>
      </pre>
    </div>
  );
});
CodeBlock.displayName = 'CodeBlock';

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
