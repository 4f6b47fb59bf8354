import type { Diagnostic, MessageStreamProtocolName, Msg } from '../../core.js';

/** First line of an NDJSON recording: what recorded it, where and when. */
export interface RecordingHeader {
  readonly format: 'react-agent-messages.recording';
  /**
   * The file format's version: 2 adds events the app made itself (`RecordedEvent.kind`) and
   * unserializable markers. A file without it is version 1 and reads the same.
   */
  readonly formatVersion?: number;
  readonly protocol: MessageStreamProtocolName;
  /** The version of react-agent-messages that recorded it. */
  readonly version: string;
  readonly userAgent?: string;
  /** When the session started (ISO time). */
  readonly startedAt: string;
  /** Which store or hook recorded it (`message stream`, `useAiSdkChat`, `useAgUiAgent`). */
  readonly label?: string;
  /**
   * What the frames are: the wire's own frames and events (`stream`, the default), or the whole
   * message list as a hook saw it each time it changed (`messages`: `useAiSdkChat`'s `UIMessage[]`).
   */
  readonly frames?: 'stream' | 'messages';
  /** Events the ring let go before the first one kept: a replay starts mid-conversation. */
  readonly dropped?: number;
  /** What the export removed, by rule. */
  readonly redactions?: readonly RedactionNote[];
  /** Frames and decisions the export could not write as JSON (each is a marker in its line). */
  readonly unserializable?: number;
}

/**
 * What an event holds when it is not a wire frame: messages the app added (`add`) or reset the
 * store to (`reset`), an event the store folded ahead of the server (`event`: an optimistic
 * decision or its undoing), a call the store settled itself (`settle`: `{ toolCallId, allowed }`).
 */
export type RecordedEventKind = 'add' | 'reset' | 'event' | 'settle';

/** How many values one redaction rule changed in an export. */
export interface RedactionNote {
  readonly rule: string;
  readonly count: number;
}

/** One raw frame or event, as the store or binding received it. */
export interface RecordedEvent {
  /** 0-based, dense within a session (counting the dropped ones). */
  readonly seq: number;
  /** Milliseconds since the session started. */
  readonly at: number;
  /** The raw wire value: a parsed JSON event, a chunk, a text frame, a `UIMessage[]` snapshot. */
  readonly frame: unknown;
  /** The index of the commit (published snapshot) that showed it. */
  readonly commit: number;
  /** Set when the app made it, not the wire (`frame` then holds what it made). */
  readonly kind?: RecordedEventKind;
  /**
   * Why the frame could not be written (a cycle, a BigInt, a getter that threw): the export wrote
   * this marker and `frame: null` instead, and a fold skips the event.
   */
  readonly unserializable?: string;
}

/** One published snapshot: when, how many events it folded, and what its fold and publish cost. */
export interface RecordedCommit {
  readonly index: number;
  readonly at: number;
  readonly events: number;
  readonly ms: number;
}

/** A decision on a tool call, with what was sent on the wire. */
export interface RecordedDecision {
  readonly at: number;
  readonly toolCallId: string;
  readonly allowed: boolean;
  readonly sent: unknown;
}

/** One tapped store or hook. */
export interface RecordingSession {
  readonly id: string;
  readonly header: RecordingHeader;
  readonly events: readonly RecordedEvent[];
  readonly commits: readonly RecordedCommit[];
  readonly decisions: readonly RecordedDecision[];
  /** Events the bounded ring let go (the oldest first). */
  readonly dropped: number;
}

/** Options of `createRecorder`. */
export interface RecorderOptions {
  /** Events kept per session; older ones are dropped and counted. @default 10000 */
  readonly capacity?: number;
  /** Sessions kept; the oldest is let go when another opens. @default 20 */
  readonly maxSessions?: number;
  /** Whether it records from the start. @default true */
  readonly autoStart?: boolean;
}

/** Keeps what tapped stores and hooks receive, in a bounded ring per session. */
export interface Recorder {
  /** Ring size in events, per session. */
  readonly capacity: number;
  readonly recording: boolean;
  start(): void;
  stop(): void;
  /** Forgets every session. */
  clear(): void;
  sessions(): readonly RecordingSession[];
  /** Called after any change; returns the unsubscribe. For `useSyncExternalStore`. */
  subscribe(listener: () => void): () => void;
  /** A number that changes whenever anything does (`useSyncExternalStore`'s snapshot). */
  version(): number;
}

/** What the UI made of the first `count` events: the protocol driver's fold of them. */
export interface FoldedRecording {
  readonly messages: readonly Msg[];
  readonly diagnostics: readonly Diagnostic[];
}

/** What one event changed: a message, or a block of it, added, changed or removed. */
export interface EventChange {
  readonly messageId: string;
  readonly blockId?: string;
  readonly kind: 'added' | 'changed' | 'removed';
  readonly before?: unknown;
  readonly after?: unknown;
}

/** What a raw frame is about, for filtering: its type and the ids it names. */
export interface EventDescription {
  readonly type: string;
  readonly messageId?: string;
  readonly blockId?: string;
  readonly toolCallId?: string;
}

/**
 * A redaction: `redact` gets every text value of an export (with the key that holds it, if any)
 * and returns it with what must not leave the machine replaced.
 */
export interface RedactRule {
  readonly name: string;
  redact(value: string, key: string | undefined): string;
}

/** Options of `exportRecording`. */
export interface ExportOptions {
  /** The rules to apply (`defaultRedactRules` unless given), or `false` to export as recorded. */
  readonly redact?: false | readonly RedactRule[];
}

/** What `exportRecording` made: the NDJSON text and what it removed. */
export interface ExportedRecording {
  readonly ndjson: string;
  readonly removed: readonly RedactionNote[];
  /** Frames and decisions written as markers: JSON cannot hold them (the header's count). */
  readonly unserializable: number;
}

/** Options of `replayRecording`. */
export interface ReplayOptions {
  /** Recorded speed times this; `Infinity` replays as fast as possible. @default 1 */
  readonly speed?: number;
  /** Called with the fold after each event (`count` events folded). */
  onFold(folded: FoldedRecording, count: number): void;
}

/** A replay in progress. */
export interface Replay {
  stop(): void;
  /** Settles when the last event is folded or the replay is stopped. */
  readonly done: Promise<void>;
}
