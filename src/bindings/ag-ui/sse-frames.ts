/*
 * Whole SSE frames out of a byte stream, for a fetch that splices a reopened stream into the one it
 * replaces: only whole frames go through, so a frame cut by a drop is never half read.
 */

/** One whole frame: its text (with its blank line), its `id:` when it has one, whether it ends the run. */
export interface SseFrame {
  text: string;
  id: string | null;
  endsRun: boolean;
}

const BOUNDARY = /\r\n\r\n|\n\n|\r\r/;
const RUN_END = /"type"\s*:\s*"RUN_(?:FINISHED|ERROR)"/;

/** Reads a frame's `id:` field (the spec's: one leading space dropped, ignored when it holds NUL). */
function idOf(frame: string): string | null {
  let id: string | null = null;
  for (const line of frame.split(/\r\n|\n|\r/)) {
    if (!line.startsWith('id:')) continue;
    const value = line.slice(line.startsWith('id: ') ? 4 : 3);
    if (!value.includes('\0')) id = value;
  }
  return id;
}

/** Whether a frame's `data:` is an AG-UI event that ends its run. */
function endsRun(frame: string): boolean {
  return frame.split(/\r\n|\n|\r/).some((line) => line.startsWith('data:') && RUN_END.test(line));
}

/** Splits text as it comes into whole SSE frames; what is left of an unfinished frame waits. */
export class SseFrameSplitter {
  private decoder = new TextDecoder();
  private rest = '';

  /** The whole frames that `chunk` completes. */
  push(chunk: Uint8Array): SseFrame[] {
    this.rest += this.decoder.decode(chunk, { stream: true });
    const frames: SseFrame[] = [];
    for (let match = BOUNDARY.exec(this.rest); match; match = BOUNDARY.exec(this.rest)) {
      const end = match.index + match[0].length;
      const text = this.rest.slice(0, end);
      this.rest = this.rest.slice(end);
      frames.push({ text, id: idOf(text), endsRun: endsRun(text) });
    }
    return frames;
  }

  /** The last frame, when the stream ended without its blank line; null when nothing is left. */
  flush(): SseFrame | null {
    const text = this.rest + this.decoder.decode();
    this.rest = '';
    return text.trim() === ''
      ? null
      : { text: `${text}\n\n`, id: idOf(text), endsRun: endsRun(text) };
  }

  /** Forgets the unfinished frame (the connection that carried it is gone). */
  reset(): void {
    this.decoder = new TextDecoder();
    this.rest = '';
  }
}
