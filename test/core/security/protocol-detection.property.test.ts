import fc from 'fast-check';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Msg } from '../../../src/core.js';
import { createMessageStreamStore } from '../../../src/core.js';
import { manualFrames } from '../client/manual-frames.js';

/** Turns of the event loop the protocol resolver takes (a chunk loading over the network). */
const resolver = vi.hoisted(() => ({ turns: 0, fails: false }));

vi.mock(import('../../../src/core/protocols/resolve-protocol.js'), async (original) => {
  const actual = await original();
  return {
    ...actual,
    resolveProtocol: async (...args: Parameters<typeof actual.resolveProtocol>) => {
      for (let turn = 0; turn < resolver.turns; turn++)
        await new Promise((resolve) => setTimeout(resolve, 0));
      if (resolver.fails) throw new Error('chunk failed to load');
      return actual.resolveProtocol(...args);
    },
  };
});

/*
 * Protocol detection under any timing: a stream whose first frames say nothing about their
 * protocol (`{"type":"ping"}`, `{}`) and whose real frames follow while the resolver is still
 * loading folds to the same messages as the same bytes arriving at once.
 */

const AG_UI_FRAMES: readonly unknown[] = [
  { type: 'RUN_STARTED', threadId: 't1', runId: 'r1' },
  { type: 'TEXT_MESSAGE_START', messageId: 'a1', role: 'assistant' },
  { type: 'TEXT_MESSAGE_CONTENT', messageId: 'a1', delta: 'Deleting ' },
  { type: 'TEXT_MESSAGE_CONTENT', messageId: 'a1', delta: 'nothing.' },
  { type: 'TEXT_MESSAGE_END', messageId: 'a1' },
  { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'bash', parentMessageId: 'a1' },
  { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{"command":"rm -rf ~"}' },
  { type: 'TOOL_CALL_END', toolCallId: 'c1' },
  { type: 'RUN_FINISHED', threadId: 't1', runId: 'r1' },
];

const SILENT_FRAMES: readonly unknown[] = [{ type: 'ping' }, {}, { type: 'heartbeat', at: 1 }];

/**
 * A byte stream the test feeds: each piece after `gaps[i]` turns of the event loop, so that
 * pieces land before, while and after the protocol resolver settles.
 */
function pacedResponse(text: string, cuts: readonly number[], gaps: readonly number[]): Response {
  const bytes = new TextEncoder().encode(text);
  const ends = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
  const pieces: Uint8Array[] = [];
  let start = 0;
  for (const end of [...ends, bytes.length]) {
    if (end > start) pieces.push(bytes.slice(start, end));
    start = Math.max(start, end);
  }
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      for (const [index, piece] of pieces.entries()) {
        for (let turn = 0; turn < (gaps[index] ?? 0); turn++)
          await new Promise((resolve) => setTimeout(resolve, 0));
        controller.enqueue(piece);
      }
      controller.close();
    },
  });
  return new Response(body, { headers: { 'content-type': 'application/x-ndjson' } });
}

const stores: { close(): void }[] = [];

/** Reads the response to its end; returns the messages shown and what was reported as invalid. */
async function readThrough(
  response: Response,
): Promise<{ messages: readonly Msg[]; invalid: string[]; errors: number }> {
  const frames = manualFrames();
  const invalid: string[] = [];
  let errors = 0;
  const store = createMessageStreamStore({
    source: response,
    onError: () => void (errors += 1),
    frameScheduler: frames.scheduler,
    onDiagnostic: (diagnostic) => {
      if (diagnostic.code === 'invalid-event') invalid.push(String(diagnostic.raw));
    },
  });
  stores.push(store);
  store.start();
  for (let turn = 0; turn < 400 && store.getSnapshot().status !== 'done'; turn++) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    frames.frame();
  }
  // The stream may end while the resolver still holds frames.
  for (let turn = 0; turn < 30; turn++) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    frames.frame();
  }
  return { messages: store.getSnapshot().conversation.messages, invalid, errors };
}

const ndjson = (frames: readonly unknown[]) =>
  frames.map((frame) => JSON.stringify(frame)).join('\n');

beforeAll(async () => {
  // Loaded once up front, as a page that already used them would have them.
  const { loadProtocol } = await import('../../../src/core/protocols/load-protocol.js');
  await import('../../../src/core/protocols/resolve-protocol.js');
  await loadProtocol('ag-ui');
});

afterEach(() => {
  for (const store of stores.splice(0)) store.close();
  resolver.turns = 0;
  resolver.fails = false;
});

describe('protocol detection never drops a frame', () => {
  it('a ping first, then AG-UI frames one per turn: every real frame is read', async () => {
    const frames = [{ type: 'ping' }, ...AG_UI_FRAMES];
    const text = ndjson(frames);
    const cuts = frames.map((_, index) => ndjson(frames.slice(0, index + 1)).length + 1);
    resolver.turns = 0;
    const whole = await readThrough(pacedResponse(text, [], []));
    resolver.turns = 2;
    const paced = await readThrough(
      pacedResponse(
        text,
        cuts,
        cuts.map(() => 1),
      ),
    );

    expect(whole.messages.map((msg) => msg.id)).toEqual(['a1']);
    expect(paced.messages).toEqual(whole.messages);
    // The ping alone may be reported as unreadable; no real frame is.
    expect(paced.invalid.filter((raw) => !raw.includes('ping'))).toEqual([]);
  });

  it('a resolver that cannot load is reported, not asked again for every frame it held', async () => {
    resolver.fails = true;
    resolver.turns = 1;
    const frames = [{ type: 'ping' }, ...AG_UI_FRAMES];
    const { errors, invalid } = await readThrough(pacedResponse(ndjson(frames), [], []));
    expect(errors).toBe(1);
    expect(invalid).toHaveLength(frames.length);
  });

  it('any split and any arrival timing of the first frames folds as the whole stream does', async () => {
    const whole = new Map<string, readonly Msg[]>();
    await fc.assert(
      fc.asyncProperty(
        fc.subarray([...SILENT_FRAMES], { minLength: 1 }),
        fc.array(fc.nat(), { maxLength: 6 }),
        fc.array(fc.nat({ max: 3 }), { maxLength: 7 }),
        fc.nat({ max: 3 }),
        async (silent, cuts, gaps, turns) => {
          const text = ndjson([...silent, ...AG_UI_FRAMES]);
          resolver.turns = 0;
          if (!whole.has(text))
            whole.set(text, (await readThrough(pacedResponse(text, [], []))).messages);
          resolver.turns = turns;
          const { messages, invalid } = await readThrough(pacedResponse(text, cuts, gaps));
          expect(messages).toEqual(whole.get(text));
          expect(invalid.filter((raw) => /RUN_|TEXT_|TOOL_/.test(raw))).toEqual([]);
          expect(messages.map((msg) => msg.id)).toEqual(['a1']);
        },
      ),
      { numRuns: 50 },
    );
  }, 60_000);
});
