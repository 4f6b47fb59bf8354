/*
 * <MessageList> at the limit, for `npm run bench -- message-list`:
 * - `historyPages`: the newest page of a long history mounted, then every older page loaded
 *   through `onReachTop` (scrolled to the top, as a user does) until all of it is there;
 * - `multiAgent`: several replies streamed at once into one list through `useMessageStream`
 *   (one store per agent, or one store with every reply), counting React commits per frame.
 */
import * as React from 'react';
import { flushSync } from 'react-dom';
import type { AgentEvent, Msg } from '../../src/core.js';
import { useMessageStream } from '../../src/index.js';
import { history } from './conversation.js';
import { chunkText, generateDocument } from './document.js';
import { afterPaint, freshRoot, nextFrame, settle, sleep, usedHeap } from './harness.js';
import type { MessageListComponent } from './variants.js';

/** The list component with the props these scenes use. */
type PagedListComponent = React.ComponentType<{
  messages: Msg[];
  onReachTop?: (() => void) | undefined;
}>;

/** Element count under `container`: what the browser keeps laid out. */
const elementCount = (container: HTMLElement) => container.getElementsByTagName('*').length;

/* -------------------------------------------------------------------------------------------------
 * History loaded in pages
 * -----------------------------------------------------------------------------------------------*/

interface PagedProps {
  List: PagedListComponent;
  all: Msg[];
  pageSize: number;
  onCommit(shown: number): void;
}

/** The newest `pageSize` messages of `all`, and an older page each time the list reaches the top. */
function PagedHistory({ List, all, pageSize, onCommit }: PagedProps) {
  const [start, setStart] = React.useState(Math.max(0, all.length - pageSize));
  const messages = React.useMemo(() => all.slice(start), [all, start]);
  const loadOlder = React.useCallback(
    () => setStart((current) => Math.max(0, current - pageSize)),
    [pageSize],
  );
  React.useLayoutEffect(() => onCommit(messages.length), [messages, onCommit]);
  return (
    <div className="bench-list">
      <List messages={messages} onReachTop={start > 0 ? loadOlder : undefined} />
    </div>
  );
}

/** Options of `historyPages`. */
export interface HistoryPagesOptions {
  total: number;
  pageSize: number;
}

/**
 * Mounts the newest page of `total` messages, then scrolls to the top until every page is loaded.
 * Reports the mount (commit, first paint), each page load (scroll to painted), the heap the list
 * adds to the messages themselves, and the elements in the DOM at the end.
 */
export async function historyPages(List: MessageListComponent, options: HistoryPagesOptions) {
  const { total, pageSize } = options;
  await settle();
  const heapEmpty = usedHeap();
  const all = history(total);
  await settle();
  const heapMessages = usedHeap();
  const { container, root, dispose } = freshRoot();
  let shown = 0;
  let committed: (() => void) | null = null;
  const onCommit = (count: number) => {
    shown = count;
    committed?.();
  };
  const t0 = performance.now();
  flushSync(() =>
    root.render(
      <PagedHistory
        List={List as PagedListComponent}
        all={all}
        pageSize={pageSize}
        onCommit={onCommit}
      />,
    ),
  );
  const mountCommit = performance.now() - t0;
  await afterPaint();
  const mountPaint = performance.now() - t0;
  // Rows shown once painted: more than one page means the list asked for older ones by itself.
  const shownAtMount = shown;
  const elementsAtMount = elementCount(container);
  await settle();
  const heapAtMount = usedHeap();

  const scroller = container.querySelector<HTMLElement>('[data-slot="message-list"]');
  if (scroller === null) throw new Error('no [data-slot="message-list"]');
  const pageLoads: number[] = [];
  let stuck = 0;
  while (shown < total && stuck < 3) {
    const before = shown;
    const loaded = new Promise<void>((resolve) => (committed = resolve));
    const s0 = performance.now();
    // A user scrolling up: away from the top first if the list is already there.
    if (scroller.scrollTop <= 0) scroller.scrollTop = 1000;
    await nextFrame();
    scroller.scrollTop = 0;
    const timedOut = await Promise.race([loaded.then(() => false), sleep(2000).then(() => true)]);
    committed = null;
    if (timedOut || shown === before) {
      stuck += 1;
      continue;
    }
    await afterPaint();
    pageLoads.push(performance.now() - s0);
  }
  await settle();
  const heapAllLoaded = usedHeap();
  const elementsAtEnd = elementCount(container);
  const rowsAtEnd = container.querySelectorAll('[data-slot="message-list-item"]').length;
  dispose();
  await settle();
  const heapAfter = usedHeap();
  const heap =
    heapEmpty === null ||
    heapMessages === null ||
    heapAtMount === null ||
    heapAllLoaded === null ||
    heapAfter === null
      ? null
      : {
          messages: heapMessages - heapEmpty,
          listAtMount: heapAtMount - heapMessages,
          listAllLoaded: heapAllLoaded - heapMessages,
          afterUnmount: heapAfter - heapMessages,
        };
  return {
    total,
    pageSize,
    loaded: shown,
    mount: { commit: mountCommit, firstPaint: mountPaint, shown: shownAtMount },
    pageLoads,
    elementsAtMount,
    elementsAtEnd,
    rowsAtEnd,
    heap,
  };
}

/* -------------------------------------------------------------------------------------------------
 * Several replies streaming at once
 * -----------------------------------------------------------------------------------------------*/

const CREATED = '2026-09-01T12:00:00.000000';

/** The events of agent `n`'s reply: start, one text block of `chars` characters, end. */
function agentEvents(n: number, chars: number, updateSize: number): AgentEvent[] {
  const reply = `agent-${n}`;
  const block = `agent-${n}-text`;
  let id = 0;
  const event = (fields: Record<string, unknown>) =>
    ({
      id: `a${n}-e${(id += 1)}`,
      created_at: CREATED,
      metadata: {},
      ...fields,
    }) as unknown as AgentEvent;
  const text = generateDocument(10 + n, n).slice(0, chars);
  return [
    event({
      type: 'REPLY_START',
      session_id: 'bench',
      reply_id: reply,
      name: `Agent ${n + 1}`,
      role: 'assistant',
    }),
    event({ type: 'TEXT_BLOCK_START', reply_id: reply, block_id: block }),
    ...chunkText(text, updateSize).map((delta) =>
      event({ type: 'TEXT_BLOCK_DELTA', reply_id: reply, block_id: block, delta }),
    ),
    event({ type: 'TEXT_BLOCK_END', reply_id: reply, block_id: block }),
    event({
      type: 'REPLY_END',
      session_id: 'bench',
      reply_id: reply,
      finished_reason: 'completed',
      error: null,
    }),
  ];
}

/** Anything that takes events: one `useMessageStream` per agent, or one for all. */
type Append = (events: readonly AgentEvent[]) => void;

interface MultiProps {
  List: PagedListComponent;
  past: Msg[];
  onReady(appends: Append[]): void;
  onCommit(): void;
}

/** Four stores (four agents), their messages after the history, in one list. */
function FourStores({ List, past, onReady, onCommit }: MultiProps) {
  const a = useMessageStream();
  const b = useMessageStream();
  const c = useMessageStream();
  const d = useMessageStream();
  const messages = React.useMemo(
    () => [...past, ...a.messages, ...b.messages, ...c.messages, ...d.messages],
    [past, a.messages, b.messages, c.messages, d.messages],
  );
  const appends = [a.append, b.append, c.append, d.append];
  React.useEffect(() => {
    onReady(appends);
  });
  React.useLayoutEffect(() => onCommit());
  return (
    <div className="bench-list">
      <List messages={messages} />
    </div>
  );
}

/** One store that receives every agent's reply, interleaved. */
function OneStore({ List, past, onReady, onCommit }: MultiProps) {
  const stream = useMessageStream();
  const messages = React.useMemo(() => [...past, ...stream.messages], [past, stream.messages]);
  const { append } = stream;
  React.useEffect(() => {
    onReady([append, append, append, append]);
  });
  React.useLayoutEffect(() => onCommit());
  return (
    <div className="bench-list">
      <List messages={messages} />
    </div>
  );
}

/** Options of `multiAgent`. */
export interface MultiAgentOptions {
  stores: 'four' | 'one';
  historySize: number;
  /** Characters each agent streams. */
  chars: number;
  updateSize: number;
  /** Updates per second per agent. */
  rate: number;
}

/**
 * Streams four replies at once into one list, each agent delivering its updates on its own timer
 * at `rate` per second (as four connections would), and counts React commits in each animation
 * frame (a frame counter bumped by a rAF loop registered before any store's frame request).
 */
export async function multiAgent(List: MessageListComponent, options: MultiAgentOptions) {
  const { stores, historySize, chars, updateSize, rate } = options;
  const agents = [0, 1, 2, 3].map((n) => agentEvents(n, chars, updateSize));
  const past = history(historySize);
  const { root, dispose } = freshRoot();
  let appends: Append[] = [];
  let frame = 0;
  const commitsByFrame = new Map<number, number>();
  let commits = 0;
  const onCommit = () => {
    commits += 1;
    commitsByFrame.set(frame, (commitsByFrame.get(frame) ?? 0) + 1);
  };
  const Scene = stores === 'four' ? FourStores : OneStore;
  flushSync(() =>
    root.render(
      <Scene
        List={List as PagedListComponent}
        past={past}
        onReady={(list) => (appends = list)}
        onCommit={onCommit}
      />,
    ),
  );
  await settle();
  commits = 0;
  commitsByFrame.clear();

  const frameTimes: number[] = [];
  let running = true;
  const tick = (time: number) => {
    if (!running) return;
    frame += 1;
    frameTimes.push(time);
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  await nextFrame();

  // Each agent on its own timer, as separate connections deliver.
  const start = performance.now();
  const done = agents.map(
    (events, n) =>
      new Promise<void>((resolve) => {
        let sent = 0;
        const pump = () => {
          const due = Math.min(
            events.length,
            Math.ceil(((performance.now() - start) * rate) / 1000) + 1,
          );
          if (due > sent) (appends[n] as Append)(events.slice(sent, due));
          sent = due;
          if (sent >= events.length) resolve();
          else setTimeout(pump, 1 + n);
        };
        setTimeout(pump, n);
      }),
  );
  await Promise.all(done);
  // The last frames land what is still queued.
  for (let i = 0; i < 5; i++) await nextFrame();
  running = false;
  const wall = performance.now() - start;
  const counts = [...commitsByFrame.values()];
  const intervals = frameTimes.slice(1).map((t, i) => t - (frameTimes[i] as number));
  dispose();
  await settle();
  return {
    stores,
    agents: agents.length,
    updatesPerAgent: agents[0]?.length ?? 0,
    wall,
    frames: frame,
    commits,
    framesWithCommits: counts.length,
    maxCommitsPerFrame: Math.max(0, ...counts),
    framesWithMoreThanOne: counts.filter((count) => count > 1).length,
    frameIntervals: intervals,
  };
}
