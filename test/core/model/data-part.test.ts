import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldAiSdkStream } from '../../../src/core/protocols/ai-sdk/stream.js';
import { readDataPart } from '../../../src/core/model/data-part.js';
import type { ContentBlock } from '../../../src/core/model/block.js';

describe('readDataPart', () => {
  it('reads the name, id and data of an AI SDK data part, replaced by id while it streams', () => {
    const state = foldAiSdkStream([
      { type: 'start', messageId: 'm1' },
      { type: 'data-weather', id: 'w1', data: { city: 'Paris', status: 'loading' } },
      { type: 'data-weather', id: 'w1', data: { city: 'Paris', temperature: 21 } },
      { type: 'data-note', data: 'plain' },
      { type: 'finish' },
    ]);
    const parts = (state.messages[0]?.content ?? []).map(readDataPart);
    expect(parts).toEqual([
      { name: 'weather', id: 'w1', data: { city: 'Paris', temperature: 21 } },
      { name: 'note', id: null, data: 'plain' },
    ]);
  });

  it('finds no data part in other blocks, and never throws', () => {
    expect(readDataPart({ type: 'unknown', id: 'u', original_type: 'widget', raw: {} })).toBe(
      undefined,
    );
    expect(readDataPart({ type: 'unknown', id: 'u', original_type: 'data-', raw: {} })).toBe(
      undefined,
    );
    fc.assert(
      fc.property(fc.jsonValue(), fc.string(), (raw, type) => {
        const block = { type: 'unknown', id: 'u', original_type: type, raw } as ContentBlock;
        const part = readDataPart(block);
        if (part !== undefined) expect(`data-${part.name}`).toBe(type);
        readDataPart(raw as unknown as ContentBlock);
      }),
    );
  });
});
