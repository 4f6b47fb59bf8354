/*
 * Media the scripted agent shows, generated here at start-up (no downloads, no binary files in
 * the repository): PNG images drawn pixel by pixel and deflated with zlib, a WAV chime, a
 * one-page PDF and a short WebM clip (see webm.ts). Served same-origin under /media/, so the
 * library's URL policy loads them without asking.
 */
import { crc32, deflateSync } from 'node:zlib';
import { createWebm } from './webm.js';

/* -------------------------------------------------------------------------------------------------
 * PNG
 * -----------------------------------------------------------------------------------------------*/

type Rgb = readonly [number, number, number];

class Canvas {
  readonly pixels: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb,
  ) {
    this.pixels = new Uint8Array(width * height * 3);
    this.rect(0, 0, width, height, background);
  }

  rect(x: number, y: number, w: number, h: number, color: Rgb): void {
    for (let row = Math.max(0, y); row < Math.min(this.height, y + h); row++) {
      for (let col = Math.max(0, x); col < Math.min(this.width, x + w); col++) {
        this.pixels.set(color, (row * this.width + col) * 3);
      }
    }
  }

  circle(cx: number, cy: number, r: number, color: Rgb): void {
    for (let row = cy - r; row <= cy + r; row++) {
      for (let col = cx - r; col <= cx + r; col++) {
        if ((row - cy) ** 2 + (col - cx) ** 2 <= r * r) this.rect(col, row, 1, 1, color);
      }
    }
  }

  toPng(): Buffer {
    const stride = this.width * 3 + 1;
    const raw = Buffer.alloc(stride * this.height);
    for (let row = 0; row < this.height; row++) {
      raw[row * stride] = 0; // filter: none
      raw.set(
        this.pixels.subarray(row * this.width * 3, (row + 1) * this.width * 3),
        row * stride + 1,
      );
    }
    const header = Buffer.alloc(13);
    header.writeUInt32BE(this.width, 0);
    header.writeUInt32BE(this.height, 4);
    header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter set, no interlace
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      pngChunk('IHDR', header),
      pngChunk('IDAT', deflateSync(raw)),
      pngChunk('IEND', Buffer.alloc(0)),
    ]);
  }
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A bar chart: five bars over a light grid. */
function chartPng(): Buffer {
  const canvas = new Canvas(360, 220, [246, 248, 250]);
  for (let y = 30; y < 200; y += 34) canvas.rect(30, y, 310, 1, [208, 215, 222]);
  canvas.rect(30, 200, 310, 2, [89, 99, 110]);
  const bars: [number, Rgb][] = [
    [120, [9, 105, 218]],
    [80, [26, 127, 55]],
    [150, [154, 103, 0]],
    [60, [207, 34, 46]],
    [165, [130, 80, 223]],
  ];
  bars.forEach(([height, color], index) =>
    canvas.rect(48 + index * 60, 200 - height, 36, height, color),
  );
  return canvas.toPng();
}

/** A landscape: sky gradient, a sun, two hills. */
function landscapePng(): Buffer {
  const width = 320;
  const height = 200;
  const canvas = new Canvas(width, height, [0, 0, 0]);
  for (let y = 0; y < height; y++) {
    const t = y / height;
    canvas.rect(0, y, width, 1, [
      Math.round(255 - 80 * t),
      Math.round(170 + 40 * t),
      Math.round(120 + 110 * t),
    ]);
  }
  canvas.circle(230, 70, 28, [255, 214, 102]);
  for (let x = 0; x < width; x++) {
    const hill = Math.round(140 + 22 * Math.sin(x / 38));
    canvas.rect(x, hill, 1, height - hill, [46, 125, 80]);
    const front = Math.round(165 + 14 * Math.sin(x / 25 + 2));
    canvas.rect(x, front, 1, height - front, [31, 95, 58]);
  }
  return canvas.toPng();
}

/* -------------------------------------------------------------------------------------------------
 * WAV
 * -----------------------------------------------------------------------------------------------*/

/** A two-note chime, 1.2 s, 16-bit mono at 22.05 kHz. */
function chimeWav(): Buffer {
  const rate = 22050;
  const samples = Math.round(rate * 1.2);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) {
    const t = i / rate;
    const note = t < 0.4 ? 659.25 : 987.77; // E5 then B5
    const local = t < 0.4 ? t : t - 0.4;
    const envelope = Math.min(1, local * 60) * Math.exp(-local * 3.5);
    const value = Math.sin(2 * Math.PI * note * t) * envelope * 0.5;
    data.writeInt16LE(Math.round(value * 32767), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/* -------------------------------------------------------------------------------------------------
 * PDF
 * -----------------------------------------------------------------------------------------------*/

/** A one-page report with a title, a few lines and a small bar chart. */
function reportPdf(): Buffer {
  const lines = [
    'BT /F1 22 Tf 56 760 Td (Quarterly summary) Tj ET',
    'BT /F1 12 Tf 56 730 Td (Generated by the react-agent-messages demo agent.) Tj ET',
    'BT /F1 12 Tf 56 712 Td (Revenue grew 12% quarter over quarter; churn fell to 2.1%.) Tj ET',
    '0.04 0.41 0.85 rg 56 560 40 120 re f',
    '0.10 0.50 0.22 rg 116 560 40 80 re f',
    '0.60 0.40 0.00 rg 176 560 40 140 re f',
    '0.81 0.13 0.18 rg 236 560 40 60 re f',
    '0 0 0 rg BT /F1 10 Tf 56 540 Td (Q1        Q2        Q3        Q4) Tj ET',
  ];
  const stream = lines.join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R ' +
      '/Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/* -------------------------------------------------------------------------------------------------
 * Registry
 * -----------------------------------------------------------------------------------------------*/

export interface MediaFile {
  name: string;
  mediaType: string;
  bytes: Buffer;
}

let cache: ReadonlyMap<string, MediaFile> | null = null;

/** Every generated file by name (built once, on first use). */
export function mediaFiles(): ReadonlyMap<string, MediaFile> {
  if (cache) return cache;
  const files: MediaFile[] = [
    { name: 'chart.png', mediaType: 'image/png', bytes: chartPng() },
    { name: 'landscape.png', mediaType: 'image/png', bytes: landscapePng() },
    { name: 'chime.wav', mediaType: 'audio/wav', bytes: chimeWav() },
    { name: 'clip.webm', mediaType: 'video/webm', bytes: createWebm() },
    { name: 'report.pdf', mediaType: 'application/pdf', bytes: reportPdf() },
  ];
  cache = new Map(files.map((file) => [file.name, file]));
  return cache;
}

/** One generated file; throws for an unknown name (a bug in a scenario). */
export function mediaFile(name: string): MediaFile {
  const file = mediaFiles().get(name);
  if (!file) throw new Error(`no generated media named ${name}`);
  return file;
}
