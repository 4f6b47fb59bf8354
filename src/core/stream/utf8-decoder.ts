/** Decodes UTF-8 that arrives in pieces; a character split across pieces is joined. */
export interface Utf8Decoder {
  /** Decodes the next bytes, holding back an unfinished character. */
  decode(bytes: Uint8Array): string;
  /** Flushes what is held back (an unfinished character becomes U+FFFD). */
  end(): string;
}

interface TextDecoderLike {
  decode(input?: Uint8Array, options?: { stream?: boolean }): string;
}

type TextDecoderConstructor = new (
  label?: string,
  options?: { fatal?: boolean; ignoreBOM?: boolean },
) => TextDecoderLike;

/**
 * A streaming UTF-8 decoder: the platform's TextDecoder where there is one, else a small decoder
 * of our own. Invalid bytes become U+FFFD; a BOM is kept (the line splitter skips it).
 */
export function createUtf8Decoder(): Utf8Decoder {
  const TextDecoder = (globalThis as { TextDecoder?: TextDecoderConstructor }).TextDecoder;
  if (TextDecoder === undefined) return new Utf8StreamDecoder();
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  return {
    decode: (bytes) => decoder.decode(bytes, { stream: true }),
    end: () => decoder.decode(),
  };
}

const REPLACEMENT = 0xfffd;
const FLUSH_AT = 4096;

/**
 * The WHATWG Encoding Standard's UTF-8 decoder, streaming, for runtimes without TextDecoder;
 * it replaces invalid sequences with U+FFFD exactly as TextDecoder does.
 */
export class Utf8StreamDecoder implements Utf8Decoder {
  private codePoint = 0;
  private bytesSeen = 0;
  private bytesNeeded = 0;
  private lowerBoundary = 0x80;
  private upperBoundary = 0xbf;

  decode(bytes: Uint8Array): string {
    let output = '';
    const units: number[] = [];
    let index = 0;
    while (index < bytes.length) {
      const byte = bytes[index] as number;
      index += 1;
      if (this.bytesNeeded === 0) {
        if (byte <= 0x7f) units.push(byte);
        else if (byte >= 0xc2 && byte <= 0xdf) this.begin(1, byte & 0x1f);
        else if (byte >= 0xe0 && byte <= 0xef) {
          if (byte === 0xe0) this.lowerBoundary = 0xa0;
          if (byte === 0xed) this.upperBoundary = 0x9f;
          this.begin(2, byte & 0x0f);
        } else if (byte >= 0xf0 && byte <= 0xf4) {
          if (byte === 0xf0) this.lowerBoundary = 0x90;
          if (byte === 0xf4) this.upperBoundary = 0x8f;
          this.begin(3, byte & 0x07);
        } else units.push(REPLACEMENT);
      } else if (byte < this.lowerBoundary || byte > this.upperBoundary) {
        // The byte that broke the sequence is read again as the start of the next one.
        this.resetSequence();
        units.push(REPLACEMENT);
        index -= 1;
      } else {
        this.lowerBoundary = 0x80;
        this.upperBoundary = 0xbf;
        this.codePoint = (this.codePoint << 6) | (byte & 0x3f);
        this.bytesSeen += 1;
        if (this.bytesSeen === this.bytesNeeded) {
          pushCodePoint(units, this.codePoint);
          this.resetSequence();
        }
      }
      if (units.length >= FLUSH_AT) {
        output += String.fromCharCode(...units);
        units.length = 0;
      }
    }
    return units.length > 0 ? output + String.fromCharCode(...units) : output;
  }

  end(): string {
    if (this.bytesNeeded === 0) return '';
    this.resetSequence();
    return String.fromCharCode(REPLACEMENT);
  }

  private begin(bytesNeeded: number, codePoint: number): void {
    this.bytesNeeded = bytesNeeded;
    this.codePoint = codePoint;
  }

  private resetSequence(): void {
    this.codePoint = 0;
    this.bytesSeen = 0;
    this.bytesNeeded = 0;
    this.lowerBoundary = 0x80;
    this.upperBoundary = 0xbf;
  }
}

function pushCodePoint(units: number[], codePoint: number): void {
  if (codePoint <= 0xffff) {
    units.push(codePoint);
    return;
  }
  const offset = codePoint - 0x10000;
  units.push(0xd800 + (offset >> 10), 0xdc00 + (offset & 0x3ff));
}
