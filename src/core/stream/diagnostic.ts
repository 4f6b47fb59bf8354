/** Why a piece of the stream was skipped: text that is not JSON, or JSON that is not an event. */
export interface StreamDiagnostic {
  kind: 'malformed-frame' | 'invalid-event';
  message: string;
  /** The offending text, cut to at most 2,000 characters. */
  raw: string;
}

const MAX_RAW_LENGTH = 2000;

/** Builds a diagnostic, keeping at most 2,000 characters of the offending text. */
export function createDiagnostic(
  kind: StreamDiagnostic['kind'],
  message: string,
  raw: string,
): StreamDiagnostic {
  return { kind, message, raw: raw.length > MAX_RAW_LENGTH ? raw.slice(0, MAX_RAW_LENGTH) : raw };
}
