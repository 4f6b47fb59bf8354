'use client';

import * as React from 'react';
import type { FoldedRecording, RecordingSession } from '../recording/recording-types.js';
import { diagnosticMarks } from './diagnostic-marks.js';

const NO_MARKS: ReadonlyMap<number, number> = new Map();
/** A live session changes with every frame: its marks are worked out once it pauses. */
const SETTLE_MS = 250;

/** How many diagnostics each event of a session caused, worked out after it stops changing. */
export function useDiagnosticMarks(
  session: RecordingSession,
  fold: (session: RecordingSession, count: number) => FoldedRecording,
): ReadonlyMap<number, number> {
  const [marks, setMarks] = React.useState<{
    session: RecordingSession;
    marks: ReadonlyMap<number, number>;
  } | null>(null);
  React.useEffect(() => {
    const timer = setTimeout(() => {
      let next = NO_MARKS;
      try {
        next = diagnosticMarks(
          session.events.length,
          (count) => fold(session, count).diagnostics.length,
        );
      } catch {
        // A fold that throws is shown by the conversation pane; the list goes without marks.
      }
      setMarks({ session, marks: next });
    }, SETTLE_MS);
    return () => clearTimeout(timer);
  }, [session, fold]);
  return marks?.session === session ? marks.marks : (marks?.marks ?? NO_MARKS);
}
