'use client';

import * as React from 'react';

/** Where the panel sits: docked along the bottom or right edge, or floating in a corner. */
type DevtoolsPlacement = 'bottom' | 'right' | 'floating';

const KEY_STEP = 24;

interface DevtoolsResizerProps {
  placement: Exclude<DevtoolsPlacement, 'floating'>;
  size: number;
  min: number;
  onSizeChange(size: number): void;
  /** The id of the panel it resizes. */
  controls: string;
}

/** The most a docked panel may take: all of the window but a strip of the page. */
function maxSize(placement: DevtoolsResizerProps['placement']): number {
  if (typeof window === 'undefined') return 2000;
  return Math.max(200, (placement === 'bottom' ? window.innerHeight : window.innerWidth) - 48);
}

/**
 * The docked panel's edge: drag it, or focus it and use the arrow keys (Home and End for the
 * smallest and largest size).
 */
function DevtoolsResizer({ placement, size, min, onSizeChange, controls }: DevtoolsResizerProps) {
  const max = maxSize(placement);
  const clamp = (value: number) => Math.round(Math.max(min, Math.min(max, value)));
  const drag = React.useRef<{ start: number; size: number } | null>(null);
  const along = (event: React.PointerEvent) =>
    placement === 'bottom' ? event.clientY : event.clientX;
  // Growing is up for a bottom panel, left for a right one.
  const grow = placement === 'bottom' ? ['ArrowUp', 'ArrowLeft'] : ['ArrowLeft', 'ArrowUp'];
  const shrink = placement === 'bottom' ? ['ArrowDown', 'ArrowRight'] : ['ArrowRight', 'ArrowDown'];

  return (
    // A focusable separator is a widget (WAI-ARIA's window splitter), which jsx-a11y does not know.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      data-slot="devtools-resizer"
      role="separator"
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      aria-label="Resize devtools"
      aria-controls={controls}
      aria-orientation={placement === 'bottom' ? 'horizontal' : 'vertical'}
      aria-valuemin={min}
      aria-valuemax={max}
      aria-valuenow={size}
      onKeyDown={(event) => {
        let next: number | null = null;
        if (grow.includes(event.key)) next = size + KEY_STEP;
        else if (shrink.includes(event.key)) next = size - KEY_STEP;
        else if (event.key === 'Home') next = min;
        else if (event.key === 'End') next = max;
        if (next === null) return;
        event.preventDefault();
        onSizeChange(clamp(next));
      }}
      onPointerDown={(event) => {
        event.currentTarget.setPointerCapture(event.pointerId);
        drag.current = { start: along(event), size };
      }}
      onPointerMove={(event) => {
        const start = drag.current;
        if (start === null) return;
        onSizeChange(clamp(start.size + start.start - along(event)));
      }}
      onPointerUp={() => {
        drag.current = null;
      }}
      onPointerCancel={() => {
        drag.current = null;
      }}
    />
  );
}

export { DevtoolsResizer };
export type { DevtoolsPlacement, DevtoolsResizerProps };
