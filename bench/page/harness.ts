/*
 * What every benchmark scene of the page needs: a fresh React root per run, ways to let the
 * page run (a task, a frame, a quiet moment with a GC) and the JS heap in use.
 */
import { createRoot } from 'react-dom/client';

const host = document.getElementById('bench') as HTMLElement;
/** Posts the tasks that `yieldTask` waits for. */
const channel = new MessageChannel();
/** Resolvers waiting for the next task (see `yieldTask`; `afterPaint` uses it too). */
const waiting: (() => void)[] = [];
channel.port1.onmessage = () => waiting.shift()?.();

/** Lets the event loop run (promises, timers, rendering) without setTimeout's 4 ms clamp. */
export function yieldTask(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    channel.port2.postMessage(null);
  });
}

/** Resolves in the next animation frame. */
export const nextFrame = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
/** Resolves after `ms` (a timer). */
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Waits until the page is quiet: a few frames and `ms` of idle time, then a GC when exposed. */
export async function settle(ms = 200): Promise<void> {
  await nextFrame();
  await sleep(ms);
  await nextFrame();
  (globalThis as { gc?: () => void }).gc?.();
  await sleep(50);
}

/** A new React root in the page's host element, with a `dispose()`. */
export function freshRoot() {
  const container = document.createElement('div');
  host.replaceChildren(container);
  const root = createRoot(container);
  return {
    container,
    root,
    dispose() {
      root.unmount();
      container.remove();
    },
  };
}

/** The JS heap in use, in bytes (precise with --enable-precise-memory-info), or null. */
export function usedHeap(): number | null {
  const memory = (performance as { memory?: { usedJSHeapSize: number } }).memory;
  return memory === undefined ? null : memory.usedJSHeapSize;
}

/** Resolves once the next frame has been painted: a task queued from its rAF runs after paint. */
export function afterPaint(): Promise<void> {
  return new Promise<void>((resolve) =>
    requestAnimationFrame(() => {
      waiting.push(resolve);
      channel.port2.postMessage(null);
    }),
  );
}
