export type {
  EventChange,
  EventDescription,
  ExportedRecording,
  ExportOptions,
  FoldedRecording,
  RecordedCommit,
  RecordedDecision,
  RecordedEvent,
  RecordedEventKind,
  Recorder,
  RecorderOptions,
  RecordingHeader,
  RecordingSession,
  RedactionNote,
  RedactRule,
  Replay,
  ReplayOptions,
} from './recording-types.js';
export type { RecorderHook } from './recorder.js';
export { createRecorder } from './recorder.js';
export { defaultRecorder } from './default-recorder.js';
export { installRecorder } from './install-recorder.js';
export { foldRecording } from './fold-recording.js';
export { eventChanges } from './event-changes.js';
export { describeEvent } from './describe-event.js';
export { defaultRedactRules } from './redact-rules.js';
export { exportRecording, importRecording } from './ndjson.js';
export { RecordingFormatError } from './recording-format-error.js';
export { replayRecording } from './replay-recording.js';
export { LIBRARY_VERSION } from './library-version.js';
