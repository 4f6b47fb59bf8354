/*
 * The benchmark page. It renders nothing by itself: the Node driver calls `window.ramBench.*`
 * through Playwright, one scenario at a time, each in a fresh React root.
 */
import * as React from 'react';
import { flushSync } from 'react-dom';
import type { Msg } from '../../src/core.js';
import { Message } from '../../src/index.js';
import 'streamdown/styles.css';
import './bench.css';
import { deltaEvents, finishedReply, history, STREAM_ID, streamFragments } from './conversation.js';
import { generateDocument } from './document.js';
import { afterPaint, freshRoot, settle, sleep, usedHeap, yieldTask } from './harness.js';
import type { AiSdkChatOptions } from './ai-sdk-scene.js';
import { aiSdkChat } from './ai-sdk-scene.js';
import type { HistoryPagesOptions, MultiAgentOptions } from './list-scenes.js';
import { historyPages, multiAgent } from './list-scenes.js';
import { renderCounts, resetRenderCounts } from './render-count.js';
import { toolArgs } from './tool-args-scene.js';
import type { LiveStreamOptions, OpenHistoryOptions } from './worker-scene.js';
import { liveStream, openHistory } from './worker-scene.js';
import type { MessageListComponent, StreamRunner, Variant } from './variants.js';
import { mountInList, mountSingle } from './variants.js';

// Every stylesheet of the library, as `react-agent-messages/styles.css` ships them, in one
// <style> element that a scene without the stylesheet disables (see `applyPageStyles`).
const libraryCss = import.meta.glob<string>('../../src/styles/*.css', {
  eager: true,
  query: '?inline',
  import: 'default',
});
const libraryStyle = document.createElement('style');
libraryStyle.dataset['bench'] = 'library';
// theme.css (the tokens) first, then the component rules in name order, as the build joins them.
libraryStyle.textContent = Object.keys(libraryCss)
  .sort((a, b) =>
    a.endsWith('/theme.css') ? -1 : b.endsWith('/theme.css') ? 1 : a.localeCompare(b),
  )
  .map((path) => libraryCss[path])
  .join('\n');
document.head.append(libraryStyle);
/** The host page's own rules of the current scene (`StreamOptions.hostCss`). */
const hostStyle = document.createElement('style');
hostStyle.dataset['bench'] = 'host';
document.head.append(hostStyle);

/** Turns the library's stylesheet on or off and sets the host page's rules. */
function applyPageStyles(stylesheet: boolean, hostCss: string) {
  libraryStyle.media = stylesheet ? 'all' : 'not all';
  hostStyle.textContent = hostCss;
}

// <MessageList> may not exist yet in this tree: the list scenarios are skipped without it.
const listModules = import.meta.glob<{ MessageList?: MessageListComponent }>(
  '../../src/components/message-list/message-list.tsx',
  { eager: true },
);
const MessageList = Object.values(listModules)[0]?.MessageList;

/* -------------------------------------------------------------------------------------------------
 * Helpers
 * -----------------------------------------------------------------------------------------------*/

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
  /** The largest heap in use seen at a 10 % mark, in bytes (null without performance.memory). */
  heapPeak: number | null;
}

async function measure(runner: StreamRunner, count: number, container: HTMLElement) {
  const commit: number[] = new Array(count);
  const commitLayout: number[] = new Array(count);
  const highlight: Sample['highlight'] = [];
  const slice = Math.ceil(count / 10);
  let heapPeak: number | null = null;
  const start = performance.now();
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    runner.update(i);
    const t1 = performance.now();
    void document.body.offsetHeight;
    const t2 = performance.now();
    commit[i] = t1 - t0;
    commitLayout[i] = t2 - t0;
    if ((i + 1) % slice === 0) {
      highlight.push({ at: i + 1, ...codeBlockState(container) });
      const heap = usedHeap();
      if (heap !== null) heapPeak = Math.max(heapPeak ?? 0, heap);
    }
    // Between updates the page runs what a streaming page runs: effects, highlighting, paint.
    await yieldTask();
  }
  const wall = performance.now() - start;
  return { commit, commitLayout, wall, highlight, heapPeak } satisfies Sample;
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
  /** The scenario document id (see scenario-documents.ts); default `mixed`. */
  document?: string;
  /** False: the page without the library's stylesheet (an app styling it itself). */
  stylesheet?: boolean;
  /** The host page's own CSS during the run (e.g. `pre { white-space: pre-wrap }`). */
  hostCss?: string;
}

const FINISHED = finishedReply('bench-finished', generateDocument(5, 5).slice(0, 1800));

async function stream(options: StreamOptions) {
  const {
    variant,
    scene,
    salt,
    updateSize,
    limit,
    historySize = 200,
    document: documentId,
    stylesheet = true,
    hostCss = '',
  } = options;
  applyPageStyles(stylesheet, hostCss);
  const { text, fragments } = streamFragments(salt, updateSize, limit, documentId);
  await settle();
  const heapBefore = usedHeap();
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
  // What the page keeps for the streamed answer once garbage is collected.
  await settle(50);
  const heapAfter = usedHeap();
  const heap =
    heapBefore === null || heapAfter === null
      ? null
      : {
          retained: heapAfter - heapBefore,
          peak: sample.heapPeak === null ? null : sample.heapPeak - heapBefore,
        };
  dispose();
  applyPageStyles(true, '');
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
    heap,
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
  await afterPaint();
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

/** <MessageList>, or an error for the list scenes when this tree has none. */
function listOrThrow(): MessageListComponent {
  if (MessageList === undefined) throw new Error('MessageList is missing');
  return MessageList;
}

const ramBench = {
  hasMessageList: MessageList !== undefined,
  stream,
  mountList,
  historyPages: (options: HistoryPagesOptions) => historyPages(listOrThrow(), options),
  multiAgent: (options: MultiAgentOptions) => multiAgent(listOrThrow(), options),
  aiSdkChat: (options: AiSdkChatOptions) => aiSdkChat(options),
  openHistory: (options: OpenHistoryOptions) => openHistory(listOrThrow(), options),
  liveStream: (options: LiveStreamOptions) => liveStream(listOrThrow(), options),
  toolArgs,
  warmUp,
  react: React.version,
};

declare global {
  interface Window {
    ramBench: typeof ramBench;
  }
}

window.ramBench = ramBench;
