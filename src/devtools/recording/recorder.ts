import type {
  DevtoolsHook,
  DevtoolsTap,
  DevtoolsTapInfo,
} from '../../core/client/devtools-hook.js';
import { devtoolsNow } from '../../core/client/devtools-hook.js';
import { LIBRARY_VERSION, RECORDING_FORMAT_VERSION } from './library-version.js';
import type {
  RecordedCommit,
  RecordedDecision,
  RecordedEvent,
  RecordedEventKind,
  Recorder,
  RecorderOptions,
  RecordingSession,
} from './recording-types.js';
import { Ring } from './ring.js';

/** A recorder is also the hook that stores and bindings open their taps on. */
export interface RecorderHook extends Recorder, DevtoolsHook {}

/**
 * A recorder: every store and hook opened while it is installed (`installRecorder`, or importing
 * this entry for `defaultRecorder`) becomes a session, once it receives its first frame.
 * @example
 * const recorder = createRecorder({ capacity: 2000 });
 * installRecorder(recorder);
 */
export function createRecorder(options: RecorderOptions = {}): RecorderHook {
  return new RingRecorder(options);
}

let sessionCount = 0;

class RingRecorder implements RecorderHook {
  readonly capacity: number;
  recording: boolean;
  private readonly maxSessions: number;
  private live: LiveSession[] = [];
  private listeners = new Set<() => void>();
  private changes = 0;
  private notifying = false;
  private cached: readonly RecordingSession[] | null = null;

  constructor(options: RecorderOptions) {
    this.capacity = Math.max(1, Math.floor(options.capacity ?? 10_000));
    this.maxSessions = Math.max(1, Math.floor(options.maxSessions ?? 20));
    this.recording = options.autoStart ?? true;
  }

  start = (): void => {
    if (this.recording) return;
    this.recording = true;
    this.changed();
  };

  stop = (): void => {
    if (!this.recording) return;
    this.recording = false;
    this.changed();
  };

  clear = (): void => {
    for (const session of this.live) session.closed = true;
    this.live = [];
    this.changed();
  };

  sessions = (): readonly RecordingSession[] => {
    this.cached ??= this.live.map((session) => session.snapshot());
    return this.cached;
  };

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  version = (): number => this.changes;

  open = (info: DevtoolsTapInfo): DevtoolsTap => {
    let session: LiveSession | null = null;
    // A session is made at its first frame: a store React made twice (StrictMode) and never
    // used is no session.
    const current = (): LiveSession | null => {
      if (!this.recording) return null;
      if (session === null || session.closed) {
        session = new LiveSession(info, this.capacity);
        this.live = [...this.live, session].slice(-this.maxSessions);
      }
      return session;
    };
    return {
      frame: (value) => {
        current()?.frame(value);
        this.changed();
      },
      commit: (ms) => {
        if (session === null || session.closed || !this.recording) return;
        session.commit(ms);
        this.changed();
      },
      app: (kind, value) => {
        current()?.frame(value, kind);
        this.changed();
      },
      decision: (toolCallId, allowed, sent) => {
        current()?.decision(toolCallId, allowed, sent);
        this.changed();
      },
    };
  };

  /** Tells the listeners once per task, however many frames arrived in it. */
  private changed(): void {
    this.changes += 1;
    this.cached = null;
    if (this.notifying) return;
    this.notifying = true;
    queueMicrotask(() => {
      this.notifying = false;
      for (const listener of this.listeners) listener();
    });
  }
}

/** One tapped store or hook, as it records. */
class LiveSession {
  readonly id = `session-${++sessionCount}`;
  closed = false;
  private readonly began = devtoolsNow();
  private readonly startedAt = new Date().toISOString();
  private readonly events: Ring<RecordedEvent>;
  private readonly commits: Ring<RecordedCommit>;
  private readonly decisions: Ring<RecordedDecision>;
  private seq = 0;
  private pending = 0;
  private commitCount = 0;
  private cached: RecordingSession | null = null;

  constructor(
    private readonly info: DevtoolsTapInfo,
    capacity: number,
  ) {
    this.events = new Ring(capacity);
    this.commits = new Ring(capacity);
    this.decisions = new Ring(capacity);
  }

  frame(value: unknown, kind?: RecordedEventKind): void {
    const event = { seq: this.seq++, at: this.now(), frame: value, commit: this.commitCount };
    this.events.push(kind === undefined ? event : { ...event, kind });
    this.pending += 1;
    this.cached = null;
  }

  commit(ms: number): void {
    const events = this.pending;
    this.pending = 0;
    this.commits.push({ index: this.commitCount++, at: this.now(), events, ms });
    this.cached = null;
  }

  decision(toolCallId: string, allowed: boolean, sent: unknown): void {
    this.decisions.push({ at: this.now(), toolCallId, allowed, sent });
    this.cached = null;
  }

  snapshot(): RecordingSession {
    if (this.cached !== null) return this.cached;
    const { info, events } = this;
    const userAgent = globalThis.navigator?.userAgent;
    this.cached = {
      id: this.id,
      header: {
        format: 'react-agent-messages.recording',
        formatVersion: RECORDING_FORMAT_VERSION,
        protocol: info.protocol() ?? 'agentscope',
        version: LIBRARY_VERSION,
        ...(userAgent ? { userAgent } : {}),
        startedAt: this.startedAt,
        label: info.label,
        frames: info.frames,
        ...(events.dropped > 0 ? { dropped: events.dropped } : {}),
      },
      events: events.items(),
      commits: this.commits.items(),
      decisions: this.decisions.items(),
      dropped: events.dropped,
    };
    return this.cached;
  }

  private now(): number {
    return Math.round((devtoolsNow() - this.began) * 1000) / 1000;
  }
}
