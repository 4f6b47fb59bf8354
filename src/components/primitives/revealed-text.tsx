'use client';

import * as React from 'react';
import { splitInvisible } from '../../core/safety/invisible.js';
import { useLabels } from '../provider/agent-messages-provider.js';

/* -------------------------------------------------------------------------------------------------
 * InvisibleMarker
 * -----------------------------------------------------------------------------------------------*/

interface InvisibleMarkerProps {
  /** The marker text, `[U+200B]`. */
  marker: string;
}

/**
 * Where an invisible, blank-looking or control character was: its code point in brackets. The
 * character itself is not in the page, and the stylesheet makes the marker unselectable, so
 * copying the text gives it without either.
 * @selector [data-slot="invisible-char"] [data-code-point] `U+200B`
 */
function InvisibleMarker({ marker }: InvisibleMarkerProps) {
  const labels = useLabels();
  const codePoint = marker.slice(1, -1);
  return (
    // Left to right and isolated: the marker's Latin letters never set the direction of the
    // text around it (an Arabic paragraph after a zero-width space stays right to left).
    <span
      data-slot="invisible-char"
      dir="ltr"
      data-code-point={codePoint}
      title={labels.hiddenCharacter(codePoint)}
    >
      {marker}
    </span>
  );
}

/* -------------------------------------------------------------------------------------------------
 * RevealedText
 * -----------------------------------------------------------------------------------------------*/

/**
 * `text` with each character that `revealInvisible` marks drawn as an `InvisibleMarker`; the rest
 * as plain text. Text without such characters renders as the string itself.
 */
function RevealedText({ text }: { text: string }): React.ReactNode {
  const parts = splitInvisible(text);
  if (parts.length === 1 && typeof parts[0] === 'string') return parts[0];
  return parts.map((part, index) =>
    typeof part === 'string' ? part : <InvisibleMarker key={index} marker={part.marker} />,
  );
}

export { InvisibleMarker, RevealedText };
export type { InvisibleMarkerProps };
