'use client';

import * as React from 'react';
import { revealInvisible } from '../../core/safety/invisible.js';
import { useLabels } from '../../react/agent-messages-provider.js';
import { truncateText } from '../tool-result/truncate.js';

/* -------------------------------------------------------------------------------------------------
 * PlainText
 * -----------------------------------------------------------------------------------------------*/

/** Characters shown before "Show all": a long reasoning fits, a 10 MB one does not freeze the tab. */
const PREVIEW_CHARACTERS = 50_000;
const PREVIEW_LINES = 1000;
/** The most "Show all" puts on the page: each line is a text node and a `<br>`. */
const SHOW_ALL_CHARACTERS = 1_000_000;
const SHOW_ALL_LINES = 20_000;

interface PlainTextProps extends Omit<React.ComponentPropsWithoutRef<'div'>, 'children'> {
  /** Untrusted text: shown as text, never parsed as markup or markdown. */
  text: string;
  /** Shows invisible and bidi-control characters as markers like `[U+202E]`. @default false */
  reveal?: boolean;
}

/**
 * Plain text with its line breaks kept even without a stylesheet, in its own bidi isolate so
 * that direction overrides inside it cannot reorder what follows. Past 50,000 characters or
 * 1,000 lines it shows the start and a "Show all" button (which shows up to 1,000,000
 * characters and 20,000 lines, with a note when even that is not everything).
 */
const PlainText = React.memo(function PlainText({
  text,
  reveal = false,
  ...props
}: PlainTextProps) {
  const labels = useLabels();
  const [showAll, setShowAll] = React.useState(false);
  const shown = React.useMemo(
    () =>
      showAll
        ? truncateText(text, SHOW_ALL_CHARACTERS, SHOW_ALL_LINES)
        : truncateText(text, PREVIEW_CHARACTERS, PREVIEW_LINES),
    [text, showAll],
  );
  const lines = React.useMemo(
    () => (reveal ? revealInvisible(shown.text) : shown.text).split(/\r\n|\r|\n/),
    [shown.text, reveal],
  );
  return (
    <div dir="auto" data-truncated={shown.truncated ? '' : undefined} {...props}>
      {lines.map((line, index) => (
        <React.Fragment key={index}>
          {index > 0 ? <br /> : null}
          {line}
        </React.Fragment>
      ))}
      {shown.truncated && !showAll ? (
        <>
          {'… '}
          <button type="button" data-slot="plain-text-show-all" onClick={() => setShowAll(true)}>
            {labels.showAll(text.length)}
          </button>
        </>
      ) : null}
      {showAll ? (
        <>
          {shown.truncated ? (
            <span data-slot="plain-text-capped">
              {' '}
              {labels.outputCapped(shown.text.length, text.length)}
            </span>
          ) : null}{' '}
          <button type="button" data-slot="plain-text-show-less" onClick={() => setShowAll(false)}>
            {labels.showLess}
          </button>
        </>
      ) : null}
    </div>
  );
});

export { PlainText };
export type { PlainTextProps };
