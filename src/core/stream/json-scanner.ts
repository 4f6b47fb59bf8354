import {
  BACKSLASH,
  CLOSE_BRACE,
  CLOSE_BRACKET,
  OPEN_BRACE,
  OPEN_BRACKET,
  QUOTE,
} from '../text/char-codes.js';

/**
 * Finds where a JSON object or array ends by counting brackets outside strings, without parsing
 * it; its state carries over between calls so a value can be scanned one line at a time.
 */
export class JsonScanner {
  private readonly open: number[] = [];
  private escaped = false;
  /** Whether the text scanned so far ends inside a string. */
  inString = false;

  /** How many objects and arrays are open. */
  get depth(): number {
    return this.open.length;
  }

  /** Whether the innermost open container is an array. */
  get inArray(): boolean {
    return this.open[this.open.length - 1] === OPEN_BRACKET;
  }

  /** Forgets everything scanned. */
  reset(): void {
    this.open.length = 0;
    this.escaped = false;
    this.inString = false;
  }

  /**
   * Scans `text` from `from`, which must be an opening bracket when nothing is open, and returns
   * the index just past the bracket that closes the outermost container, or -1 if `text` ends first.
   */
  scan(text: string, from: number): number {
    for (let index = from; index < text.length; index++) {
      const code = text.charCodeAt(index);
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (code === BACKSLASH) this.escaped = true;
        else if (code === QUOTE) this.inString = false;
      } else if (code === QUOTE) {
        this.inString = true;
      } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
        this.open.push(code);
      } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
        // A mismatched bracket still closes: JSON.parse reports the error once the value is cut out.
        this.open.pop();
        if (this.open.length === 0) return index + 1;
      }
    }
    return -1;
  }
}

/** Whether a character code opens a JSON object or array. */
export function isJsonOpener(code: number): boolean {
  return code === OPEN_BRACE || code === OPEN_BRACKET;
}
