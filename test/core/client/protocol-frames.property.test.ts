import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { foldAiSdkStream } from '../../../src/ai-sdk.js';
import { foldAgUiEvents } from '../../../src/ag-ui.js';
import { detectProtocol } from '../../../src/core/protocols/detect-protocol.js';
import { readFrameStream } from '../../../src/core/stream/read-event-stream.js';
import { splitBytes, utf8 } from '../stream/agentscope-events.js';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../demo/fixtures/${name}`, import.meta.url), 'utf8');
const AI_SDK_LOG = fixture('ai-sdk-demo.sse');
const AG_UI_LOG = fixture('ag-ui-demo.sse');

/** The frame values of an SSE text delivered in these byte pieces. */
async function framesOf(pieces: readonly Uint8Array[]): Promise<unknown[]> {
  const values: unknown[] = [];
  for await (const frame of readFrameStream(pieces, { format: 'sse' })) values.push(frame.value);
  return values;
}

const cuts = (length: number) => fc.array(fc.nat({ max: length }), { maxLength: 40 });

describe('the frames the stream client reads for other protocols', () => {
  it('fold an AI SDK log as foldAiSdkStream does, wherever the bytes are split', async () => {
    const bytes = utf8(AI_SDK_LOG);
    const expected = foldAiSdkStream(AI_SDK_LOG);
    await fc.assert(
      fc.asyncProperty(cuts(bytes.length), async (points) => {
        const folded = foldAiSdkStream(await framesOf(splitBytes(bytes, points)));
        expect(folded.messages).toEqual(expected.messages);
        // `data: [DONE]` is a frame too: the fold ends as it does on the whole text.
        expect(folded.status).toBe(expected.status);
      }),
      { numRuns: 25 },
    );
  });

  it('fold an AG-UI log as foldAgUiEvents does, wherever the bytes are split', async () => {
    const bytes = utf8(AG_UI_LOG);
    const expected = foldAgUiEvents(AG_UI_LOG).messages;
    await fc.assert(
      fc.asyncProperty(cuts(bytes.length), async (points) => {
        const frames = await framesOf(splitBytes(bytes, points));
        expect(foldAgUiEvents(frames).messages).toEqual(expected);
      }),
      { numRuns: 25 },
    );
  });

  it('detection never throws, and names a protocol only for objects', () => {
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const detected = detectProtocol(value);
        if (typeof value !== 'object' || value === null) expect(detected).toBeNull();
      }),
    );
  });

  it('detection names the protocol of every frame of each log that has a type of its own', async () => {
    const aiSdk = (await framesOf([utf8(AI_SDK_LOG)])).filter((f) => typeof f === 'object');
    const agUi = await framesOf([utf8(AG_UI_LOG)]);

    expect(new Set(aiSdk.map(detectProtocol))).toEqual(new Set(['ai-sdk']));
    expect(new Set(agUi.map(detectProtocol))).toEqual(new Set(['ag-ui']));
  });
});
