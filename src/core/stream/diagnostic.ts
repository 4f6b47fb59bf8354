/**
 * Why `readEventStream` skipped a piece of the stream; the `code` of its diagnostics, whose `raw`
 * is the offending text.
 * - `malformed-frame`: text that is not JSON (or an SSE frame that cannot be read).
 * - `invalid-event`: JSON that is not an AgentScope event.
 */
export type StreamDiagnosticCode = 'malformed-frame' | 'invalid-event';
