'use client';

import * as React from 'react';

interface UseThinkingOpenOptions {
  streaming: boolean;
  open: boolean | undefined;
  defaultOpen: boolean | undefined;
  onOpenChange: ((open: boolean) => void) | undefined;
}

/**
 * The open state of a thinking block. Until the user toggles it, it follows `streaming`: open
 * while the model thinks, closed once it is done. After a toggle the user's choice stands.
 * Controlled through `open` + `onOpenChange`, which also hears the automatic changes.
 */
export function useThinkingOpen(
  options: UseThinkingOpenOptions,
): [open: boolean, toggle: () => void] {
  const { streaming, open: openProp, defaultOpen, onOpenChange } = options;
  // `null` until the user (or `defaultOpen`) decides; then the automatic behaviour steps aside.
  const [choice, setChoice] = React.useState<boolean | null>(defaultOpen ?? null);
  const controlled = openProp !== undefined;
  const open = controlled ? openProp : (choice ?? streaming);

  const previousStreaming = React.useRef(streaming);
  React.useEffect(() => {
    if (previousStreaming.current === streaming) return;
    previousStreaming.current = streaming;
    if (choice !== null) return;
    // Uncontrolled, the state already followed `streaming`; controlled, this asks the owner to.
    if (!controlled || openProp !== streaming) onOpenChange?.(streaming);
  }, [streaming, choice, controlled, openProp, onOpenChange]);

  const toggle = React.useCallback(() => {
    setChoice(!open);
    onOpenChange?.(!open);
  }, [open, onOpenChange]);

  return [open, toggle];
}
