'use client';

import * as React from 'react';
import { revealInvisible } from '../../core/safety/invisible.js';
import { hasStrongCharacter } from '../../markdown/render/direction.js';
import { useLabels } from '../provider/agent-messages-provider.js';
import { SHOW_ALL_LIMITS } from './show-all-limits.js';
import { ShowAllButton } from './show-all-button.js';
import { useShowAll } from './show-all.js';

/* -------------------------------------------------------------------------------------------------
 * PlainText
 * -----------------------------------------------------------------------------------------------*/

interface PlainTextProps extends Omit<React.ComponentPropsWithoutRef<'div'>, 'children'> {
  /** Untrusted text: shown as text, never parsed as markup or markdown. */
  text: string;
  /** Shows invisible and bidi-control characters as markers like `[U+202E]`. @default false */
  reveal?: boolean;
}

/**
 * Plain text with its line breaks kept even without a stylesheet, in the direction of its first
 * strong character (`dir="auto"`; none while it has no letter yet, so a streaming text does not
 * flip), a block of its own so that direction overrides inside it cannot reorder what follows. Past 50,000 characters or
 * 1,000 lines it shows the start and a "Show all" button (which shows up to 1,000,000
 * characters and 20,000 lines, with a note when even that is not everything).
 */
const PlainText = React.memo(function PlainText({
  text,
  reveal = false,
  ...props
}: PlainTextProps) {
  const labels = useLabels();
  const {
    shown,
    showingAll: showAll,
    capped,
    setShowingAll: setShowAll,
  } = useShowAll(text, SHOW_ALL_LIMITS.plainText);
  const lines = React.useMemo(
    () => (reveal ? revealInvisible(shown.text) : shown.text).split(/\r\n|\r|\n/),
    [shown.text, reveal],
  );
  return (
    <div
      dir={hasStrongCharacter(shown.text) ? 'auto' : undefined}
      data-truncated={shown.truncated ? '' : undefined}
      {...props}
    >
      {lines.map((line, index) => (
        <React.Fragment key={index}>
          {index > 0 ? <br /> : null}
          {line}
        </React.Fragment>
      ))}
      {shown.truncated && !showAll ? (
        <>
          {'… '}
          <ShowAllButton slot="plain-text-show-all" text={text} setShowingAll={setShowAll} />
        </>
      ) : null}
      {showAll ? (
        <>
          {capped ? (
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
