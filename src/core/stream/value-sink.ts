import type { StreamDiagnosticCode } from './diagnostic.js';

/** Where the text parsers deliver what they read, in stream order. */
export interface ValueSink {
  /** A parsed JSON value; `raw` is its source text when the parser has it at hand. */
  value(value: unknown, raw: string | undefined): void;
  /** A piece of text skipped for `code`; `raw` is that text. */
  diagnostic(code: StreamDiagnosticCode, message: string, raw: string): void;
}

/** Delivers a parsed JSON value: an array gives each of its elements, anything else itself. */
export function deliverJsonValue(value: unknown, raw: string, sink: ValueSink): void {
  if (!Array.isArray(value)) {
    sink.value(value, raw);
    return;
  }
  for (const element of value as unknown[]) sink.value(element, undefined);
}

/** Parses one JSON text and delivers it, or reports it as a malformed frame. */
export function deliverJsonText(text: string, sink: ValueSink): void {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    sink.diagnostic('malformed-frame', describeJsonError(error), text);
    return;
  }
  deliverJsonValue(value, text, sink);
}

/** The message of a JSON.parse failure. */
export function describeJsonError(error: unknown): string {
  return error instanceof Error ? `invalid JSON: ${error.message}` : 'invalid JSON';
}
