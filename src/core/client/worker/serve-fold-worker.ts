import { isAgentScopeConversation } from '../../fold/conversation.js';
import type { Diagnostic } from '../../model/diagnostic.js';
import type { AgentEvent } from '../../model/event.js';
import { createMessageStreamStore } from '../message-stream-store.js';
import type { MessageStreamOptions } from '../message-stream-options.js';
import type { MessageStreamSource } from '../message-stream-source.js';
import type { MessageStreamSnapshot, MessageStreamStore } from '../message-stream-store-types.js';
import type { FromWorker, SnapshotMeta, ToWorker, WorkerInit } from './fold-worker-types.js';
import type { MessageChanges } from './message-changes.js';
import { ChangeTracker, sliceChanges } from './message-changes.js';
import type { Settlers } from './sent-error.js';
import { sendError, settleSent } from './sent-error.js';

/** The part of a worker's global scope the fold uses. */
export interface FoldWorkerScope {
  /** Posts to the page: changed messages, answers to send, errors. */
  postMessage(message: unknown): void;
  /** What the page sends: the options, the app's calls and changes, decisions. */
  addEventListener(type: 'message', listener: (event: { readonly data: unknown }) => void): void;
}

/** How much JSON one post carries, about: each is copied into the page in a task of its own. */
const SLICE = 128 * 1024;

/**
 * Runs a stream store in this worker for the page's `createMessageStreamStore({ worker })`: the
 * connection, the frames' parsing and every protocol's fold happen here, and the page receives
 * only the messages that changed since the last post. `react-agent-messages/fold-worker` calls
 * it; a worker of the app's own can call it too.
 */
export function serveFoldWorker(scope: FoldWorkerScope): void {
  let host: FoldHost | null = null;
  scope.addEventListener('message', (event) => {
    const message = event.data as ToWorker;
    if (message.t === 'init') host = new FoldHost(scope, message.init);
    else host?.receive(message);
  });
}

/* -------------------------------------------------------------------------------------------------
 * FoldHost
 * -----------------------------------------------------------------------------------------------*/

class FoldHost {
  private readonly store: MessageStreamStore;
  private readonly tracker = new ChangeTracker();
  /** The last of the page's changes received: every post after it reflects it. */
  private seq = 0;
  private events: AgentEvent[] = [];
  private readonly answers = new Map<number, Settlers>();
  private nextAnswer = 0;
  private source: MessageStreamSource | null = null;
  /** The history the page sent with `init` (later options leave it out): a protocol told later reads it. */
  private readonly history: readonly unknown[] | undefined;
  /** What the last post carried, so that only what changed is copied again. */
  private last: Partial<MessageStreamSnapshot> & { custom?: unknown; folded?: unknown } = {};

  constructor(
    private readonly scope: FoldWorkerScope,
    init: WorkerInit,
  ) {
    this.history = init.initialHistory;
    this.store = createMessageStreamStore(this.options(init));
    this.store.subscribe(() => this.post());
    // The first post starts the page over from the worker's own copy of the history.
    this.post();
  }

  receive(message: ToWorker): void {
    const { store } = this;
    switch (message.t) {
      case 'options':
        return store.setOptions(this.options(message.init));
      case 'call':
        return store[message.method]();
      case 'append':
        this.seq = message.seq;
        return store.append(message.events);
      case 'add':
        this.seq = message.seq;
        return store.addMessages(message.messages);
      case 'reset':
        this.seq = message.seq;
        return store.reset(message.messages);
      case 'confirm': {
        const { id } = message;
        store.confirm(message.decision).then(
          () => this.send({ t: 'confirmed', id, error: null }),
          (error: unknown) => this.send({ t: 'confirmed', id, error: sendError(error) }),
        );
        return;
      }
      case 'answered': {
        settleSent(this.answers, message.id, message.error);
        return;
      }
      default:
        return;
    }
  }

  private options(init: WorkerInit): MessageStreamOptions {
    if (!init.keepSource) this.source = init.stream ? streamSource(init.stream) : init.source;
    return {
      source: this.source,
      sourceKey: init.sourceKey,
      protocol: init.protocol,
      initialHistory: this.history,
      initialMessages: init.initialMessages,
      optimistic: init.optimistic,
      reconnect: init.reconnect as MessageStreamOptions['reconnect'],
      idleTimeoutMs: init.idleTimeoutMs,
      format: init.format,
      headers: init.headers,
      method: init.method,
      body: init.body as MessageStreamOptions['body'],
      credentials: init.credentials as MessageStreamOptions['credentials'],
      // The page's transport sends the answer; the fold here waits for its word.
      onConfirm: (answer) =>
        new Promise<void>((resolve, reject) => {
          const id = this.nextAnswer++;
          this.answers.set(id, { resolve, reject });
          this.send({ t: 'answer', id, answer });
        }),
      onError: (error) => this.send({ t: 'error', error: sendError(error) }),
      onEvent: init.events ? (event) => this.events.push(event) : undefined,
      onDiagnostic: init.diagnostics
        ? (diagnostic: Diagnostic) => this.send({ t: 'diagnostic', diagnostic })
        : undefined,
    };
  }

  /** Posts the messages that changed, in slices, the rest of the snapshot with the last one. */
  private post(): void {
    const snapshot = this.store.getSnapshot();
    const changes: MessageChanges = this.tracker.take(snapshot.conversation.messages) ?? {
      reset: false,
      messages: [],
    };
    const slices = sliceChanges(changes, SLICE);
    const last = slices.pop() as MessageChanges;
    for (const slice of slices) this.send({ t: 'changes', ...slice });
    const events = this.events.length > 0 ? this.events : undefined;
    this.events = [];
    const message: FromWorker = { t: 'changes', ...last, meta: this.meta(snapshot), events };
    try {
      this.scope.postMessage(message);
    } catch {
      // A protocol state that cannot be copied (it holds a function) stays here.
      this.scope.postMessage({ ...message, meta: { ...message.meta, protocolState: null } });
    }
  }

  private meta(snapshot: MessageStreamSnapshot): SnapshotMeta {
    const { last } = this;
    const { conversation, error, protocolState, diagnostics } = snapshot;
    const changed = <T>(value: T, before: unknown): T | undefined =>
      value === before ? undefined : value;
    // AgentScope's state is its conversation, which the page mirrors from the changed messages:
    // only what it adds crosses, its custom events when they changed.
    const own = isAgentScopeConversation(protocolState) ? protocolState : null;
    const meta: SnapshotMeta = {
      status: snapshot.status,
      protocol: snapshot.protocol,
      agentScope: own !== null,
      lastEventId: own?.lastEventId ?? null,
      eventCount: conversation.eventCount,
      ack: this.seq,
      error: error === last.error ? undefined : error && sendError(error),
      protocolState: own ? undefined : changed(protocolState, last.protocolState),
      diagnostics: changed(diagnostics, last.diagnostics),
      customEvents: own ? changed(own.customEvents, last.custom) : undefined,
      foldDiagnostics: changed(conversation.diagnostics, last.folded),
    };
    this.last = {
      error,
      protocolState: own ? undefined : protocolState,
      diagnostics,
      custom: own ? own.customEvents : last.custom,
      folded: conversation.diagnostics,
    };
    return meta;
  }

  private send(message: FromWorker): void {
    this.scope.postMessage(message);
  }
}

interface ResponseGlobals {
  Response?: new (
    body: unknown,
    init?: { headers?: Record<string, string> },
  ) => MessageStreamSource;
}

/** A stream moved in from the page, as a `Response` when its content type tells the format. */
function streamSource(stream: NonNullable<WorkerInit['stream']>): MessageStreamSource {
  const ResponseClass = (globalThis as ResponseGlobals).Response;
  if (stream.type === null || ResponseClass === undefined)
    return stream.body as MessageStreamSource;
  return new ResponseClass(stream.body, { headers: { 'content-type': stream.type } });
}
