import type { Decision } from '../../fold/confirm-result.js';
import { isAgentScopeConversation } from '../../fold/conversation.js';
import type { Diagnostic } from '../../model/diagnostic.js';
import type { AgentEvent } from '../../model/event.js';
import type { Msg } from '../../model/message.js';
import type { MessageStreamProtocolName } from '../../protocols/protocol-types.js';
import type { FrameBatcher } from '../frame-batcher.js';
import { createFrameBatcher, FRAME_FALLBACK_MS } from '../frame-batcher.js';
import type { MessageStreamOptions } from '../message-stream-options.js';
import { isUrl } from '../message-stream-source.js';
import type { MessageStreamSnapshot, MessageStreamStore } from '../message-stream-store-types.js';
import { clearTimer, guard, setTimer, toError, type TimerHandle } from '../platform.js';
import type { RunStatus } from '../../fold/run-status.js';
import type {
  FoldWorkerLike,
  FromWorker,
  SnapshotMeta,
  ToWorker,
  WorkerInit,
} from './fold-worker-types.js';
import { heldOptions } from './held-options.js';
import type { MirrorConversation } from './mirror-conversation.js';
import { mirrorOf, sameSnapshot } from './mirror-conversation.js';
import type { Settlers } from './sent-error.js';
import { receiveError, sendError, settleSent } from './sent-error.js';
import { workerInit } from './worker-init.js';

type MakeStore = (options: MessageStreamOptions) => MessageStreamStore;

/** How long a closed store keeps its worker: StrictMode's rehearsal closes and starts again at once. */
const RETIRE_MS = 1000;

/**
 * The page's side of a store folding in a worker: it forwards the app's calls, upserts the
 * messages the worker says changed into its own conversation, publishes at most once per frame,
 * and calls the app's callbacks. A worker that cannot start or fails later hands over to a store
 * on this thread, from what was shown, with the app's changes the worker had not yet reflected.
 */
export function createWorkerStore(
  options: MessageStreamOptions,
  local: MakeStore,
  first: MessageStreamSnapshot,
): MessageStreamStore {
  return new WorkerStore(options, local, first);
}

interface Change {
  seq: number;
  message: ToWorker;
  apply: (store: MessageStreamStore) => void;
}

class WorkerStore implements MessageStreamStore {
  private worker: FoldWorkerLike | null = null;
  /** The store on this thread, once the worker failed. */
  private fallback: MessageStreamStore | null = null;
  private snapshot: MessageStreamSnapshot;
  private mirror: MirrorConversation;
  /** The mirror while the slices of one change arrive: published with the last one. */
  private building: MirrorConversation | null = null;
  private status: RunStatus;
  private error: Error | null;
  private protocol: MessageStreamProtocolName | null;
  private protocolState: unknown;
  private diagnostics: readonly Diagnostic[];
  private readonly listeners = new Set<() => void>();
  private readonly batcher: FrameBatcher;
  /** The app's changes the worker has not reflected yet: a fallback applies them again. */
  private changes: Change[] = [];
  private seq = 0;
  private heard = false;
  private started = false;
  private retireTimer: TimerHandle = null;
  private readonly confirms = new Map<number, Settlers>();
  private nextConfirm = 0;
  /** The source last sent: a stream moves into the worker once. */
  private sentSource: unknown = undefined;
  private sourceKey: unknown = undefined;
  private keyVersion = 0;
  /** The options the worker holds: a render that changes none of them posts nothing. */
  private held: WorkerInit | null = null;
  /** The history the first worker read (once, as the store does): the fold waits for the protocol. */
  private readonly history: readonly unknown[] | undefined;

  constructor(
    private options: MessageStreamOptions,
    private readonly local: MakeStore,
    first: MessageStreamSnapshot,
  ) {
    this.snapshot = first;
    const agentScope = isAgentScopeConversation(first.protocolState) ? first.protocolState : null;
    this.mirror = mirrorOf(first.conversation, agentScope);
    ({ status: this.status, error: this.error, protocol: this.protocol } = first);
    this.protocolState = agentScope ? this.mirror : first.protocolState;
    this.diagnostics = first.diagnostics;
    ({ sourceKey: this.sourceKey, initialHistory: this.history } = options);
    this.batcher = createFrameBatcher(
      () => this.publish(),
      FRAME_FALLBACK_MS,
      options.frameScheduler,
    );
    this.spawn(options);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): MessageStreamSnapshot => this.fallback?.getSnapshot() ?? this.snapshot;

  setOptions = (options: MessageStreamOptions): void => {
    this.options = options;
    if (this.fallback) return this.fallback.setOptions(options);
    // Only what the worker reads later: it keeps the initial history that came with `init`.
    const next = this.init({
      ...options,
      initialHistory: undefined,
      initialMessages: undefined,
      initialConversation: undefined,
    });
    const held = next && heldOptions(this.held, next.init);
    if (!held) return;
    this.held = held;
    this.post({ t: 'options', init: next.init }, next.transfer);
  };

  start = (): void => {
    this.started = true;
    clearTimer(this.retireTimer);
    if (!this.fallback && !this.worker) {
      // A retired worker's successor starts from what is shown, and what it had not reflected.
      this.spawn({ ...this.options, ...this.shown() });
      for (const change of this.changes) this.post(change.message);
    }
    this.call('start', (store) => store.start());
  };

  close = (): void => {
    this.started = false;
    this.call('close', (store) => store.close());
    this.batcher.cancel();
    if (this.worker) this.retireTimer = setTimer(() => this.retire(), RETIRE_MS);
  };

  stop = (): void => this.call('stop', (store) => store.stop());

  reconnect = (): void => this.call('reconnect', (store) => store.reconnect());

  append = (events: AgentEvent | readonly AgentEvent[]): void => {
    const list = Array.isArray(events) ? (events as readonly AgentEvent[]) : [events as AgentEvent];
    this.change(
      (seq) => ({ t: 'append', seq, events: list }),
      (store) => store.append(list),
    );
  };

  addMessages = (messages: Msg | readonly Msg[]): void => {
    const list = Array.isArray(messages) ? (messages as readonly Msg[]) : [messages as Msg];
    this.change(
      (seq) => ({ t: 'add', seq, messages: list }),
      (store) => store.addMessages(list),
    );
  };

  reset = (messages: readonly Msg[] = []): void => {
    this.change(
      (seq) => ({ t: 'reset', seq, messages }),
      (store) => store.reset(messages),
    );
  };

  confirm = (decision: Decision): Promise<void> => {
    if (this.fallback) return this.fallback.confirm(decision);
    const id = this.nextConfirm++;
    return new Promise<void>((resolve, reject) => {
      this.confirms.set(id, { resolve, reject });
      this.post({ t: 'confirm', id, decision });
    });
  };

  /* -----------------------------------------------------------------------------------------------
   * The worker
   * ---------------------------------------------------------------------------------------------*/

  private spawn(options: MessageStreamOptions): void {
    const ready = this.init(options);
    if (!ready) return;
    let worker: FoldWorkerLike;
    try {
      worker = (options.worker as () => FoldWorkerLike)();
    } catch (error) {
      return this.fallBack(error);
    }
    this.worker = worker;
    worker.addEventListener('message', (event) => {
      if (this.worker === worker) this.receive(event.data as FromWorker);
    });
    const fail = (event: { readonly message?: string; preventDefault(): void }): void => {
      // Handled here (it goes to onError): the page's console does not report it again.
      event.preventDefault();
      if (this.worker === worker) this.fallBack(new Error(event.message || 'it could not load'));
    };
    worker.addEventListener('error', fail);
    worker.addEventListener('messageerror', fail);
    this.held = ready.init;
    this.post({ t: 'init', init: ready.init }, ready.transfer);
  }

  /** The options for the worker, or null after falling back when it cannot take them. */
  private init(options: MessageStreamOptions): { init: WorkerInit; transfer: unknown[] } | null {
    if (!Object.is(options.sourceKey, this.sourceKey)) {
      this.sourceKey = options.sourceKey;
      this.keyVersion += 1;
    }
    // A stream moves into the worker once; a `URL` goes as its address, to each worker again.
    const { source } = options;
    const keepSource = source === this.sentSource && typeof source === 'object' && !isUrl(source);
    const base = (globalThis as { location?: { href: string } }).location?.href;
    const result = workerInit(
      keepSource ? { ...options, source: null } : options,
      base,
      this.keyVersion,
    );
    if ('reason' in result) {
      this.fallBack(new Error(`the worker cannot take ${result.reason}`));
      return null;
    }
    this.sentSource = options.source;
    return { init: { ...result.init, keepSource }, transfer: result.transfer };
  }

  private post(message: ToWorker, transfer: unknown[] = []): void {
    try {
      this.worker?.postMessage(message, transfer as never[]);
    } catch (error) {
      // Something in the options or the messages that cannot be copied (a function, a FormData).
      this.fallBack(error);
    }
  }

  private call(method: 'start' | 'close' | 'stop' | 'reconnect', local: Change['apply']): void {
    if (this.fallback) local(this.fallback);
    else this.post({ t: 'call', method });
  }

  private change(message: (seq: number) => ToWorker, apply: Change['apply']): void {
    if (this.fallback) return apply(this.fallback);
    const seq = ++this.seq;
    const sent = message(seq);
    this.changes.push({ seq, message: sent, apply });
    this.post(sent);
  }

  private receive(message: FromWorker): void {
    this.heard = true;
    switch (message.t) {
      case 'changes': {
        const { reset, messages, meta, events } = message;
        let building = this.building ?? this.mirror;
        if (reset || messages.length > 0) building = building.apply(reset, messages);
        if (!meta) {
          this.building = building;
          return;
        }
        this.building = null;
        this.mirror = building.describe(meta);
        this.describe(meta);
        if (events) this.tell(events);
        this.batcher.schedule();
        return;
      }
      case 'answer':
        return void this.transport(message.id, message.answer);
      case 'confirmed': {
        settleSent(this.confirms, message.id, message.error);
        return;
      }
      case 'error':
        return void this.report(receiveError(message.error));
      case 'diagnostic': {
        const { onDiagnostic } = this.options;
        if (onDiagnostic) guard(() => onDiagnostic(message.diagnostic as never));
        return;
      }
      default:
        return;
    }
  }

  private describe(meta: SnapshotMeta): void {
    this.status = meta.status;
    this.protocol = meta.protocol;
    if (meta.error !== undefined) this.error = meta.error && receiveError(meta.error);
    // AgentScope's state is the conversation mirrored here (`mirror` already describes `meta`).
    if (meta.agentScope) this.protocolState = this.mirror;
    else if (meta.protocolState !== undefined) this.protocolState = meta.protocolState;
    if (meta.diagnostics !== undefined) this.diagnostics = meta.diagnostics;
    this.changes = this.changes.filter((change) => change.seq > meta.ack);
  }

  private tell(events: readonly AgentEvent[]): void {
    const { onEvent, onCustomEvent } = this.options;
    for (const event of events) {
      if (onEvent) guard(() => onEvent(event));
      if (onCustomEvent && event.type === 'CUSTOM') guard(() => onCustomEvent(event));
    }
  }

  /** Sends the worker's answer through the app's `onConfirm`, and tells the worker how it went. */
  private async transport(id: number, answer: unknown): Promise<void> {
    try {
      const { onConfirm } = this.options;
      if (!onConfirm) throw new Error('useMessageStream: confirm() needs an `onConfirm` transport');
      await onConfirm(answer as never);
      this.post({ t: 'answered', id, error: null });
    } catch (error) {
      this.post({ t: 'answered', id, error: sendError(error) });
    }
  }

  private publish(): void {
    if (this.fallback) return;
    const previous = this.snapshot;
    const next: MessageStreamSnapshot = {
      conversation: this.mirror,
      status: this.status,
      error: this.error,
      protocol: this.protocol,
      protocolState: this.protocolState,
      diagnostics: this.diagnostics,
    };
    if (sameSnapshot(next, previous)) return;
    this.snapshot = next;
    this.notify();
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }

  /** What the page shows, as the history a new worker (or the store on this thread) starts from. */
  private shown(): Partial<MessageStreamOptions> {
    if (!this.heard) return {};
    // Until the stream tells the protocol, the history is not in what is shown: it goes on too.
    const initialHistory = this.protocol === null ? this.history : undefined;
    return { initialConversation: this.mirror, initialHistory };
  }

  /** Lets a closed store's worker go; a later `start()` starts another from what is shown. */
  private retire(): void {
    this.worker?.terminate();
    this.worker = null;
    this.building = null;
  }

  /** Hands over to a store on this thread: the error is reported, nothing shown is lost. */
  private fallBack(cause: unknown): void {
    if (this.fallback) return;
    this.worker?.terminate();
    this.worker = null;
    const store = this.local({ ...this.options, ...this.shown() });
    this.fallback = store;
    this.batcher.cancel();
    store.subscribe(() => this.notify());
    for (const change of this.changes) change.apply(store);
    this.changes = [];
    const error = new Error(
      `useMessageStream: folding on the main thread: ${toError(cause).message}`,
      { cause },
    );
    for (const waiting of this.confirms.values()) waiting.reject(error);
    this.confirms.clear();
    this.report(error);
    if (this.started) store.start();
    this.notify();
  }

  private report(error: Error): Error {
    const { onError } = this.options;
    if (onError) guard(() => onError(error));
    return error;
  }
}
