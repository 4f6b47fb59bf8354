'use client';

import * as React from 'react';
import { useIsomorphicLayoutEffect } from '../primitives/use-isomorphic-layout-effect.js';
import { useLabels } from '../provider/agent-messages-provider.js';

/* -------------------------------------------------------------------------------------------------
 * ImageViewer
 * -----------------------------------------------------------------------------------------------*/

interface ImageViewerProps {
  src: string;
  alt: string;
  /** The declared dimensions, so a small image is not shown at a few pixels. */
  size: { width?: number; height?: number };
  /** Called once the dialog has closed (Escape, the close button, or the browser). */
  onClose(): void;
}

/**
 * The full-size image in a modal `<dialog>`: `showModal()` makes the rest of the page inert and
 * traps focus, Escape closes it. Mount it to open it; the caller returns focus on `onClose`.
 */
function ImageViewer({ src, alt, size, onClose }: ImageViewerProps) {
  const labels = useLabels();
  const dialogRef = React.useRef<HTMLDialogElement>(null);

  useIsomorphicLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      if (dialog?.open) dialog.close();
    };
  }, []);

  return (
    <dialog
      ref={dialogRef}
      data-slot="data-block-image-viewer"
      aria-label={alt}
      onClose={onClose}
      onKeyDown={(event) => {
        // Native dialogs close on a trusted Escape only; this also covers scripted key events
        // and Chromium's close watcher, which may skip a second Escape without user activation.
        if (event.key !== 'Escape') return;
        event.preventDefault();
        dialogRef.current?.close();
      }}
    >
      <img
        data-slot="data-block-image-full"
        src={src}
        alt={alt}
        decoding="async"
        referrerPolicy="no-referrer"
        {...size}
      />
      <button
        type="button"
        data-slot="data-block-image-close"
        onClick={() => dialogRef.current?.close()}
      >
        {labels.close}
      </button>
    </dialog>
  );
}

export { ImageViewer };
export type { ImageViewerProps };
