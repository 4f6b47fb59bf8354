/*
 * Sessions of the local agent, as AgentScope's ChatService keeps them (reference/agentscope.md
 * §1.3–1.4, `app/_service/_chat.py`): persisted messages, a replay log of the current run that a
 * (re)connecting stream gets first, live subscribers, the run in progress or the reply parked on
 * a human decision, and the session's permission rules.
 *
 * A user message is persisted when its run starts; the reply is persisted, and the replay log
 * trimmed, in one step when the run ends or parks. So at any moment a reply is in the history or
 * in the replay log, never in both: history + replay never duplicates text.
 */
import type {
  AgentEvent,
  ExternalExecutionResultEvent,
  Msg,
  PermissionRule,
  ToolCallBlock,
  UserConfirmResultEvent,
} from 'react-agent-messages/core';
import { appendEvent, assistantMsg } from 'react-agent-messages/core';
import type { Speed } from './pacing.js';
import { Pacer } from './pacing.js';
import { makeEvent, normalizeEvent, pyId, pyNow } from './protocol.js';
import type { Outcome, Resume } from './tools.js';
import { pickScenario } from './scenarios.js';
import type { TurnHost } from './turn.js';
import { Failure, Interrupted, Turn } from './turn.js';

/** The replay log's cap (`MessageBusKeys.SESSION_REPLAY_MAX_LEN`). */
const REPLAY_MAX = 1000;
/** How many entries the demo's whole-session log keeps for the replay viewer. */
const ARCHIVE_MAX = 20_000;
export const AGENT_NAME = 'Friday';

/** A line of the session archive: an event, or a user message (which has no event). */
export type ArchiveEntry = AgentEvent | Msg;

export type Subscriber = (event: AgentEvent) => void;

/** Told of a session's events and saves, in order: the relay's copy of it for other processes. */
export interface SessionObserver {
  published(event: AgentEvent): void;
  /** The persisted messages; `runEnded` when the reply was persisted and the replay log trimmed. */
  saved(messages: readonly Msg[], running: boolean, runEnded: boolean): void;
}

interface Parked {
  replyId: string;
  kind: 'confirm' | 'external';
  resume: Resume;
}

/** Why a trigger was refused; the HTTP layer turns it into a status code. */
export class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/* -------------------------------------------------------------------------------------------------
 * Session
 * -----------------------------------------------------------------------------------------------*/

export class Session implements TurnHost {
  readonly agentName = AGENT_NAME;
  readonly messages: Msg[] = [];
  readonly archive: ArchiveEntry[] = [];
  private log: AgentEvent[] = [];
  private readonly subscribers = new Set<Subscriber>();
  private readonly rules: PermissionRule[] = [];
  private current: Msg | null = null;
  private run: { abort: AbortController; done: Promise<void> } | null = null;
  private parked: Parked | null = null;
  speed: Speed = 'realistic';
  /** Mirrors the session to the relay (on Redis, for the other processes). */
  observer: SessionObserver | null = null;

  constructor(readonly sessionId: string) {}

  get isRunning(): boolean {
    return this.run !== null;
  }

  /** Resolves when the current run (if any) has ended. */
  async settled(): Promise<void> {
    while (this.run) await this.run.done;
  }

  /* ---------------------------------------------------------------------------------------------
   * Streams
   * -------------------------------------------------------------------------------------------*/

  /** Subscribes; the current run's replay log is handed over first, synchronously. */
  subscribe(subscriber: Subscriber): () => void {
    for (const event of this.log) subscriber(event);
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  publish(event: AgentEvent): void {
    if ('reply_id' in event) {
      // The reply being built: a continuation picks up the persisted one, as Case B does.
      if (this.current?.id !== event.reply_id) {
        this.current =
          this.messages.find((msg) => msg.id === event.reply_id) ??
          (event.type === 'REPLY_START'
            ? assistantMsg([], { id: event.reply_id, name: event.name, created_at: pyNow() })
            : null);
      }
      if (this.current && event.type !== 'REPLY_START') {
        this.current = appendEvent(this.current, event);
      }
    }
    if (this.log.length >= REPLAY_MAX) this.log.shift();
    this.log.push(event);
    this.record(event);
    for (const subscriber of this.subscribers) subscriber(event);
    this.observer?.published(event);
  }

  /** The current run's replay log (what a connecting stream gets first). */
  replayLog(): readonly AgentEvent[] {
    return this.log;
  }

  reply(): Msg | null {
    return this.current;
  }

  /* ---------------------------------------------------------------------------------------------
   * Permissions
   * -------------------------------------------------------------------------------------------*/

  allows(call: ToolCallBlock): boolean {
    return this.rules.some((rule) => rule.behavior === 'allow' && ruleMatches(rule, call));
  }

  addRules(rules: readonly PermissionRule[]): void {
    for (const rule of rules) {
      const known = this.rules.some(
        (r) => r.tool_name === rule.tool_name && r.rule_content === rule.rule_content,
      );
      if (!known) this.rules.push({ ...rule, source: 'session' });
    }
  }

  /* ---------------------------------------------------------------------------------------------
   * Triggers
   * -------------------------------------------------------------------------------------------*/

  /** Case A: new user message(s) start a reply. */
  startReply(input: Msg[], origin: string): void {
    if (this.run) throw new Refusal(409, 'A reply is still running in this session.');
    if (this.parked) {
      throw new Refusal(
        409,
        'The agent is waiting for a decision on a tool call; answer or stop it.',
      );
    }
    for (const msg of input) {
      this.upsert(msg);
      this.record(msg);
    }
    const text = input
      .flatMap((msg) => msg.content)
      .map((block) => (block.type === 'text' ? block.text : ''))
      .join('\n');
    const scenario = pickScenario(text);
    const replyId = pyId();
    this.begin(origin, replyId, async (turn) => {
      turn.host.publish(
        makeEvent('REPLY_START', {
          session_id: this.sessionId,
          reply_id: replyId,
          name: this.agentName,
        }),
      );
      return scenario.run(turn);
    });
  }

  /** Case B: a decision or an external result resumes the parked reply. */
  resume(input: UserConfirmResultEvent | ExternalExecutionResultEvent, origin: string): void {
    if (this.run) throw new Refusal(409, 'A reply is still running in this session.');
    const parked = this.parked;
    if (!parked || parked.replyId !== input.reply_id) {
      throw new Refusal(409, `Reply "${input.reply_id}" is not waiting for input.`);
    }
    const kind = input.type === 'USER_CONFIRM_RESULT' ? 'confirm' : 'external';
    if (kind !== parked.kind) {
      throw new Refusal(409, `Reply "${input.reply_id}" is waiting for a ${parked.kind} result.`);
    }
    this.parked = null;
    this.begin(origin, parked.replyId, async (turn) => {
      // The decision is re-published so every tab closes its card, then the continuation starts.
      this.publish(normalizeEvent(input));
      this.publish(this.continuationStart(parked.replyId));
      return parked.resume(turn, input);
    });
  }

  /** The interrupt route: cancels the run, or closes a parked reply; idle is a no-op. */
  interrupt(origin: string): void {
    if (this.run) {
      this.run.abort.abort();
      return;
    }
    const parked = this.parked;
    if (!parked) return;
    this.parked = null;
    this.begin(origin, parked.replyId, async () => {
      this.publish(this.continuationStart(parked.replyId));
      throw new Interrupted();
    });
  }

  /* ---------------------------------------------------------------------------------------------
   * Runs
   * -------------------------------------------------------------------------------------------*/

  private begin(origin: string, replyId: string, body: (turn: Turn) => Promise<Outcome>): void {
    const abort = new AbortController();
    const turn = new Turn(this, replyId, new Pacer(this.speed), origin, abort.signal);
    const done = this.execute(turn, body).finally(() => {
      this.run = null;
    });
    this.run = { abort, done };
    this.observer?.saved(this.messages, true, false);
  }

  private async execute(turn: Turn, body: (turn: Turn) => Promise<Outcome>): Promise<void> {
    try {
      const outcome = await body(turn);
      if (outcome.kind === 'park') {
        this.parked = { replyId: turn.replyId, kind: outcome.wait, resume: outcome.resume };
      } else if (outcome.kind === 'exceeded') {
        turn.emit('EXCEED_MAX_ITERS', { name: this.agentName });
        turn.emit('REPLY_END', { session_id: this.sessionId, finished_reason: 'exceed_max_iters' });
      } else {
        turn.emit('REPLY_END', { session_id: this.sessionId, finished_reason: 'completed' });
      }
    } catch (error) {
      if (error instanceof Interrupted) turn.closeInterrupted();
      else {
        // `_close_failed_reply`: only a REPLY_END, with the classified error.
        const info =
          error instanceof Failure
            ? error.info
            : { type: 'internal', message: `The demo agent failed: ${String(error)}` };
        turn.emit('REPLY_END', {
          session_id: this.sessionId,
          finished_reason: 'error',
          error: info,
        });
      }
    }
    this.persist();
  }

  /** The synthetic `REPLY_START` of a continuation: same reply id, the agent's name. */
  private continuationStart(replyId: string): AgentEvent {
    return makeEvent('REPLY_START', {
      session_id: this.sessionId,
      reply_id: replyId,
      name: this.agentName,
    });
  }

  /** Persists the reply and trims the replay log, in one step. */
  private persist(): void {
    if (this.current) this.upsert(this.current);
    this.current = null;
    this.log = [];
    this.observer?.saved(this.messages, false, true);
  }

  private upsert(msg: Msg): void {
    const at = this.messages.findIndex((known) => known.id === msg.id);
    if (at < 0) this.messages.push(msg);
    else this.messages[at] = msg;
  }

  private record(entry: ArchiveEntry): void {
    if (this.archive.length >= ARCHIVE_MAX) this.archive.shift();
    this.archive.push(entry);
  }
}

/** A rule covers a call: same tool, and its content (a command prefix `"ls:*"`) matches. */
function ruleMatches(rule: PermissionRule, call: ToolCallBlock): boolean {
  if (rule.tool_name !== call.name) return false;
  if (rule.rule_content === null) return true;
  let command = '';
  try {
    const args = JSON.parse(call.input) as { command?: unknown };
    command = typeof args.command === 'string' ? args.command : '';
  } catch {
    return false;
  }
  const content = rule.rule_content;
  return content.endsWith(':*') ? command.startsWith(content.slice(0, -2)) : command === content;
}

/* -------------------------------------------------------------------------------------------------
 * Store
 * -----------------------------------------------------------------------------------------------*/

/** Every session by id; a session is created on first use (the demo has no session routes). */
export class SessionStore {
  private readonly sessions = new Map<string, Session>();

  /** Called with each session this store creates (to mirror it). */
  onCreate: ((session: Session) => void) | null = null;

  get(id: string): Session {
    let session = this.sessions.get(id);
    if (!session) {
      this.sessions.set(id, (session = new Session(id)));
      this.onCreate?.(session);
    }
    return session;
  }

  /** Whether this process holds the session (without creating it). */
  has(id: string): boolean {
    return this.sessions.has(id);
  }

  all(): Session[] {
    return [...this.sessions.values()];
  }

  /** Stops every run (on shutdown). */
  async stopAll(): Promise<void> {
    for (const session of this.sessions.values()) session.interrupt('');
    await Promise.all(this.all().map((session) => session.settled()));
  }
}
