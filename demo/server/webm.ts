/*
 * A short playable WebM clip, encoded here: VP8 key frames (RFC 6386) in a Matroska container.
 * Each frame is one flat colour. Only the top-left macroblock carries coefficients (a DC value
 * for luma and chroma); every other macroblock is skipped and predicts DC from its neighbours,
 * which copies that colour across the frame. That needs the boolean entropy coder, the frame
 * header, the coefficient token tree and two probability tables (RFC 6386 §13.4–13.5, vp8-tables.ts).
 */
import { COEFF_UPDATE_PROBS, DEFAULT_COEFF_PROBS } from './vp8-tables.js';

/* -------------------------------------------------------------------------------------------------
 * Boolean entropy encoder (RFC 6386 §7.3)
 * -----------------------------------------------------------------------------------------------*/

class BoolEncoder {
  private readonly out: number[] = [];
  private range = 255;
  private bottom = 0;
  private bitCount = 24;

  bool(probability: number, value: boolean | number): void {
    const split = 1 + (((this.range - 1) * probability) >> 8);
    if (value) {
      this.bottom = (this.bottom + split) >>> 0;
      this.range -= split;
    } else {
      this.range = split;
    }
    while (this.range < 128) {
      this.range <<= 1;
      if (this.bottom & 0x80000000) this.carry();
      this.bottom = (this.bottom << 1) >>> 0;
      if (--this.bitCount === 0) {
        this.out.push(this.bottom >>> 24);
        this.bottom &= 0xffffff;
        this.bitCount = 8;
      }
    }
  }

  literal(value: number, bits: number): void {
    for (let bit = bits - 1; bit >= 0; bit--) this.bool(128, (value >> bit) & 1);
  }

  finish(): Uint8Array {
    let c = this.bitCount;
    let v = this.bottom;
    if (v & (1 << (32 - c))) this.carry();
    v = (v << (c & 7)) >>> 0;
    c >>= 3;
    while (--c >= 0) v = (v << 8) >>> 0;
    for (let i = 0; i < 4; i++) {
      this.out.push(v >>> 24);
      v = (v << 8) >>> 0;
    }
    return Uint8Array.from(this.out);
  }

  private carry(): void {
    let at = this.out.length - 1;
    while (at >= 0 && this.out[at] === 255) this.out[at--] = 0;
    if (at >= 0) this.out[at] = (this.out[at] ?? 0) + 1;
  }
}

/* -------------------------------------------------------------------------------------------------
 * Coefficient tokens (RFC 6386 §13)
 * -----------------------------------------------------------------------------------------------*/

const BANDS = [0, 1, 2, 3, 6, 4, 5, 6, 6, 6, 6, 6, 6, 6, 6, 7];
const CATEGORIES = [
  { base: 5, probs: [159] },
  { base: 7, probs: [165, 145] },
  { base: 11, probs: [173, 148, 140] },
  { base: 19, probs: [176, 155, 140, 135] },
  { base: 35, probs: [180, 157, 141, 134, 130] },
  { base: 67, probs: [254, 254, 243, 230, 196, 177, 153, 140, 133, 130, 129] },
];

/** `list[index]`, which the tables guarantee to exist. */
function at<T>(list: readonly T[], index: number): T {
  const value = list[index];
  if (value === undefined) throw new RangeError(`no entry ${index}`);
  return value;
}

/** Writes one block holding only a DC value (or nothing); returns whether it has a coefficient. */
function writeDcBlock(
  encoder: BoolEncoder,
  type: number,
  first: number,
  context: number,
  dc: number,
): boolean {
  const probs = (index: number, ctx: number) =>
    at(at(at(DEFAULT_COEFF_PROBS, type), at(BANDS, index)), ctx);
  if (first > 0 || dc === 0) {
    encoder.bool(at(probs(first, context), 0), 0); // EOB straight away
    return false;
  }
  const p = probs(0, context);
  const magnitude = Math.abs(dc);
  encoder.bool(at(p, 0), 1); // not EOB
  encoder.bool(at(p, 1), 1); // not zero
  if (magnitude === 1) {
    encoder.bool(at(p, 2), 0);
  } else {
    encoder.bool(at(p, 2), 1);
    if (magnitude <= 4) {
      encoder.bool(at(p, 3), 0);
      if (magnitude === 2) encoder.bool(at(p, 4), 0);
      else {
        encoder.bool(at(p, 4), 1);
        encoder.bool(at(p, 5), magnitude === 4);
      }
    } else {
      encoder.bool(at(p, 3), 1);
      const cat = CATEGORIES.findLastIndex((category) => magnitude >= category.base);
      const category = at(CATEGORIES, cat);
      if (cat < 2) {
        encoder.bool(at(p, 6), 0);
        encoder.bool(at(p, 7), cat === 1);
      } else {
        encoder.bool(at(p, 6), 1);
        if (cat < 4) {
          encoder.bool(at(p, 8), 0);
          encoder.bool(at(p, 9), cat === 3);
        } else {
          encoder.bool(at(p, 8), 1);
          encoder.bool(at(p, 10), cat === 5);
        }
      }
      const extra = magnitude - category.base;
      category.probs.forEach((prob, bit) =>
        encoder.bool(prob, (extra >> (category.probs.length - 1 - bit)) & 1),
      );
    }
  }
  encoder.bool(128, dc < 0); // sign
  encoder.bool(at(probs(1, magnitude === 1 ? 1 : 2), 0), 0); // then EOB
  return true;
}

/* -------------------------------------------------------------------------------------------------
 * One key frame
 * -----------------------------------------------------------------------------------------------*/

/** A VP8 key frame of one flat colour (Y, U, V in 0–255). */
function vp8KeyFrame(
  width: number,
  height: number,
  [y, u, v]: readonly [number, number, number],
): Uint8Array {
  const columns = Math.ceil(width / 16);
  const rows = Math.ceil(height / 16);
  const header = new BoolEncoder();
  header.literal(0, 1); // colour space
  header.literal(0, 1); // clamping required
  header.literal(0, 1); // no segmentation
  header.literal(0, 1); // normal loop filter
  header.literal(0, 6); // loop filter level 0: off
  header.literal(0, 3); // sharpness
  header.literal(0, 1); // no loop filter adjustments
  header.literal(0, 2); // one token partition
  header.literal(0, 7); // quantizer index 0 (finest)
  for (let i = 0; i < 5; i++) header.literal(0, 1); // no quantizer deltas
  header.literal(0, 1); // refresh_entropy_probs: no
  for (const probs of COEFF_UPDATE_PROBS.flat(2)) for (const p of probs) header.bool(p, 0);
  header.literal(1, 1); // mb_no_skip_coeff
  const skipFalse = 16;
  header.literal(skipFalse, 8);

  const tokens = new BoolEncoder();
  for (let mb = 0; mb < columns * rows; mb++) {
    const coded = mb === 0;
    header.bool(skipFalse, !coded); // mb_skip_coeff
    header.bool(145, 1); // not B_PRED
    header.bool(156, 0);
    header.bool(163, 0); // DC_PRED
    header.bool(142, 0); // chroma DC_PRED
    if (!coded) continue;
    // Quantizer index 0: Y2 DC dequantizes ×8, chroma DC ×4; the inverse transforms then divide
    // by 64 (luma) and 8 (chroma), so these values shift the predicted 128 by the wanted offset.
    writeDcBlock(tokens, 1, 0, 0, (y - 128) * 8);
    for (let block = 0; block < 16; block++) writeDcBlock(tokens, 0, 1, 0, 0);
    for (const value of [u, v]) {
      const dc = (value - 128) * 2;
      const nz = dc !== 0 ? 1 : 0;
      writeDcBlock(tokens, 2, 0, 0, dc);
      writeDcBlock(tokens, 2, 0, nz, dc);
      writeDcBlock(tokens, 2, 0, nz, dc);
      writeDcBlock(tokens, 2, 0, nz * 2, dc);
    }
  }
  const first = header.finish();
  const second = tokens.finish();
  const frame = new Uint8Array(10 + first.length + second.length);
  const tag = (first.length << 5) | (1 << 4); // key frame, version 0, shown
  frame.set([tag & 0xff, (tag >> 8) & 0xff, (tag >> 16) & 0xff, 0x9d, 0x01, 0x2a]);
  frame.set([width & 0xff, width >> 8, height & 0xff, height >> 8], 6);
  frame.set(first, 10);
  frame.set(second, 10 + first.length);
  return frame;
}

/* -------------------------------------------------------------------------------------------------
 * Matroska (WebM) container
 * -----------------------------------------------------------------------------------------------*/

function vint(size: number): number[] {
  for (let length = 1; length <= 8; length++) {
    if (size < 2 ** (7 * length) - 1) {
      const bytes: number[] = [];
      let rest = size;
      for (let i = 0; i < length; i++) {
        bytes.unshift(rest % 256);
        rest = Math.floor(rest / 256);
      }
      bytes[0] = (bytes[0] ?? 0) | (1 << (8 - length));
      return bytes;
    }
  }
  throw new Error('element too large');
}

function element(id: number, body: Uint8Array | number[]): number[] {
  const idBytes: number[] = [];
  for (let rest = id; rest > 0; rest = Math.floor(rest / 256)) idBytes.unshift(rest % 256);
  return [...idBytes, ...vint(body.length), ...body];
}

const uint = (value: number): number[] => (value < 256 ? [value] : [value >> 8, value & 0xff]);
const text = (value: string): number[] => [...Buffer.from(value, 'ascii')];
function float(value: number): number[] {
  const bytes = Buffer.alloc(8);
  bytes.writeDoubleBE(value);
  return [...bytes];
}

/** RGB to video-range BT.601 Y, U, V. */
function yuv([R, G, B]: readonly [number, number, number]): [number, number, number] {
  return [
    Math.round(16 + (65.481 * R + 128.553 * G + 24.966 * B) / 255),
    Math.round(128 + (-37.797 * R - 74.203 * G + 112 * B) / 255),
    Math.round(128 + (112 * R - 93.786 * G - 18.214 * B) / 255),
  ];
}

function hueToRgb(hue: number): [number, number, number] {
  const channel = (n: number) => {
    const k = (n + hue / 60) % 6;
    return Math.round(255 * (0.85 - 0.6 * Math.max(0, Math.min(k, 4 - k, 1))));
  };
  return [channel(5), channel(3), channel(1)];
}

/** A 2-second, 160×90 clip at 10 frames per second that cycles through the hues. */
export function createWebm(): Buffer {
  const width = 160;
  const height = 90;
  const frames = 20;
  const frameMs = 100;
  const blocks: number[] = [];
  for (let i = 0; i < frames; i++) {
    const frame = vp8KeyFrame(width, height, yuv(hueToRgb((i * 360) / frames)));
    const time = i * frameMs;
    blocks.push(...element(0xa3, [0x81, time >> 8, time & 0xff, 0x80, ...frame]));
  }
  const header = element(0x1a45dfa3, [
    ...element(0x4286, [1]),
    ...element(0x42f7, [1]),
    ...element(0x42f2, [4]),
    ...element(0x42f3, [8]),
    ...element(0x4282, text('webm')),
    ...element(0x4287, [2]),
    ...element(0x4285, [2]),
  ]);
  const info = element(0x1549a966, [
    ...element(0x2ad7b1, [0x0f, 0x42, 0x40]), // 1 ms timecode scale
    ...element(0x4d80, text('react-agent-messages demo')),
    ...element(0x5741, text('react-agent-messages demo')),
    ...element(0x4489, float(frames * frameMs)),
  ]);
  const tracks = element(0x1654ae6b, [
    ...element(0xae, [
      ...element(0xd7, [1]),
      ...element(0x73c5, [1]),
      ...element(0x83, [1]),
      ...element(0x86, text('V_VP8')),
      ...element(0xe0, [...element(0xb0, uint(width)), ...element(0xba, uint(height))]),
    ]),
  ]);
  const cluster = element(0x1f43b675, [...element(0xe7, [0]), ...blocks]);
  const segment = element(0x18538067, [...info, ...tracks, ...cluster]);
  return Buffer.from([...header, ...segment]);
}
