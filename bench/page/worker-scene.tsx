/*
 * The fold in a Web Worker, for `npm run bench -- fold-worker`: the same stream read by
 * `useMessageStream` into <MessageList>, with `worker` and without, while the main thread is
 * watched: long tasks (PerformanceObserver 'longtask', ≥ 50 ms) and, below that threshold, the
 * longest stretch between two turns of a task loop (every task and frame in between). The marks
 * `fold-bench:start` / `fold-bench:end` bound the run for the bench's Chromium trace, which sees
 * every task whatever its length.
 */
import * as React from 'react';
import type { Msg } from '../../src/core.js';
import { useMessageStream } from '../../src/index.js';
import { afterPaint, freshRoot, settle, sleep } from './harness.js';
import type { MessageListComponent } from './variants.js';

type ListComponent = React.ComponentType<{ messages: Msg[] }>;

const foldWorker = () =>
  new Worker(new URL('../../src/fold-worker.ts', import.meta.url), { type: 'module' });

const CREATED = '2026-09-01T12:00:00.000000';

/** The SSE text of `replies` replies of `perReply` events each (REPLY_START … REPLY_END). */
export function historyText(replies: number, perReply: number, deltaChars: number): string {
  const parts: string[] = [];
  let n = 0;
  const frame = (fields: Record<string, unknown>) =>
    parts.push(
      `data: ${JSON.stringify({ id: `e${n++}`, created_at: CREATED, metadata: {}, ...fields })}\n\n`,
    );
  const word = 'lorem ipsum dolor sit amet consectetur '.repeat(8);
  for (let r = 0; r < replies; r++) {
    const reply_id = `r${r}`;
    frame({ type: 'REPLY_START', session_id: 's', reply_id, name: 'Friday', role: 'assistant' });
    frame({ type: 'TEXT_BLOCK_START', reply_id, block_id: 't' });
    for (let d = 0; d < perReply - 4; d++) {
      const delta = word.slice(d % 20, (d % 20) + deltaChars);
      frame({ type: 'TEXT_BLOCK_DELTA', reply_id, block_id: 't', delta });
    }
    frame({ type: 'TEXT_BLOCK_END', reply_id, block_id: 't' });
    frame({
      type: 'REPLY_END',
      session_id: 's',
      reply_id,
      finished_reason: 'completed',
      error: null,
    });
  }
  return parts.join('');
}

/** Watches the main thread until `stop()`. */
function watchMainThread() {
  const longTasks: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTasks.push(entry.duration);
  });
  observer.observe({ type: 'longtask' });
  const gaps: number[] = [];
  const channel = new MessageChannel();
  let last = performance.now();
  let on = true;
  channel.port1.onmessage = () => {
    const now = performance.now();
    gaps.push(now - last);
    last = now;
    if (on) channel.port2.postMessage(null);
  };
  channel.port2.postMessage(null);
  return {
    async stop() {
      on = false;
      await sleep(100);
      for (const entry of observer.takeRecords()) longTasks.push(entry.duration);
      observer.disconnect();
      channel.port1.close();
      const sorted = [...gaps].sort((a, b) => a - b);
      return {
        longTasks: longTasks.length,
        longestTask: Math.max(0, ...longTasks),
        longTaskTime: longTasks.reduce((sum, d) => sum + d, 0),
        longestGap: sorted.at(-1) ?? 0,
        p99Gap: sorted[Math.floor(sorted.length * 0.99)] ?? 0,
        gapsOverFrame: gaps.filter((gap) => gap > 1000 / 60).length,
      };
    },
  };
}

interface ChatProps {
  List: ListComponent;
  source: unknown;
  worker: boolean;
  onUpdate(count: number, status: string): void;
}

function Chat({ List, source, worker, onUpdate }: ChatProps) {
  const { messages, status } = useMessageStream({
    source: source as never,
    reconnect: false,
    worker: worker ? foldWorker : undefined,
  });
  React.useLayoutEffect(() => onUpdate(messages.length, status), [messages, status, onUpdate]);
  return (
    <div className="bench-list">
      <List messages={messages as Msg[]} />
    </div>
  );
}

function mount(List: ListComponent, source: unknown, worker: boolean) {
  const { root, dispose } = freshRoot();
  let count = 0;
  let status = '';
  let wake: (() => void) | null = null;
  const onUpdate = (c: number, s: string) => {
    count = c;
    status = s;
    wake?.();
  };
  root.render(<Chat List={List} source={source} worker={worker} onUpdate={onUpdate} />);
  const until = (test: () => boolean) =>
    new Promise<void>((resolve) => {
      wake = () => test() && resolve();
      wake();
    });
  return { dispose, until, count: () => count, status: () => status };
}

/** Options of `openHistory`. */
export interface OpenHistoryOptions {
  worker: boolean;
  replies: number;
  perReply: number;
  deltaChars: number;
}

/** Opens a long history (an SSE response, fetched) and waits until every reply is shown. */
export async function openHistory(List: MessageListComponent, options: OpenHistoryOptions) {
  const text = historyText(options.replies, options.perReply, options.deltaChars);
  const url = URL.createObjectURL(new Blob([text], { type: 'text/event-stream' }));
  await settle();
  const watch = watchMainThread();
  performance.mark('fold-bench:start');
  const t0 = performance.now();
  const chat = mount(List as ListComponent, url, options.worker);
  await chat.until(() => chat.count() === options.replies && chat.status() === 'done');
  const shown = performance.now() - t0;
  await afterPaint();
  performance.mark('fold-bench:end');
  const main = await watch.stop();
  chat.dispose();
  URL.revokeObjectURL(url);
  return { bytes: text.length, events: options.replies * options.perReply, shown, ...main };
}

/** Options of `liveStream`. */
export interface LiveStreamOptions {
  worker: boolean;
  perSecond: number;
  seconds: number;
  perReply: number;
}

/** Streams `perSecond` events for `seconds` (a batch every 16 ms) through a ReadableStream. */
export async function liveStream(List: MessageListComponent, options: LiveStreamOptions) {
  const replies = Math.ceil((options.perSecond * options.seconds) / options.perReply);
  const frames = historyText(replies, options.perReply, 12).split(/(?<=\n\n)/);
  const encoder = new TextEncoder();
  let timer = 0;
  const source = new ReadableStream<Uint8Array>({
    start(controller) {
      let next = 0;
      const perTick = Math.round(options.perSecond / 62.5);
      timer = window.setInterval(() => {
        const batch = frames.slice(next, next + perTick).join('');
        next += perTick;
        if (batch) controller.enqueue(encoder.encode(batch));
        if (next >= frames.length) {
          window.clearInterval(timer);
          controller.close();
        }
      }, 16);
    },
  });
  const response = new Response(source, { headers: { 'content-type': 'text/event-stream' } });
  await settle();
  const watch = watchMainThread();
  performance.mark('fold-bench:start');
  const t0 = performance.now();
  const chat = mount(List as ListComponent, response, options.worker);
  await chat.until(() => chat.count() === replies && chat.status() === 'done');
  const shown = performance.now() - t0;
  await afterPaint();
  performance.mark('fold-bench:end');
  const main = await watch.stop();
  chat.dispose();
  return { events: frames.length, shown, ...main };
}
