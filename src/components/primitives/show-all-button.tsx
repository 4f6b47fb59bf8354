'use client';

import { useLabels } from '../provider/agent-messages-provider.js';

interface ShowAllButtonProps {
  /** Its `data-slot`, named after the view it belongs to. */
  slot: string;
  /** The whole text; the label says how many characters it has. */
  text: string;
  /** Called with `true` on click: the view's `useState` setter, or `useShowAll`'s. */
  setShowingAll(all: true): void;
}

/** The "Show all (N characters)" button under text that shows only its start. */
export function ShowAllButton({ slot, text, setShowingAll }: ShowAllButtonProps) {
  const labels = useLabels();
  return (
    <button type="button" data-slot={slot} onClick={() => setShowingAll(true)}>
      {labels.showAll(text.length)}
    </button>
  );
}
