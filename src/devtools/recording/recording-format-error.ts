/** A recording that cannot be read, with the 1-based NDJSON line at fault. */
export class RecordingFormatError extends Error {
  override readonly name = 'RecordingFormatError';

  constructor(
    message: string,
    /** The 1-based line of the NDJSON text. */
    readonly line: number,
  ) {
    super(`Line ${line}: ${message}`);
  }
}
