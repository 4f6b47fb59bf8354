import { SseParser } from '../../stream/sse.js';
import type { Utf8Decoder } from '../../stream/utf8-decoder.js';
import { createUtf8Decoder } from '../../stream/utf8-decoder.js';
import { textLines, withoutBom } from '../../stream/text-lines.js';

/** The marker that ends an AI SDK UI message stream (`data: [DONE]`). */
export const DONE = '[DONE]';

/** Reads an AI SDK UI message stream (SSE) piece by piece, whatever the piece boundaries. */
export interface AiSdkSseDecoder {
  /**
   * Feeds the next bytes or text; returns the frames completed by it: chunk objects, and the
   * text of frames that are not JSON (`"[DONE]"`, or garbage the fold reports) as strings.
   */
  push(piece: string | Uint8Array): unknown[];
  /** Ends the stream: a last frame without its blank line is still returned. */
  end(): unknown[];
}

/**
 * An incremental decoder for the SSE body of `toUIMessageStreamResponse()` (the AI SDK's
 * `x-vercel-ai-ui-message-stream: v1`): `data:` frames of JSON, ended by `data: [DONE]`. Bytes may
 * split anywhere, a UTF-8 character included. What it returns goes to `reduceAiSdkChunk`.
 */
export function createAiSdkSseDecoder(): AiSdkSseDecoder {
  let out: unknown[] = [];
  let utf8: Utf8Decoder | null = null;
  const parser = new SseParser({
    value: (value) => out.push(value),
    // Not JSON: `[DONE]` (the end marker) or a broken frame; the fold tells them apart.
    diagnostic: (_code, _message, raw) => out.push(raw),
  });
  const take = (): unknown[] => {
    const taken = out;
    out = [];
    return taken;
  };
  return {
    push(piece) {
      if (typeof piece === 'string') parser.push(piece);
      else parser.push((utf8 ??= createUtf8Decoder()).decode(piece));
      return take();
    },
    end() {
      if (utf8 !== null) parser.push(utf8.end());
      parser.end();
      return take();
    },
  };
}

/** The frames of a whole SSE text, or the lines of an NDJSON text, ready for the fold. */
export function splitStreamText(text: string): unknown[] {
  const body = withoutBom(text);
  // SSE when a line starts with `data:`; otherwise one chunk per line.
  if (!/^data:/m.test(body)) return textLines(body).map((line) => line.text);
  const decoder = createAiSdkSseDecoder();
  return [...decoder.push(body), ...decoder.end()];
}
