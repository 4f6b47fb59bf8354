'use client';

import * as React from 'react';
import { hasInvisibleCharacters } from '../../core/safety/invisible.js';
import { useLabels } from '../provider/agent-messages-provider.js';
import { RevealedText } from './revealed-text.js';
import { SHOW_ALL_LIMITS } from './show-all-limits.js';
import { ShowAllButton } from './show-all-button.js';
import { useShowAll } from './show-all.js';
import { stripAnsi } from './truncate.js';

/* -------------------------------------------------------------------------------------------------
 * ToolResultText
 * -----------------------------------------------------------------------------------------------*/

const TOOL_RESULT_TEXT_NAME = 'ToolResultText';

interface ToolResultTextProps extends Omit<React.ComponentPropsWithoutRef<'div'>, 'children'> {
  /** The text to show; any length (only the shown part is ever put in the DOM). */
  text: string;
  /** Removes terminal escape sequences (colours, OSC 8 links) first. @default true */
  stripAnsi?: boolean;
}

/**
 * Untrusted text as preformatted text: the first 4,000 characters or 200 lines, then "Show all"
 * (capped at 1,000,000 characters with a note). Invisible, blank-looking, bidi-control and control
 * characters (NUL, ESC after colours are stripped…; not tab or line ends) are shown as markers
 * that copying leaves out, with a note saying the output held some.
 *
 * Tool output is preformatted, never markdown: it is mostly logs, code, JSON and command output,
 * whose whitespace matters and whose `*`, `_` and `#` are not formatting; and markdown would give
 * a tool's (often attacker-influenced) output links and images.
 * @selector [data-slot="tool-result-text"] [data-truncated] while only a preview is shown
 * @selector [data-hidden-characters] when the text shown holds hidden characters (as markers)
 */
const ToolResultText = React.memo(
  React.forwardRef<HTMLDivElement, ToolResultTextProps>(function ToolResultText(props, ref) {
    const { text, stripAnsi: shouldStripAnsi = true, ...rootProps } = props;
    const labels = useLabels();
    const { shown, showingAll, canShowAll, capped, setShowingAll } = useShowAll(
      text,
      SHOW_ALL_LIMITS.toolOutput,
    );
    const display = React.useMemo(
      () => (shouldStripAnsi ? stripAnsi(shown.text) : shown.text),
      [shown.text, shouldStripAnsi],
    );
    const hidden = React.useMemo(() => hasInvisibleCharacters(display), [display]);
    return (
      <div
        data-slot="tool-result-text"
        data-truncated={shown.truncated ? '' : undefined}
        data-hidden-characters={hidden ? '' : undefined}
        {...rootProps}
        ref={ref}
      >
        {/* Output and arguments are logs, code and JSON: left to right, isolated, in any page. */}
        {/* A scrolling region must be reachable by keyboard to be scrolled (axe scrollable-region-focusable). */}
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
        <pre data-slot="tool-result-text-content" dir="ltr" tabIndex={0}>
          <RevealedText text={display} />
        </pre>
        {hidden ? (
          <p data-slot="hidden-characters-note" role="note">
            {labels.hiddenCharacters}
          </p>
        ) : null}
        {canShowAll && !showingAll ? (
          <ShowAllButton slot="tool-result-show-all" text={text} setShowingAll={setShowingAll} />
        ) : null}
        {capped ? (
          <p data-slot="tool-result-capped">
            {labels.outputCapped(shown.text.length, text.length)}
          </p>
        ) : null}
        {showingAll ? (
          <button
            type="button"
            data-slot="tool-result-show-less"
            onClick={() => setShowingAll(false)}
          >
            {labels.showLess}
          </button>
        ) : null}
      </div>
    );
  }),
);
ToolResultText.displayName = TOOL_RESULT_TEXT_NAME;

export { ToolResultText };
export type { ToolResultTextProps };
