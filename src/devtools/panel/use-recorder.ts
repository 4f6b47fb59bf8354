'use client';

import * as React from 'react';
import type { Recorder, RecordingSession } from '../recording/recording-types.js';

/** What the panel reads from a recorder; a new object whenever the recorder changes. */
export interface RecorderView {
  readonly recording: boolean;
  readonly capacity: number;
  readonly sessions: readonly RecordingSession[];
}

const SERVER_VIEW: RecorderView = { recording: false, capacity: 0, sessions: [] };

/** The recorder's state, kept current through `useSyncExternalStore`. */
export function useRecorder(recorder: Recorder): RecorderView {
  const cache = React.useRef<{ recorder: Recorder; version: number; view: RecorderView } | null>(
    null,
  );
  const getSnapshot = React.useCallback((): RecorderView => {
    const version = recorder.version();
    const cached = cache.current;
    if (cached?.recorder === recorder && cached.version === version) return cached.view;
    const view = {
      recording: recorder.recording,
      capacity: recorder.capacity,
      sessions: recorder.sessions(),
    };
    cache.current = { recorder, version, view };
    return view;
  }, [recorder]);
  const subscribe = React.useCallback(
    (listener: () => void) => recorder.subscribe(listener),
    [recorder],
  );
  return React.useSyncExternalStore(subscribe, getSnapshot, () => SERVER_VIEW);
}
