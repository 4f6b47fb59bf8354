'use client';

import { useVirtualizer } from '@tanstack/react-virtual';
import * as React from 'react';
import type { EventDescription, RecordedEvent } from '../recording/recording-types.js';
import { formatMs } from './session-timing.js';

/* -------------------------------------------------------------------------------------------------
 * DevtoolsEventList
 * -----------------------------------------------------------------------------------------------*/

const ROW_HEIGHT = 28;
const PAGE = 10;

interface DevtoolsEventListProps {
  events: readonly RecordedEvent[];
  descriptions: readonly EventDescription[];
  /** Indexes of the events shown (the filter's result). */
  shown: readonly number[];
  /** Index of the selected event, or -1 before the first. */
  selected: number;
  gaps: readonly number[];
  /** Diagnostics caused, by event index. */
  marks: ReadonlyMap<number, number>;
  onSelect(index: number): void;
  label: string;
}

/**
 * The recorded events as a listbox: arrow keys move through the shown events, Home and End jump
 * to the first and last, Page Up and Page Down move by ten. Only the rows in view are rendered,
 * so a ring of 10,000 events scrolls as one of ten.
 */
function DevtoolsEventList(props: DevtoolsEventListProps) {
  const { events, descriptions, shown, selected, gaps, marks, onSelect, label } = props;
  const scroller = React.useRef<HTMLDivElement>(null);
  const id = React.useId();
  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });
  const activeRow = shown.indexOf(selected);

  React.useEffect(() => {
    if (activeRow >= 0) virtualizer.scrollToIndex(activeRow, { align: 'auto' });
  }, [activeRow, virtualizer]);

  const move = (row: number) => {
    const clamped = Math.max(0, Math.min(shown.length - 1, row));
    const index = shown[clamped];
    if (index !== undefined) onSelect(index);
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (shown.length === 0) return;
    // With the selection filtered out (or none yet), "down" is the first shown event after it.
    let next = activeRow + 1;
    if (activeRow < 0) {
      next = shown.findIndex((index) => index > selected);
      if (next < 0) next = shown.length;
    }
    const previous = activeRow >= 0 ? activeRow - 1 : next - 1;
    const steps: Record<string, number> = {
      ArrowDown: next,
      ArrowUp: previous,
      PageDown: next + PAGE - 1,
      PageUp: previous - PAGE + 1,
      Home: 0,
      End: shown.length - 1,
    };
    const row = steps[event.key];
    if (row === undefined) return;
    event.preventDefault();
    move(row);
  };

  return (
    <div
      ref={scroller}
      data-slot="devtools-event-list"
      role="listbox"
      tabIndex={0}
      aria-label={label}
      aria-activedescendant={activeRow >= 0 ? `${id}-${selected}` : undefined}
      onKeyDown={onKeyDown}
    >
      {shown.length === 0 ? (
        <p data-slot="devtools-empty" role="presentation">
          No event
        </p>
      ) : null}
      <div role="presentation" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((row) => {
          const index = shown[row.index] ?? 0;
          const event = events[index];
          const description = descriptions[index];
          const diagnostics = marks.get(index) ?? 0;
          const ids = [description?.messageId, description?.blockId, description?.toolCallId]
            .filter(Boolean)
            .join(' · ');
          return (
            <div
              key={index}
              id={`${id}-${index}`}
              role="option"
              aria-selected={index === selected}
              aria-setsize={shown.length}
              aria-posinset={row.index + 1}
              data-slot="devtools-event"
              data-diagnostics={diagnostics > 0 ? '' : undefined}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                right: 0,
                height: row.size,
                transform: `translateY(${row.start}px)`,
              }}
              onClick={() => onSelect(index)}
            >
              <span data-slot="devtools-event-seq">#{event?.seq ?? index}</span>
              <span data-slot="devtools-event-type">{description?.type ?? '?'}</span>
              <span data-slot="devtools-event-ids">{ids}</span>
              <span data-slot="devtools-event-gap">+{formatMs(gaps[index] ?? 0)}</span>
              {diagnostics > 0 ? (
                <span data-slot="devtools-event-diagnostics">
                  {diagnostics} {diagnostics === 1 ? 'diagnostic' : 'diagnostics'}
                </span>
              ) : null}
            </div>
          );
        })}
      </div>
    </div>
  );
}

export { DevtoolsEventList };
export type { DevtoolsEventListProps };
