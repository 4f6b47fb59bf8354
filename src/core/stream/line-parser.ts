import { LineSplitter, MAX_FRAME_LENGTH } from './line-splitter.js';
import type { ValueSink } from './value-sink.js';

/**
 * What the NDJSON and SSE parsers share: text fed in pieces, read line by line, with what they
 * find handed to a sink and a line longer than `maxFrameLength` passed to `dropLine`.
 */
export abstract class LineParser {
  protected readonly lines: LineSplitter;

  constructor(
    protected readonly sink: ValueSink,
    protected readonly maxFrameLength: number = MAX_FRAME_LENGTH,
  ) {
    this.lines = new LineSplitter(
      (line) => this.readLine(line),
      (head) => this.dropLine(head),
      maxFrameLength,
    );
  }

  /** Feeds the next piece of text; what it completes reaches the sink before it returns. */
  push(text: string): void {
    this.lines.push(text);
  }

  /** Ends the stream: the last line, and whatever it leaves unfinished. */
  abstract end(): void;

  /** Reads one complete line (without its line ending). */
  protected abstract readLine(line: string): void;

  /** Reports a line that grew past `maxFrameLength`, of which `head` is the start. */
  protected abstract dropLine(head: string): void;
}
