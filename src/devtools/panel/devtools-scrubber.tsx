'use client';

import * as React from 'react';

/* -------------------------------------------------------------------------------------------------
 * DevtoolsScrubber
 * -----------------------------------------------------------------------------------------------*/

/** Replay speeds the panel offers: times the recorded pace, or as fast as possible. */
const REPLAY_SPEEDS = [
  { value: '1', label: 'Recorded speed' },
  { value: '2', label: '×2' },
  { value: '4', label: '×4' },
  { value: 'Infinity', label: 'Instant' },
] as const;

interface DevtoolsScrubberProps {
  /** Events folded: 0 before the first, `total` after the last. */
  position: number;
  total: number;
  onPositionChange(position: number): void;
  replaying: boolean;
  onReplay(speed: number): void;
  onStopReplay(): void;
}

/** A range over the events with step buttons, and replay at the recorded pace or faster. */
function DevtoolsScrubber(props: DevtoolsScrubberProps) {
  const { position, total, onPositionChange, replaying, onReplay, onStopReplay } = props;
  const [speed, setSpeed] = React.useState<string>('1');
  const id = React.useId();
  const step = (to: number) => onPositionChange(Math.max(0, Math.min(total, to)));
  return (
    <div data-slot="devtools-scrubber" role="group" aria-label="Scrubber">
      <span role="group" aria-label="Step" data-slot="devtools-steps">
        <button
          type="button"
          data-slot="devtools-button"
          disabled={position === 0}
          onClick={() => step(0)}
        >
          First
        </button>
        <button
          type="button"
          data-slot="devtools-button"
          disabled={position === 0}
          onClick={() => step(position - 1)}
        >
          Previous
        </button>
        <button
          type="button"
          data-slot="devtools-button"
          disabled={position >= total}
          onClick={() => step(position + 1)}
        >
          Next
        </button>
        <button
          type="button"
          data-slot="devtools-button"
          disabled={position >= total}
          onClick={() => step(total)}
        >
          Last
        </button>
      </span>
      <input
        id={`${id}-range`}
        type="range"
        data-slot="devtools-range"
        min={0}
        max={total}
        step={1}
        value={position}
        aria-label="Events folded"
        aria-valuetext={`${position} of ${total} events folded`}
        onChange={(event) => step(Number(event.target.value))}
      />
      <output data-slot="devtools-position" htmlFor={`${id}-range`}>
        {position} / {total}
      </output>
      <span data-slot="devtools-replay">
        <label htmlFor={`${id}-speed`}>Replay</label>
        <select id={`${id}-speed`} value={speed} onChange={(event) => setSpeed(event.target.value)}>
          {REPLAY_SPEEDS.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
        <button
          type="button"
          data-slot="devtools-button"
          data-state={replaying ? 'playing' : 'idle'}
          disabled={total === 0}
          onClick={() => (replaying ? onStopReplay() : onReplay(Number(speed)))}
        >
          {replaying ? 'Stop replay' : 'Replay'}
        </button>
      </span>
    </div>
  );
}

export { DevtoolsScrubber, REPLAY_SPEEDS };
export type { DevtoolsScrubberProps };
