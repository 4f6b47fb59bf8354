import * as React from 'react';
import { DevtoolsHeading } from './devtools-heading.js';
import type { RecordingSession } from '../recording/recording-types.js';
import type { SessionTiming } from './session-timing.js';
import { formatMs } from './session-timing.js';

/* -------------------------------------------------------------------------------------------------
 * DevtoolsTiming
 * -----------------------------------------------------------------------------------------------*/

interface DevtoolsTimingProps {
  session: RecordingSession;
  timing: SessionTiming;
  /** Shows the event at this index (the one after the longest gap). */
  onSelect(index: number): void;
}

const MAX_COMMIT_ROWS = 200;

/** Gaps between events, events per commit and what commits cost, with the latest commits. */
function DevtoolsTiming({ session, timing, onSelect }: DevtoolsTimingProps) {
  const { longestGap } = timing;
  const recent = session.commits.slice(-MAX_COMMIT_ROWS).reverse();
  return (
    <section data-slot="devtools-timing" aria-label="Timing">
      <DevtoolsHeading>Timing</DevtoolsHeading>
      <dl data-slot="devtools-stats">
        <dt>Duration</dt>
        <dd>{formatMs(timing.duration)}</dd>
        <dt>Median gap</dt>
        <dd>{formatMs(timing.medianGap)}</dd>
        <dt>Longest gap</dt>
        <dd>
          {longestGap === null ? (
            '—'
          ) : (
            <button
              type="button"
              data-slot="devtools-link"
              onClick={() => onSelect(longestGap.index)}
            >
              {formatMs(longestGap.ms)} before #{session.events[longestGap.index]?.seq}
            </button>
          )}
        </dd>
        <dt>Commits</dt>
        <dd>{timing.commits}</dd>
        <dt>Events per commit</dt>
        <dd>
          {Math.round(timing.eventsPerCommit.mean * 10) / 10} on average,{' '}
          {timing.eventsPerCommit.max} at most
        </dd>
        <dt>Commit cost</dt>
        <dd>
          {formatMs(timing.commitMs.median)} median, {formatMs(timing.commitMs.max)} at most,{' '}
          {formatMs(timing.commitMs.total)} in all
        </dd>
      </dl>
      {recent.length > 0 ? (
        <details data-slot="devtools-commits">
          <summary>
            Commits{session.commits.length > MAX_COMMIT_ROWS ? ` (latest ${MAX_COMMIT_ROWS})` : ''}
          </summary>
          <table>
            <thead>
              <tr>
                <th scope="col">Commit</th>
                <th scope="col">At</th>
                <th scope="col">Events</th>
                <th scope="col">Cost</th>
              </tr>
            </thead>
            <tbody>
              {recent.map((commit) => (
                <tr key={commit.index}>
                  <td>{commit.index}</td>
                  <td>{formatMs(commit.at)}</td>
                  <td>{commit.events}</td>
                  <td>{formatMs(commit.ms)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      ) : null}
    </section>
  );
}

export { DevtoolsTiming };
export type { DevtoolsTimingProps };
