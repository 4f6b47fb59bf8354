/*
 * The state behind `useAgUiAgent`: the agent's events folded by the AG-UI reducer, and the
 * wiring around its runs (send, resume, frontend tools, Stop). An external store, so that React
 * reads it with `useSyncExternalStore`. Each event is folded as it arrives, but published once
 * per animation frame (as `useMessageStream` does): a burst of tokens is one commit, not one
 * each. What the app does (send, answer, Stop) and a run's end publish at once.
 */
import { reduceAgUiEvent, foldAgUiEvents } from '../../core/protocols/ag-ui/reduce.js';
import { createAgUiResume } from '../../core/protocols/ag-ui/resume.js';
import { createAgUiState } from '../../core/protocols/ag-ui/state.js';
import type {
  AgUiInterrupt,
  AgUiResumeEntry,
  AgUiState,
} from '../../core/protocols/ag-ui/types.js';
import { isRecord } from '../../core/protocols/common/read.js';
import type { DevtoolsTap } from '../../core/client/devtools-hook.js';
import { devtoolsNow, openDevtoolsTap } from '../../core/client/devtools-hook.js';
import { createFrameBatcher } from '../../core/client/frame-batcher.js';
import type { Decision } from '../../core/fold/confirm-result.js';
import type { ToolCallBlock } from '../../core/model/block.js';
import type { ActivityAction } from '../../components/provider/activity-types.js';
import type {
  AgUiAgentLike,
  AgUiEventParams,
  AgUiOutgoingMessage,
  AgUiRunParameters,
} from './agent-like.js';
import { userContent } from './file-parts.js';
import { runFrontendTool, toolDefinitions, type AgUiFrontendTool } from './frontend-tools.js';

/** What the store holds; a new object on every change. */
export interface AgUiAgentSnapshot {
  readonly fold: AgUiState;
  /** True from `runAgent` until the run (and the frontend tools it asked for) settle. */
  readonly running: boolean;
  /** A failure no message shows: a send that failed before the run started, a tool round cap. */
  readonly error: Error | null;
}

/** The store's options, read at each run. */
export interface AgUiAgentStoreOptions {
  tools: readonly AgUiFrontendTool[];
  maxToolRounds: number;
}

/** The events that fold the agent's messages and state as the store found them. */
function initialEvents(agent: AgUiAgentLike): unknown[] {
  const events: unknown[] = [];
  if (Array.isArray(agent.messages) && agent.messages.length > 0)
    events.push({ type: 'MESSAGES_SNAPSHOT', messages: agent.messages });
  if (isRecord(agent.state) && Object.keys(agent.state).length > 0)
    events.push({ type: 'STATE_SNAPSHOT', snapshot: agent.state });
  return events;
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

let sequence = 0;
function newId(prefix: string): string {
  const random = globalThis.crypto?.randomUUID?.();
  sequence += 1;
  return `${prefix}:${random ?? `${Date.now().toString(36)}-${sequence}`}`;
}

/** The folded conversation of one AG-UI agent, and the actions that drive its runs. */
export class AgUiAgentStore {
  private options: AgUiAgentStoreOptions = { tools: [], maxToolRounds: 10 };
  private snapshot: AgUiAgentSnapshot;
  // The fold as of the last event; `snapshot.fold` is what was last published.
  private fold: AgUiState;
  private readonly frame = createFrameBatcher(() => this.update({}));
  private readonly listeners = new Set<() => void>();
  // Messages this binding added: a RUN_STARTED without `input` (Mastra's) gets them from the run.
  private readonly sent = new Set<string>();
  // Answers collected until every open interrupt has one: the agent wants them in one resume.
  private readonly answers = new Map<string, Decision | AgUiResumeEntry>();
  private stopped = false;
  // The user's message of a run that has not answered yet, and the Composer waiting on it.
  private unanswered: string | null = null;
  private started: { resolve(): void; reject(error: Error): void } | null = null;
  /** The devtools' tap, when the hook is installed: every event folded, commits, resumes. */
  private readonly tap: DevtoolsTap | undefined;
  /** Time spent folding since the last publish, for the devtools' commit costs. */
  private foldMs = 0;

  constructor(private readonly agent: AgUiAgentLike) {
    const events = initialEvents(agent);
    this.fold = events.length === 0 ? createAgUiState() : foldAgUiEvents(events);
    this.tap = openDevtoolsTap({
      label: 'useAgUiAgent',
      frames: 'stream',
      protocol: () => 'ag-ui',
    });
    if (this.tap) for (const event of events) this.tap.frame(event);
    this.snapshot = { fold: this.fold, running: false, error: null };
  }

  /** `useSyncExternalStore`'s subscribe: the listener runs after every change. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  /** The current snapshot; a new object after every change. */
  readonly getSnapshot = (): AgUiAgentSnapshot => this.snapshot;

  /** The app's latest options (its tools), read when a run starts or ends. */
  setOptions(options: AgUiAgentStoreOptions): void {
    this.options = options;
  }

  /** Subscribes to the agent's events; returns the unsubscribe. */
  attach(): () => void {
    const subscription = this.agent.subscribe({ onEvent: (params) => this.onEvent(params) });
    return () => {
      subscription.unsubscribe();
      this.frame.cancel();
    };
  }

  /** Adds the user's message (and files) to the thread and runs the agent; settles when the reply has. */
  readonly send = async (text: string, files: readonly File[] = []): Promise<void> => {
    if (this.snapshot.running) throw new Error('A reply is in progress; stop it or wait for it.');
    const content = await userContent(text, files);
    const id = newId('user');
    this.add({ id, role: 'user', content });
    this.unanswered = id;
    await this.run();
  };

  /**
   * The Composer's send: resolves once the agent answers (the Composer then clears its text),
   * rejects when the run fails before that, the message taken back so that a retry sends it once.
   */
  readonly submit = (text: string, files: readonly File[] = []): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      this.started = { resolve, reject };
      this.send(text, files).then(
        () => this.settleStart(null),
        (error: unknown) => this.settleStart(asError(error)),
      );
    });

  private settleStart(error: Error | null): void {
    const started = this.started;
    this.started = null;
    if (error === null) started?.resolve();
    else started?.reject(error);
  }

  /** Aborts the run in progress; its reply is marked interrupted. */
  readonly stop = (): void => {
    if (!this.snapshot.running) return;
    this.stopped = true;
    this.agent.abortRun();
    this.cancelOpenRun();
    // Stopped before the agent answered: the text goes back to the Composer.
    if (this.unanswered !== null) this.takeBack(new Error('Stopped before the agent answered.'));
  };

  /**
   * Sends a user's action on an activity as the next run's input: `forwardedProps.activityAction`
   * (and, for an A2UI surface, its client message as `forwardedProps.a2uiAction`). While a reply
   * is in progress the action is refused, and says so.
   */
  readonly act = (action: ActivityAction): void => {
    if (this.snapshot.running) {
      this.update({ error: new Error('A reply is in progress; the action was not sent.') });
      return;
    }
    const forwardedProps: Record<string, unknown> = { activityAction: { ...action } };
    if (action.activityType === 'a2ui-surface') forwardedProps['a2uiAction'] = action.payload;
    void this.run({ forwardedProps });
  };

  /** Answers a tool approval (a `Decision` from the list) through its interrupt. */
  readonly decide = async (decision: Decision): Promise<void> => {
    const callId = decision.toolCall.id;
    const interrupt = this.fold.interrupts.find((item) => item.toolCallId === callId);
    if (interrupt === undefined) return;
    await this.answer(interrupt, decision);
  };

  /** Answers an interrupt (`<InterruptPrompt>`'s `onResolve`). */
  readonly resolve = async (answer: {
    interrupt: AgUiInterrupt;
    entry: AgUiResumeEntry;
  }): Promise<void> => {
    await this.answer(answer.interrupt, answer.entry);
  };

  readonly dismissError = (): void => {
    if (this.snapshot.error !== null) this.update({ error: null });
  };

  private async answer(
    interrupt: AgUiInterrupt,
    decision: Decision | AgUiResumeEntry,
  ): Promise<void> {
    const open = this.fold.interrupts;
    if (!open.some((item) => item.id === interrupt.id)) return;
    // An entry answers the interrupt it came with, whatever id it carries.
    this.answers.set(
      interrupt.id,
      'toolCall' in decision ? decision : { ...decision, interruptId: interrupt.id },
    );
    if (!open.every((item) => this.answers.has(item.id))) return;
    const resume = createAgUiResume(open, [...this.answers.values()]);
    for (const [id, answer] of this.answers) {
      const callId = open.find((item) => item.id === id)?.toolCallId ?? id;
      this.tap?.decision(callId, allows(answer), resume);
    }
    this.answers.clear();
    await this.run({ resume });
  }

  private add(message: AgUiOutgoingMessage): void {
    this.sent.add(message.id);
    this.agent.addMessage(message);
  }

  private onEvent({ event, input }: AgUiEventParams): void {
    // After Stop the client closes what was open and reports the abort: the run is cancelled.
    if (this.stopped) return;
    this.unanswered = null;
    this.settleStart(null);
    const fields = event as { type: string } & Record<string, unknown>;
    if (fields.type === 'RUN_ERROR' && fields['code'] === 'abort') return this.cancelOpenRun();
    let folded: unknown = event;
    if (fields.type === 'RUN_STARTED' && fields['input'] === undefined) {
      // Without `input` the fold would never see the user's words or the tools' results.
      const messages = (Array.isArray(input?.messages) ? input.messages : []).filter(
        (message) => isRecord(message) && this.sent.has(String(message['id'])),
      );
      folded = { ...fields, input: { messages, resume: input?.resume ?? [] } };
    }
    this.fold = this.reduce(folded);
    this.frame.schedule();
  }

  private async run(parameters: AgUiRunParameters = {}): Promise<void> {
    this.stopped = false;
    this.update({ running: true, error: null });
    let rounds = 0;
    let next: AgUiRunParameters | null = parameters;
    try {
      while (next !== null) {
        const tools = this.options.tools;
        await this.agent.runAgent(
          tools.length > 0 ? { ...next, tools: toolDefinitions(tools) } : next,
        );
        next = null;
        if (this.stopped) break;
        const calls = this.frontendCalls();
        if (calls === null) break;
        rounds += 1;
        if (rounds > this.options.maxToolRounds)
          throw new Error(`Stopped after ${this.options.maxToolRounds} rounds of frontend tools.`);
        const results = await Promise.all(calls.map(([tool, call]) => runFrontendTool(tool, call)));
        if (this.stopped) break;
        for (const result of results) this.add(result);
        next = {};
      }
    } catch (error) {
      if (!this.stopped) this.fail(asError(error));
    } finally {
      this.update({ running: false });
    }
  }

  /** The calls the last run left to the app, with their tools; `null` unless it can run them all. */
  private frontendCalls(): [AgUiFrontendTool, ToolCallBlock][] | null {
    const fold = this.fold;
    const run = fold.runs[fold.runs.length - 1];
    if (run === undefined || run.status !== 'success' || run.pendingToolCallIds.length === 0)
      return null;
    const found: [AgUiFrontendTool, ToolCallBlock][] = [];
    for (const id of run.pendingToolCallIds) {
      const call = findCall(fold, id);
      const tool = call && this.options.tools.find((item) => item.name === call.name);
      // A call the app has no handler for stays the app's to answer.
      if (!call || !tool) return null;
      found.push([tool, call]);
    }
    return found;
  }

  /** A user message nothing showed goes back to the Composer (`error`), and out of the thread. */
  private takeBack(error: Error): void {
    const unanswered = this.unanswered;
    this.unanswered = null;
    if (unanswered !== null && this.agent.setMessages !== undefined) {
      this.sent.delete(unanswered);
      this.agent.setMessages(this.agent.messages.filter((message) => message.id !== unanswered));
    }
    this.settleStart(error);
  }

  /** A failed run: on the reply it interrupted, else under the list. */
  private fail(error: Error): void {
    this.takeBack(error);
    const run = this.fold.runs[this.fold.runs.length - 1];
    if (run?.status === 'running')
      this.update({
        fold: this.reduce({ type: 'RUN_ERROR', message: error.message }),
      });
    else if (run?.status !== 'error') this.update({ error });
  }

  private cancelOpenRun(): void {
    const run = this.fold.runs[this.fold.runs.length - 1];
    if (run?.status !== 'running') return;
    this.update({
      fold: this.reduce({
        type: 'RUN_FINISHED',
        threadId: run.threadId ?? undefined,
        runId: run.runId,
        outcome: { type: 'cancelled' },
      }),
    });
  }

  /** Folds one event into the latest fold (and shows it to the devtools, timing the fold). */
  private reduce(event: unknown): AgUiState {
    if (this.tap === undefined) return reduceAgUiEvent(this.fold, event);
    this.tap.frame(event);
    const began = devtoolsNow();
    const fold = reduceAgUiEvent(this.fold, event);
    this.foldMs += devtoolsNow() - began;
    return fold;
  }

  /** Publishes the latest fold with `change`, and tells the listeners (when anything changed). */
  private update(change: Partial<AgUiAgentSnapshot>): void {
    if (change.fold !== undefined) this.fold = change.fold;
    this.frame.cancel();
    const next = { ...this.snapshot, ...change, fold: this.fold };
    const { fold, running, error } = this.snapshot;
    if (next.fold === fold && next.running === running && next.error === error) return;
    this.snapshot = next;
    const began = this.tap && devtoolsNow();
    for (const listener of this.listeners) listener();
    if (began === undefined) return;
    this.tap?.commit(this.foldMs + devtoolsNow() - began);
    this.foldMs = 0;
  }
}

/** Whether an answer lets the call run (an approval, or an interrupt resolved). */
function allows(answer: Decision | AgUiResumeEntry): boolean {
  return 'toolCall' in answer ? answer.confirmed === true : answer.status === 'resolved';
}

function findCall(fold: AgUiState, id: string): ToolCallBlock | null {
  for (let index = fold.messages.length - 1; index >= 0; index--)
    for (const block of fold.messages[index]?.content ?? [])
      if (block.type === 'tool_call' && block.id === id) return block;
  return null;
}
