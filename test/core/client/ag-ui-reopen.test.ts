/*
 * The stream store reopens a dropped AG-UI run: the same request again, with `Last-Event-ID`
 * the id of the last whole frame read, and the server's answer from after it folded as if nothing
 * had dropped. A run's stream that ended cleanly is its run's end and is not asked again.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { MessageStreamStore } from '../../../src/core.js';
import { agUiProtocol, foldAgUiEvents } from '../../../src/ag-ui.js';
import { createMessageStreamStore } from '../../../src/core.js';

const LOG = readFileSync(new URL('../../../demo/fixtures/ag-ui-demo.sse', import.meta.url), 'utf8');
/** The recorded run's frames, numbered as a server that keeps its runs numbers them. */
const FRAMES = LOG.split('\n\n')
  .filter((frame) => frame.startsWith('data: '))
  .map((frame, i) => `id: run-1:${i + 1}\n${frame}\n\n`);

/** An SSE response of `text`; with `drop`, its body fails after it, as a lost connection does. */
function response(text: string, drop = false): Response {
  let sent = false;
  const body = new ReadableStream<Uint8Array>({
    // Failing only once the text was read: `error()` would drop what is still queued.
    pull(controller) {
      if (sent) return drop ? controller.error(new TypeError('terminated')) : controller.close();
      sent = true;
      controller.enqueue(new TextEncoder().encode(text));
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
}

interface Request {
  lastEventId: string | null;
  body: unknown;
}

let stores: MessageStreamStore[] = [];
afterEach(() => {
  for (const store of stores) store.close();
  stores = [];
});

/** Reads a run through the store, `answer` serving each request, until nothing more opens. */
async function read(answer: (request: Request, n: number) => Response, whenEnded?: 'always') {
  const requests: Request[] = [];
  const store = createMessageStreamStore({
    source: '/ag-ui',
    method: 'POST',
    body: '{"threadId":"t","runId":"run-1"}',
    protocol: agUiProtocol,
    reconnect: { initialDelayMs: 1, maxDelayMs: 1, jitter: 0, ...(whenEnded ? { whenEnded } : {}) },
    fetch: ((_url: unknown, init: RequestInit) => {
      const request = {
        lastEventId: new Headers(init.headers).get('last-event-id'),
        body: init.body,
      };
      requests.push(request);
      return Promise.resolve(answer(request, requests.length));
    }) as never,
    frameScheduler: {
      requestFrame: (callback) => setTimeout(callback, 0),
      cancelFrame: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    },
  });
  stores.push(store);
  store.start();
  for (let i = 0; i < 200 && requests.length < 6; i++) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    const { status } = store.getSnapshot();
    if (status !== 'connecting' && status !== 'streaming' && i > 20) break;
  }
  return { snapshot: store.getSnapshot(), requests };
}

describe('the stream store and a dropped AG-UI run', () => {
  it('asks again with the same body and Last-Event-ID, and folds the rest once', async () => {
    const cut = Math.floor(FRAMES.length / 2);
    const { snapshot, requests } = await read(({ lastEventId }, n) => {
      if (n === 1) {
        // The connection drops in the middle of frame `cut + 1`: frame `cut` is the last read.
        const half = (FRAMES[cut] as string).slice(0, 40);
        return response(FRAMES.slice(0, cut).join('') + half, true);
      }
      const after = Number(lastEventId?.split(':')[1] ?? 0);
      return response(FRAMES.slice(after).join(''));
    });

    expect(requests.map((request) => request.lastEventId)).toEqual([null, `run-1:${cut}`]);
    expect(requests[1]?.body).toBe(requests[0]?.body);
    expect(snapshot.error).toBeNull();
    expect(snapshot.conversation.messages).toEqual(foldAgUiEvents(LOG).messages);
    expect(snapshot.conversation.diagnostics).toEqual(foldAgUiEvents(LOG).diagnostics);
  });

  it('does not ask again for a run that ended cleanly, even with whenEnded: always', async () => {
    const { snapshot, requests } = await read(() => response(FRAMES.join('')), 'always');

    expect(requests).toHaveLength(1);
    expect(snapshot.conversation.messages).toEqual(foldAgUiEvents(LOG).messages);
  });
});
