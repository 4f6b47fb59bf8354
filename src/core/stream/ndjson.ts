import { isJsonOpener, JsonScanner } from './json-scanner.js';
import { LineParser } from './line-parser.js';
import { deliverJsonText, deliverJsonValue } from './value-sink.js';

const OPEN_BRACE = 0x7b;
const NOT_WHITESPACE = /\S/g;

/**
 * An incremental NDJSON parser: one JSON value per line, blank lines skipped. It also reads
 * objects written back to back on one line and values pretty-printed over several lines.
 */
export class NdjsonParser extends LineParser {
  private readonly scanner = new JsonScanner();
  private carrying = false;
  /** The lines of a value that spans several lines; null while skipping one that grew too long. */
  private carry: string[] | null = null;
  private carryLength = 0;

  /** Ends the stream; a last line without a line ending is read like any other. */
  end(): void {
    this.lines.end();
    if (this.carrying) this.dropCarried('JSON value not finished at end of stream');
  }

  protected readLine(line: string): void {
    if (this.carrying) this.continueValue(line);
    else this.readText(line);
  }

  private readText(text: string): void {
    const trimmed = text.trim();
    if (trimmed.length === 0) return;
    let value: unknown;
    try {
      value = JSON.parse(trimmed);
    } catch {
      this.split(trimmed);
      return;
    }
    deliverJsonValue(value, trimmed, this.sink);
  }

  // The slow path, taken only by lines JSON.parse rejects: cut them into top-level values.
  private split(text: string): void {
    let index = 0;
    while (index < text.length) {
      NOT_WHITESPACE.lastIndex = index;
      if (NOT_WHITESPACE.exec(text) === null) return;
      index = NOT_WHITESPACE.lastIndex - 1;
      if (!isJsonOpener(text.charCodeAt(index))) {
        const next = nextOpener(text, index);
        this.sink.diagnostic(
          'malformed-frame',
          'invalid JSON: text outside a JSON value',
          text.slice(index, next),
        );
        index = next;
        continue;
      }
      this.scanner.reset();
      const end = this.scanner.scan(text, index);
      if (end === -1) {
        this.startCarrying(text.slice(index));
        return;
      }
      deliverJsonText(text.slice(index, end), this.sink);
      index = end;
    }
  }

  private startCarrying(text: string): void {
    // A raw line break is not allowed inside a JSON string, so such a value can never finish.
    if (this.scanner.inString) {
      this.sink.diagnostic('malformed-frame', 'invalid JSON: unterminated string', text);
      return;
    }
    this.carrying = true;
    this.carry = [text];
    this.carryLength = text.length;
  }

  /** Reports the value read so far as malformed (unless it was already skipped) and drops it. */
  private dropCarried(why: string): void {
    if (this.carry !== null) this.sink.diagnostic('malformed-frame', why, this.carry.join('\n'));
    this.stopCarrying();
  }

  private continueValue(line: string): void {
    if (this.abandonsValue(line)) {
      this.dropCarried('invalid JSON: value cut short');
      this.readText(line);
      return;
    }
    const end = this.scanner.scan(line, 0);
    if (end === -1) {
      if (this.scanner.inString) {
        if (this.carry !== null) {
          this.sink.diagnostic(
            'malformed-frame',
            'invalid JSON: unterminated string',
            `${this.carry.join('\n')}\n${line}`,
          );
        }
        this.stopCarrying();
      } else if (this.carry !== null) {
        this.carryLength += line.length + 1;
        if (this.carryLength > this.maxFrameLength) {
          this.dropLine(this.carry.join('\n').slice(0, 2000), 'value');
          this.carry = null;
        } else {
          this.carry.push(line);
        }
      }
      return;
    }
    const carry = this.carry;
    this.stopCarrying();
    if (carry !== null) {
      carry.push(line.slice(0, end));
      deliverJsonText(carry.join('\n'), this.sink);
    }
    if (end < line.length) this.readText(line.slice(end));
  }

  /**
   * Whether a line shows that the value being carried was cut short: an unindented line holding a
   * whole object, where one cannot continue the value (anywhere but as an element of a top-level
   * array, where an unindented array of events puts them).
   */
  private abandonsValue(line: string): boolean {
    if (line.charCodeAt(0) !== OPEN_BRACE) return false;
    if (this.scanner.depth === 1 && this.scanner.inArray) return false;
    try {
      const value: unknown = JSON.parse(line);
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    } catch {
      return false;
    }
  }

  private stopCarrying(): void {
    this.carrying = false;
    this.carry = null;
    this.carryLength = 0;
    this.scanner.reset();
  }

  protected dropLine(head: string, what: 'line' | 'value' = 'line'): void {
    this.sink.diagnostic(
      'malformed-frame',
      `${what} longer than ${this.maxFrameLength} characters dropped`,
      head,
    );
  }
}

function nextOpener(text: string, from: number): number {
  for (let index = from + 1; index < text.length; index++) {
    if (isJsonOpener(text.charCodeAt(index))) return index;
  }
  return text.length;
}
