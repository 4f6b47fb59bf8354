'use client';

import * as React from 'react';
import type { EventDescription, RecordedEvent } from '../recording/recording-types.js';
import { formatMs } from './session-timing.js';

/* -------------------------------------------------------------------------------------------------
 * DevtoolsEventList
 * -----------------------------------------------------------------------------------------------*/

/** Every row is this tall, so the window in view is arithmetic (no measuring). */
const ROW_HEIGHT = 28;
const PAGE = 10;
const OVERSCAN = 8;

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
  const [view, setView] = React.useState({ top: 0, height: 400 });
  const activeRow = shown.indexOf(selected);

  React.useEffect(() => {
    const element = scroller.current;
    if (element === null) return;
    const measure = () => setView({ top: element.scrollTop, height: element.clientHeight });
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    // Measured a frame later: setting state inside the observer's callback would loop it.
    let frame = 0;
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(measure);
    });
    observer.observe(element);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
    };
  }, []);

  // The selected row is kept in view, as a native listbox does.
  React.useEffect(() => {
    const element = scroller.current;
    if (element === null || activeRow < 0) return;
    const top = activeRow * ROW_HEIGHT;
    if (top < element.scrollTop) element.scrollTop = top;
    else if (top + ROW_HEIGHT > element.scrollTop + element.clientHeight) {
      element.scrollTop = top + ROW_HEIGHT - element.clientHeight;
    }
  }, [activeRow]);

  const first = Math.max(0, Math.floor(view.top / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(shown.length, Math.ceil((view.top + view.height) / ROW_HEIGHT) + OVERSCAN);
  const rows: number[] = [];
  for (let row = first; row < last; row += 1) rows.push(row);

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
      onScroll={(event) => {
        const element = event.currentTarget;
        setView({ top: element.scrollTop, height: element.clientHeight });
      }}
      // Options are not focusable (the listbox keeps focus, aria-activedescendant points): a
      // click anywhere on a row picks it.
      onClick={(event) => {
        const row = (event.target as Element).closest('[data-event-index]');
        const index = Number(row?.getAttribute('data-event-index'));
        if (row !== null && Number.isInteger(index)) onSelect(index);
      }}
    >
      {shown.length === 0 ? (
        <p data-slot="devtools-empty" role="presentation">
          No event
        </p>
      ) : null}
      <div role="presentation" style={{ height: shown.length * ROW_HEIGHT, position: 'relative' }}>
        {rows.map((row) => {
          const index = shown[row] ?? 0;
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
              aria-posinset={row + 1}
              data-slot="devtools-event"
              data-diagnostics={diagnostics > 0 ? '' : undefined}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                right: 0,
                height: ROW_HEIGHT,
                transform: `translateY(${row * ROW_HEIGHT}px)`,
              }}
              data-event-index={index}
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
