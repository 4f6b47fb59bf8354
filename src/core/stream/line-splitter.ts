/** The longest line or frame kept, in UTF-16 code units (16 Mi); longer ones are dropped. */
export const MAX_FRAME_LENGTH = 16 * 1024 * 1024;

const LF = 0x0a;
const BOM = 0xfeff;
const OVERFLOW_HEAD_LENGTH = 2000;

/**
 * Splits streamed text into lines ending in CRLF, LF or CR, whatever the chunk boundaries.
 * Each chunk is scanned once and only the unfinished last line is kept, so cost is linear.
 */
export class LineSplitter {
  private pending = '';
  private afterCarriageReturn = false;
  private overflowing = false;
  private started = false;

  constructor(
    private readonly onLine: (line: string) => void,
    private readonly onOverflow: (head: string) => void,
    private readonly maxLineLength: number = MAX_FRAME_LENGTH,
  ) {}

  /** Feeds the next piece of text; complete lines reach `onLine` before it returns. */
  push(chunk: string): void {
    if (chunk.length === 0) return;
    let start = 0;
    if (!this.started) {
      this.started = true;
      if (chunk.charCodeAt(0) === BOM) start = 1;
    }
    if (this.afterCarriageReturn) {
      this.afterCarriageReturn = false;
      if (chunk.charCodeAt(start) === LF) start += 1;
    }
    // Both positions are cached and searched again only once passed, so a chunk of many LF lines
    // is not searched to its end for a CR once per line.
    let nextLf = chunk.indexOf('\n', start);
    let nextCr = chunk.indexOf('\r', start);
    while (nextLf !== -1 || nextCr !== -1) {
      const isCr = nextCr !== -1 && (nextLf === -1 || nextCr < nextLf);
      const end = isCr ? nextCr : nextLf;
      this.finishLine(chunk, start, end);
      start = end + 1;
      if (isCr) {
        // The LF of a CRLF split across chunks arrives at the start of the next one.
        if (start === chunk.length) this.afterCarriageReturn = true;
        else if (chunk.charCodeAt(start) === LF) start += 1;
      }
      if (nextLf !== -1 && nextLf < start) nextLf = chunk.indexOf('\n', start);
      if (nextCr !== -1 && nextCr < start) nextCr = chunk.indexOf('\r', start);
    }
    if (start < chunk.length) this.keep(chunk, start);
  }

  /** Ends the stream: a last line with no line ending is still handed over. */
  end(): void {
    const line = this.pending;
    this.pending = '';
    if (this.overflowing) this.overflowing = false;
    else if (line.length > 0) this.onLine(line);
  }

  private finishLine(chunk: string, start: number, end: number): void {
    if (this.overflowing) {
      this.overflowing = false;
      return;
    }
    if (this.pending.length + (end - start) > this.maxLineLength) {
      this.reportOverflow(chunk, start);
      this.overflowing = false;
      return;
    }
    const line =
      this.pending.length === 0 ? chunk.slice(start, end) : this.pending + chunk.slice(start, end);
    this.pending = '';
    this.onLine(line);
  }

  private keep(chunk: string, start: number): void {
    if (this.overflowing) return;
    if (this.pending.length + (chunk.length - start) > this.maxLineLength) {
      this.reportOverflow(chunk, start);
      return;
    }
    this.pending += start === 0 ? chunk : chunk.slice(start);
  }

  private reportOverflow(chunk: string, start: number): void {
    const head =
      this.pending.length > 0
        ? this.pending.slice(0, OVERFLOW_HEAD_LENGTH)
        : chunk.slice(start, start + OVERFLOW_HEAD_LENGTH);
    this.pending = '';
    this.overflowing = true;
    this.onOverflow(head);
  }
}
