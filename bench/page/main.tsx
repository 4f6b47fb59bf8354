/*
 * The benchmark page. It renders nothing by itself: the Node driver calls `window.ramBench.*`
 * through Playwright, one scenario at a time, each in a fresh React root.
 */
import * as React from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { Msg } from '../../src/core.js';
import { Message } from '../../src/index.js';
import 'streamdown/styles.css';
import './bench.css';
import { deltaEvents, finishedReply, history, STREAM_ID, streamFragments } from './conversation.js';
import { generateDocument } from './document.js';
import { renderCounts, resetRenderCounts } from './render-count.js';
import type { MessageListComponent, StreamRunner, Variant } from './variants.js';
import { mountInList, mountSingle } from './variants.js';

// Every stylesheet of the library, as `react-agent-messages/styles.css` ships them.
import.meta.glob('../../src/styles/*.css', { eager: true });

// <MessageList> may not exist yet in this tree: the list scenarios are skipped without it.
const listModules = import.meta.glob<{ MessageList?: MessageListComponent }>(
  '../../src/components/message-list/message-list.tsx',
  { eager: true },
);
const MessageList = Object.values(listModules)[0]?.MessageList;

/* -------------------------------------------------------------------------------------------------
 * Helpers
 * -----------------------------------------------------------------------------------------------*/

const host = document.getElementById('bench') as HTMLElement;
const channel = new MessageChannel();
const waiting: (() => void)[] = [];
channel.port1.onmessage = () => waiting.shift()?.();

/** Lets the event loop run (promises, timers, rendering) without setTimeout's 4 ms clamp. */
function yieldTask(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    channel.port2.postMessage(null);
  });
}

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Waits until the page is quiet: a few frames and `ms` of idle time, then a GC when exposed. */
async function settle(ms = 200): Promise<void> {
  await nextFrame();
  await sleep(ms);
  await nextFrame();
  (globalThis as { gc?: () => void }).gc?.();
  await sleep(50);
}

function freshRoot() {
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

function codeBlockState(container: HTMLElement) {
  return {
    codeBlocks: container.querySelectorAll('[data-slot="code-block"]').length,
    highlighted: container.querySelectorAll('[data-slot="code-block"][data-highlighted]').length,
  };
}

/* -------------------------------------------------------------------------------------------------
 * The measuring loop
 * -----------------------------------------------------------------------------------------------*/

interface Sample {
  /** Fold (ours) and synchronous React commit, per update, in ms. */
  commit: number[];
  /** The same plus a forced style and layout of the page (`document.body.offsetHeight`). */
  commitLayout: number[];
  /** From the first update to the last, with everything the page did in between. */
  wall: number;
  /** Code blocks and highlighted ones at each 10 % of the stream and at its end. */
  highlight: { at: number; codeBlocks: number; highlighted: number }[];
}

async function measure(runner: StreamRunner, count: number, container: HTMLElement) {
  const commit: number[] = new Array(count);
  const commitLayout: number[] = new Array(count);
  const highlight: Sample['highlight'] = [];
  const slice = Math.ceil(count / 10);
  const start = performance.now();
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    runner.update(i);
    const t1 = performance.now();
    void document.body.offsetHeight;
    const t2 = performance.now();
    commit[i] = t1 - t0;
    commitLayout[i] = t2 - t0;
    if ((i + 1) % slice === 0) highlight.push({ at: i + 1, ...codeBlockState(container) });
    // Between updates the page runs what a streaming page runs: effects, highlighting, paint.
    await yieldTask();
  }
  const wall = performance.now() - start;
  return { commit, commitLayout, wall, highlight } satisfies Sample;
}

/* -------------------------------------------------------------------------------------------------
 * API
 * -----------------------------------------------------------------------------------------------*/

interface StreamOptions {
  variant: Variant;
  /** `single`: below one finished message; `list`: last of `historySize` messages in <MessageList>. */
  scene: 'single' | 'list';
  salt: number;
  updateSize: number;
  /** Stream only the first `limit` characters. */
  limit?: number;
  historySize?: number;
}

const FINISHED = finishedReply('bench-finished', generateDocument(5, 5).slice(0, 1800));

async function stream(options: StreamOptions) {
  const { variant, scene, salt, updateSize, limit, historySize = 200 } = options;
  const { text, fragments } = streamFragments(salt, updateSize, limit);
  const events = deltaEvents(fragments);
  const { container, root, dispose } = freshRoot();
  let runner: StreamRunner;
  if (scene === 'list') {
    if (MessageList === undefined) throw new Error('MessageList is missing');
    runner = mountInList(root, MessageList, history(historySize - 1), events);
  } else {
    runner = mountSingle(root, variant, FINISHED, fragments, events);
  }
  await settle(300);
  resetRenderCounts();
  const sample = await measure(runner, fragments.length, container);
  const renders = renderCounts(STREAM_ID);
  const domMessages = container.querySelectorAll('[data-slot="message"]').length;
  // What a user sees a moment after the stream: did the closed fences get their colours?
  await sleep(500);
  const after = codeBlockState(container);
  dispose();
  await settle();
  return {
    variant,
    scene,
    chars: text.length,
    updates: fragments.length,
    ...sample,
    renders,
    domMessages,
    afterStream: after,
  };
}

/** Mounts `count` finished messages in <MessageList>: commit, and first paint after it. */
async function mountList(count: number) {
  if (MessageList === undefined) throw new Error('MessageList is missing');
  const messages: Msg[] = history(count);
  const { container, root, dispose } = freshRoot();
  await settle();
  const t0 = performance.now();
  flushSync(() =>
    root.render(
      <div className="bench-list">
        <MessageList messages={messages} />
      </div>,
    ),
  );
  const t1 = performance.now();
  // rAF runs before the frame is painted; a task queued from it runs after that paint.
  await new Promise<void>((resolve) =>
    requestAnimationFrame(() => {
      waiting.push(resolve);
      channel.port2.postMessage(null);
    }),
  );
  const t2 = performance.now();
  const domMessages = container.querySelectorAll('[data-slot="message"]').length;
  dispose();
  await settle();
  return { count, commit: t1 - t0, firstPaint: t2 - t0, domMessages };
}

/** Warms up every code path (JIT, shiki and its grammars) on a document no run streams. */
async function warmUp(variants: Variant[]) {
  for (const variant of variants) {
    await stream({ variant, scene: 'single', salt: 0, updateSize: 16, limit: 8000 });
  }
  // A finished message with every fence of the document: loads shiki and all its grammars.
  const { root, container, dispose } = freshRoot();
  flushSync(() =>
    root.render(<Message message={finishedReply('bench-warm', generateDocument(1, 0))} />),
  );
  for (let i = 0; i < 100; i++) {
    const state = codeBlockState(container);
    if (state.codeBlocks > 0 && state.highlighted === state.codeBlocks) break;
    await sleep(100);
  }
  const state = codeBlockState(container);
  dispose();
  if (MessageList !== undefined) {
    await stream({ variant: 'ours', scene: 'list', salt: 0, updateSize: 16, limit: 4000 });
  }
  await settle();
  return state;
}

const ramBench = {
  hasMessageList: MessageList !== undefined,
  stream,
  mountList,
  warmUp,
  react: React.version,
};

declare global {
  interface Window {
    ramBench: typeof ramBench;
  }
}

window.ramBench = ramBench;
