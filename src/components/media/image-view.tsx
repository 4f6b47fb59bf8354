'use client';

import * as React from 'react';
import type { DataBlock } from '../../core/model/block.js';
import { revealInvisible } from '../../core/safety/invisible.js';
import { useLabels } from '../provider/agent-messages-provider.js';
import { clipText } from '../primitives/truncate.js';
import { ImageViewer } from './image-viewer.js';
import { intrinsicSize } from './intrinsic-size.js';
import { MediaGate } from './media-placeholder.js';
import type { MediaViewProps } from './media-view-props.js';
import { REMOTE_IMAGE_LOADING } from '../primitives/remote-image.js';

/* -------------------------------------------------------------------------------------------------
 * DataBlockImage
 * -----------------------------------------------------------------------------------------------*/

/**
 * An image: a lazy thumbnail sized from the declared width and height, which opens a full-size
 * viewer on click or Enter; otherwise the placeholder for its state.
 */
function DataBlockImage(view: MediaViewProps) {
  const { block, name, onError, focusRef } = view;
  const labels = useLabels();
  const [viewerOpen, setViewerOpen] = React.useState(false);
  const triggerRef = React.useRef<HTMLButtonElement | null>(null);
  const setTrigger = React.useCallback(
    (element: HTMLButtonElement | null) => {
      triggerRef.current = element;
      focusRef(element);
    },
    [focusRef],
  );
  const closeViewer = React.useCallback(() => {
    setViewerOpen(false);
    triggerRef.current?.focus();
  }, []);

  const alt = altText(block, name);
  return (
    <MediaGate view={view}>
      {(href) => (
        <>
          <button
            ref={setTrigger}
            type="button"
            data-slot="data-block-image-trigger"
            aria-haspopup="dialog"
            aria-label={labels.viewImage(alt)}
            onClick={() => setViewerOpen(true)}
          >
            <img
              data-slot="data-block-image"
              src={href}
              alt={alt}
              {...REMOTE_IMAGE_LOADING}
              {...intrinsicSize(block)}
              onError={onError}
            />
          </button>
          {viewerOpen ? (
            <ImageViewer src={href} alt={alt} size={intrinsicSize(block)} onClose={closeViewer} />
          ) : null}
        </>
      )}
    </MediaGate>
  );
}

/* -----------------------------------------------------------------------------------------------*/

/** Characters of alt text kept; it is also the name of the viewer button. */
const MAX_ALT_CHARACTERS = 1000;

function altText(block: DataBlock, name: string): string {
  const alt = typeof block.alt === 'string' ? block.alt.trim() : '';
  return alt !== '' ? revealInvisible(clipText(alt, MAX_ALT_CHARACTERS)) : name;
}

export { DataBlockImage };
