'use client';

import * as React from 'react';

/**
 * Whether to render a text as streaming: `streaming`, except that a text that just finished
 * keeps its streaming rendering (the tail as it last showed, nothing new to parse) until React
 * has rendered it finished in the background, at transition priority.
 *
 * A finished text's last paragraph is parsed whole once (the streaming tail was parsed at an
 * anchor), and in a live list that lands in the same frame as the row's footer and the next
 * reply's first row: a few milliseconds of parsing that made that frame the longest of the
 * stream. In a background render it is a task of its own that input can come before. The text's
 * own `data-streaming` (and with it the caret) follows `streaming` at once.
 */
export function useFinishInBackground(streaming: boolean): boolean {
  const [last, setLast] = React.useState(streaming);
  const [finishing, setFinishing] = React.useState(false);
  if (last !== streaming) {
    // Set during render, once per change of `streaming`: the render that sees the text finish
    // already renders it as it was.
    setLast(streaming);
    setFinishing(last && !streaming);
  }
  React.useEffect(() => {
    if (finishing) React.startTransition(() => setFinishing(false));
  }, [finishing]);
  return streaming || finishing;
}
