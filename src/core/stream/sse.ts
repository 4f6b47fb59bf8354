import { LineParser } from './line-parser.js';
import { deliverJsonText } from './value-sink.js';

const SPACE = 0x20;
const DIGITS = /^[0-9]+$/;

/**
 * An incremental Server-Sent Events parser (WHATWG HTML §9.2.6) whose `data:` frames hold JSON.
 * `event:` names are ignored: AgentScope never sends them and the event type is inside the JSON.
 */
export class SseParser extends LineParser {
  /** The last event id dispatched, for `Last-Event-ID`; an empty `id:` resets it to null. */
  lastEventId: string | null = null;
  /** The last `retry:` value in milliseconds, or null. */
  retry: number | null = null;

  private idBuffer = '';
  private data: string | null = null;
  private dropping = false;

  /** Ends the stream, dispatching a last frame that lacks its closing blank line. */
  end(): void {
    this.lines.end();
    // The spec discards such a frame; a proxy that cuts the final "\n\n" should not cost an event.
    this.dispatch();
  }

  protected readLine(line: string): void {
    if (line.length === 0) {
      this.dispatch();
      return;
    }
    if (line.startsWith('data:')) {
      this.appendData(line.charCodeAt(5) === SPACE ? line.slice(6) : line.slice(5));
      return;
    }
    const colon = line.indexOf(':');
    if (colon === 0) return;
    const field = colon === -1 ? line : line.slice(0, colon);
    const valueStart = colon + (line.charCodeAt(colon + 1) === SPACE ? 2 : 1);
    const value = colon === -1 ? '' : line.slice(valueStart);
    switch (field) {
      case 'data':
        this.appendData(value);
        return;
      case 'id':
        if (!value.includes('\0')) this.idBuffer = value;
        return;
      case 'retry':
        if (DIGITS.test(value)) this.retry = Number(value);
        return;
      default:
        return;
    }
  }

  private appendData(value: string): void {
    if (this.dropping) return;
    if (this.data === null) {
      this.data = value;
    } else if (this.data.length + value.length + 1 > this.maxFrameLength) {
      this.dropLine(this.data.slice(0, 2000));
    } else {
      this.data += '\n' + value;
    }
  }

  protected dropLine(head: string): void {
    this.dropping = true;
    this.data = null;
    this.sink.diagnostic(
      'malformed-frame',
      `frame longer than ${this.maxFrameLength} characters dropped`,
      head,
    );
  }

  private dispatch(): void {
    this.lastEventId = this.idBuffer === '' ? null : this.idBuffer;
    const data = this.data;
    this.data = null;
    this.dropping = false;
    // `data:` with nothing after it carries no event; treat it like a frame with no data.
    if (data === null || data.length === 0) return;
    deliverJsonText(data, this.sink);
  }
}
