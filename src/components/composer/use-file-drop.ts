'use client';

import * as React from 'react';

/** What `useFileDrop` returns: the root's drag handlers, and whether files hover over it. */
export interface FileDrop {
  dragging: boolean;
  handlers: {
    onDragEnter(event: React.DragEvent): void;
    onDragOver(event: React.DragEvent): void;
    onDragLeave(event: React.DragEvent): void;
    onDrop(event: React.DragEvent): void;
  };
}

/** A drag that carries files (not a text selection or a link dragged across the page). */
function carriesFiles(event: React.DragEvent): boolean {
  return Array.from(event.dataTransfer.types).includes('Files');
}

/**
 * Takes files dropped on an element while `enabled`. Enter and leave fire for every child the
 * pointer crosses, so a count of them tells when the drag has really left.
 */
export function useFileDrop(enabled: boolean, onFiles: (files: File[]) => void): FileDrop {
  const [dragging, setDragging] = React.useState(false);
  const depth = React.useRef(0);
  const accepts = (event: React.DragEvent) => enabled && carriesFiles(event);
  return {
    dragging: dragging && enabled,
    handlers: {
      onDragEnter(event) {
        if (!accepts(event)) return;
        event.preventDefault();
        depth.current += 1;
        setDragging(true);
      },
      onDragOver(event) {
        if (!accepts(event)) return;
        // Without this the browser refuses the drop (or opens the file in the tab).
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
      },
      onDragLeave(event) {
        if (!accepts(event)) return;
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setDragging(false);
      },
      onDrop(event) {
        if (!accepts(event)) return;
        event.preventDefault();
        depth.current = 0;
        setDragging(false);
        onFiles(Array.from(event.dataTransfer.files));
      },
    },
  };
}
