'use client';

import * as React from 'react';
import { MessageList } from '../../components/message-list/message-list.js';
import { describeEvent } from '../recording/describe-event.js';
import { eventChanges } from '../recording/event-changes.js';
import { foldRecording } from '../recording/fold-recording.js';
import type { FoldedRecording, Replay, RecordingSession } from '../recording/recording-types.js';
import { replayRecording } from '../recording/replay-recording.js';
import { DEVTOOLS_CSS } from './devtools-css.js';
import { DevtoolsApprovals } from './devtools-approvals.js';
import { DevtoolsEventDetail } from './devtools-event-detail.js';
import { DevtoolsEventList } from './devtools-event-list.js';
import { DevtoolsHeadingLevel } from './devtools-heading.js';
import { DevtoolsFilters } from './devtools-filters.js';
import { DevtoolsScrubber } from './devtools-scrubber.js';
import { DevtoolsTiming } from './devtools-timing.js';
import { addedDiagnostics } from './diagnostic-marks.js';
import { foldChanges } from './fold-changes.js';
import type { EventFilter } from './event-filter.js';
import { describeEvents, filterEvents, filterFacets } from './event-filter.js';
import { sessionTiming } from './session-timing.js';
import { useDiagnosticMarks } from './use-diagnostic-marks.js';

/* -------------------------------------------------------------------------------------------------
 * DevtoolsInspector
 * -----------------------------------------------------------------------------------------------*/

/** Props of `DevtoolsInspector`. */
interface DevtoolsInspectorProps {
  /** The recording to inspect; a live one grows as it records. */
  session: RecordingSession;
  /**
   * Events folded (0 to all), controlled; `null` follows the end of a live session.
   * @default null
   */
  position?: number | null;
  /** Called when the user scrubs, steps, picks an event or a replay moves on. */
  onPositionChange?(position: number | null): void;
  /**
   * How the first `count` events become a conversation: the protocol's own driver
   * (`foldRecording`) unless given, e.g. for a log that holds the user's turns between events.
   * @default foldRecording
   */
  fold?: RecordingFold;
  /**
   * The level of its section headings, to fit the page's outline (`2` on a page whose title is
   * the `h1`).
   * @default 3
   */
  headingLevel?: 2 | 3;
  /** Leaves out the panel's stylesheet (`AgentDevtools` renders it once for both). @default false */
  unstyled?: boolean;
}

/** A fold of a session's first `count` events, as `foldRecording` does it. */
type RecordingFold = (session: RecordingSession, count: number) => FoldedRecording;

/**
 * One recording, inspected: the event list with its filters, a scrubber that re-folds to any
 * event and shows the conversation as it stood then in the real `MessageList`, what the selected
 * event changed and caused, timing, approvals and decisions, and replay.
 * @selector [data-slot="devtools-inspector"] the root, with `data-protocol`
 */
function DevtoolsInspector(props: DevtoolsInspectorProps) {
  const { session, fold = foldRecording } = props;
  const [ownPosition, setOwnPosition] = React.useState<number | null>(null);
  const controlled = props.position !== undefined;
  const total = session.events.length;
  const wanted = controlled ? (props.position ?? null) : ownPosition;
  const position = wanted === null ? total : Math.min(wanted, total);
  const { onPositionChange } = props;
  const setPosition = React.useCallback(
    (next: number | null) => {
      if (!controlled) setOwnPosition(next);
      onPositionChange?.(next);
    },
    [controlled, onPositionChange],
  );
  // Reaching the end of a live session follows it again.
  const scrub = (next: number) => setPosition(next >= total ? null : next);

  const [filter, setFilter] = React.useState<EventFilter>({});
  const [replay, setReplay] = React.useState<{
    run: Replay;
    folded: FoldedRecording | null;
  } | null>(null);
  const protocol = session.header.protocol;
  const descriptions = React.useMemo(
    () => describeEvents(protocol, session.events, describeEvent),
    [protocol, session.events],
  );
  const facets = React.useMemo(() => filterFacets(descriptions), [descriptions]);
  const shown = React.useMemo(() => filterEvents(descriptions, filter), [descriptions, filter]);
  const timing = React.useMemo(
    () => sessionTiming(session.events, session.commits),
    [session.events, session.commits],
  );
  const marks = useDiagnosticMarks(session, fold);

  // Folded at once, not deferred: what the list shows is always the scrubber's position (the
  // fold moves forward incrementally; only stepping back folds again from the start).
  const folded = React.useMemo(() => {
    if (replay?.folded) return replay.folded;
    return safeFold(fold, session, position);
  }, [replay, fold, session, position]);

  const selected = position - 1;
  const event = session.events[selected];
  const detail = React.useMemo(() => {
    if (event === undefined) return { changes: [], diagnostics: [] };
    const before = safeFold(fold, session, selected);
    const after = safeFold(fold, session, selected + 1);
    return {
      changes:
        fold === foldRecording
          ? safeChanges(session, event.seq)
          : foldChanges(before.messages, after.messages),
      diagnostics: addedDiagnostics(before.diagnostics, after.diagnostics),
    };
  }, [fold, session, event, selected]);

  const stopReplay = React.useCallback(() => {
    setReplay((current) => {
      current?.run.stop();
      return null;
    });
  }, []);
  // A replay belongs to the session it started on.
  React.useEffect(() => stopReplay, [session, stopReplay]);

  const startReplay = (speed: number) => {
    stopReplay();
    const run = replayRecording(session, {
      speed,
      onFold: (next, count) => {
        const shown = fold === foldRecording ? next : safeFold(fold, session, count);
        setReplay((current) => (current?.run === run ? { run, folded: shown } : current));
        setPosition(count >= total ? null : count);
      },
    });
    setReplay({ run, folded: null });
    void run.done.then(() => setReplay((current) => (current?.run === run ? null : current)));
  };

  const select = (index: number) => {
    stopReplay();
    scrub(index + 1);
  };

  return (
    <DevtoolsHeadingLevel level={props.headingLevel ?? 3}>
      <div data-slot="devtools-inspector" data-protocol={protocol}>
        {props.unstyled ? null : <style>{DEVTOOLS_CSS}</style>}
        <DevtoolsScrubber
          position={position}
          total={total}
          onPositionChange={(next) => {
            stopReplay();
            scrub(next);
          }}
          replaying={replay !== null}
          onReplay={startReplay}
          onStopReplay={stopReplay}
        />
        <div data-slot="devtools-columns">
          <section data-slot="devtools-events" aria-label="Events">
            <DevtoolsFilters
              facets={facets}
              filter={filter}
              onFilterChange={setFilter}
              shown={shown.length}
              total={total}
            />
            <DevtoolsEventList
              label={`Events of ${session.header.label ?? session.id}`}
              events={session.events}
              descriptions={descriptions}
              shown={shown}
              selected={selected}
              gaps={timing.gaps}
              marks={marks}
              onSelect={select}
            />
          </section>
          <div
            data-slot="devtools-details"
            role="region"
            aria-label="Details"
            // It scrolls: keyboard users focus it to scroll with the arrow keys.
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
            tabIndex={0}
          >
            <DevtoolsEventDetail
              event={event}
              description={descriptions[selected]}
              gap={timing.gaps[selected] ?? 0}
              changes={detail.changes}
              diagnostics={detail.diagnostics}
            />
            <DevtoolsApprovals messages={folded.messages} decisions={session.decisions} />
            <DevtoolsTiming session={session} timing={timing} onSelect={select} />
          </div>
          <section data-slot="devtools-conversation" aria-label="Conversation at this point">
            <p data-slot="devtools-meta">
              {folded.messages.length} {folded.messages.length === 1 ? 'message' : 'messages'} ·{' '}
              {folded.diagnostics.length} diagnostics after {position} of {total} events
            </p>
            <div data-slot="devtools-conversation-list">
              <MessageList
                messages={folded.messages}
                label="Conversation at this point"
                announce={false}
                empty={<p data-slot="devtools-empty">No message yet at this point.</p>}
              />
            </div>
          </section>
        </div>
      </div>
    </DevtoolsHeadingLevel>
  );
}

const NOTHING: FoldedRecording = { messages: [], diagnostics: [] };

/** A fold that throws (a driver bug on a hostile frame) shows nothing rather than unmounting the panel. */
function safeFold(fold: RecordingFold, session: RecordingSession, count: number): FoldedRecording {
  try {
    return fold(session, count);
  } catch {
    return NOTHING;
  }
}

function safeChanges(session: RecordingSession, seq: number) {
  try {
    return eventChanges(session, seq);
  } catch {
    return [];
  }
}

export { DevtoolsInspector };
export type { DevtoolsInspectorProps, RecordingFold };
