/*
 * `createMessageStreamStore({ worker })` hands the worker its options only when something the
 * worker reads changed: `useMessageStream` calls `setOptions` on every render, and each post is a
 * structured clone on both threads. A stand-in worker records what the page posts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MessageStreamOptions, MessageStreamStore } from '../../../src/core.js';
import { createMessageStreamStore } from '../../../src/core.js';
import type {
  FoldWorkerLike,
  ToWorker,
} from '../../../src/core/client/worker/fold-worker-types.js';

/** A worker that never answers, and keeps what it was sent. */
function recordingWorker() {
  const posts: { message: ToWorker; transfer: unknown[] }[] = [];
  const worker: FoldWorkerLike = {
    postMessage: (message, transfer) => void posts.push({ message: message as ToWorker, transfer }),
    addEventListener: () => {},
    terminate: () => {},
  };
  const kinds = () => posts.map((post) => post.message.t);
  return { worker, posts, kinds };
}

const stores: MessageStreamStore[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.close();
});

/** A started store folding in `recorder`'s worker, once the worker's side has loaded. */
async function open(recorder: ReturnType<typeof recordingWorker>, options: MessageStreamOptions) {
  const store = createMessageStreamStore({
    ...options,
    worker: () => recorder.worker as never,
  });
  stores.push(store);
  store.start();
  await vi.waitFor(() => expect(recorder.kinds()).toContain('init'));
  return (next: MessageStreamOptions) =>
    store.setOptions({ ...next, worker: () => recorder.worker as never });
}

/** The options an app writes in its component: new objects on every render, the same values. */
const render = (overrides: Partial<MessageStreamOptions> = {}): MessageStreamOptions => ({
  source: 'https://agent.test/stream',
  protocol: 'ag-ui',
  headers: { authorization: 'Bearer abc' },
  body: JSON.stringify({ thread: 't1' }),
  reconnect: { initialDelayMs: 100, maxAttempts: 5 },
  onError: () => {},
  ...overrides,
});

const optionPosts = (recorder: ReturnType<typeof recordingWorker>) =>
  recorder.posts.filter((post) => post.message.t === 'options');

describe('the worker store posts its options only when they changed', () => {
  it('re-rendering with equal options posts nothing; a changed option posts once', async () => {
    const recorder = recordingWorker();
    const rerender = await open(recorder, render({ initialMessages: [] }));
    for (let i = 0; i < 5; i += 1) rerender(render());
    expect(optionPosts(recorder)).toEqual([]);

    rerender(render({ headers: { authorization: 'Bearer xyz' } }));
    rerender(render({ headers: { authorization: 'Bearer xyz' } }));
    const posted = optionPosts(recorder);
    expect(posted).toHaveLength(1);
    expect(posted[0]?.message).toMatchObject({
      t: 'options',
      init: { headers: [['authorization', 'Bearer xyz']] },
    });

    // Each field the worker reads counts, a callback by whether there is one.
    rerender(render({ headers: { authorization: 'Bearer xyz' }, body: '{"thread":"t2"}' }));
    rerender(
      render({ headers: { authorization: 'Bearer xyz' }, body: '{"thread":"t2"}', onEvent() {} }),
    );
    rerender(
      render({ headers: { authorization: 'Bearer xyz' }, body: '{"thread":"t2"}', onEvent() {} }),
    );
    expect(optionPosts(recorder)).toHaveLength(3);
  });

  it('another source or sourceKey posts; the same Response kept across renders does not', async () => {
    const recorder = recordingWorker();
    const response = new Response('data: {}\n\n', {
      headers: { 'content-type': 'text/event-stream' },
    });
    const rerender = await open(recorder, render({ source: response }));
    rerender(render({ source: response }));
    rerender(render({ source: response }));
    expect(optionPosts(recorder)).toEqual([]);

    rerender(render({ source: response, sourceKey: 'again' }));
    rerender(render({ source: response, sourceKey: 'again' }));
    expect(optionPosts(recorder)).toHaveLength(1);

    // A new stream moves into the worker: it goes, and moves with the post.
    const next = new Response('data: {}\n\n');
    rerender(render({ source: next, sourceKey: 'again' }));
    rerender(render({ source: next, sourceKey: 'again' }));
    const posted = optionPosts(recorder);
    expect(posted).toHaveLength(2);
    expect(posted[1]?.transfer).toEqual([next.body]);

    rerender(render({ source: 'https://agent.test/stream', sourceKey: 'again' }));
    rerender(render({ source: 'https://agent.test/stream', sourceKey: 'again' }));
    expect(optionPosts(recorder)).toHaveLength(3);
  });
});
