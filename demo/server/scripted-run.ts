/*
 * One run of the scripted agent outside an AgentScope session, for the routes that speak another
 * protocol (AI SDK, AG-UI). The scenario runs on the same `Turn` as in a session, so it emits the
 * same AgentScope events; a run here only folds them into the reply (the turn reads it back) and
 * hands each to a sink, which translates it into the route's own protocol. The run ends the reply
 * as a session does: `REPLY_END` with its reason, or the cancellation path on an interrupt.
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
import { makeEvent, pyNow } from './protocol.js';
import { AGENT_NAME } from './session.js';
import type { Outcome, Resume } from './tools.js';
import type { TurnHost } from './turn.js';
import { Failure, Interrupted, Turn } from './turn.js';

/** How a run ended. `park` holds what resumes it once the user (or the app) answers. */
export type RunEnd =
  | { kind: 'completed' | 'exceeded' | 'interrupted' | 'error' }
  | { kind: 'park'; wait: 'confirm' | 'external'; resume: Resume; reply: Msg };

export interface ScriptedRunOptions {
  /** The reply's id: a new one, or the parked reply's when a decision resumes it. */
  replyId: string;
  /** The reply as it stood when it parked (a continuation); a new reply starts empty. */
  reply?: Msg | undefined;
  speed: Speed;
  /** Where this server is reachable from the client, for media URLs. */
  origin: string;
  signal: AbortSignal;
  /** Receives every AgentScope event of the run, in order. */
  sink(event: AgentEvent): void;
  /** What the run does: a scenario, or a parked reply's continuation. */
  body(turn: Turn): Promise<Outcome>;
  /** Published before the continuation starts (the decision that resumes a parked reply). */
  input?: UserConfirmResultEvent | ExternalExecutionResultEvent | undefined;
}

/** A turn's host that keeps the reply to itself: no session, no history, no rules. */
class RunHost implements TurnHost {
  readonly sessionId: string;
  readonly agentName = AGENT_NAME;
  private current: Msg;

  constructor(
    replyId: string,
    reply: Msg | undefined,
    private readonly sink: (event: AgentEvent) => void,
  ) {
    this.sessionId = `run-${replyId}`;
    this.current =
      reply ?? assistantMsg([], { id: replyId, name: AGENT_NAME, created_at: pyNow() });
  }

  reply(): Msg {
    return this.current;
  }

  publish(event: AgentEvent): void {
    if (event.type !== 'REPLY_START') this.current = appendEvent(this.current, event);
    this.sink(event);
  }

  // Every call asks: these protocols have no session rules ("always allow") to remember.
  allows(_call: ToolCallBlock): boolean {
    return false;
  }

  addRules(_rules: readonly PermissionRule[]): void {}
}

/** Runs a scenario (or a continuation) to its end; never throws. */
export async function runScripted(options: ScriptedRunOptions): Promise<RunEnd> {
  const host = new RunHost(options.replyId, options.reply, options.sink);
  const turn = new Turn(
    host,
    options.replyId,
    new Pacer(options.speed),
    options.origin,
    options.signal,
  );
  const replyEnd = (finished_reason: 'completed' | 'exceed_max_iters') =>
    turn.emit('REPLY_END', { session_id: host.sessionId, finished_reason });
  try {
    if (options.input) host.publish(options.input);
    host.publish(
      makeEvent('REPLY_START', {
        session_id: host.sessionId,
        reply_id: options.replyId,
        name: AGENT_NAME,
      }),
    );
    const outcome = await options.body(turn);
    if (outcome.kind === 'park') {
      return { kind: 'park', wait: outcome.wait, resume: outcome.resume, reply: host.reply() };
    }
    if (outcome.kind === 'exceeded') {
      turn.emit('EXCEED_MAX_ITERS', { name: AGENT_NAME });
      replyEnd('exceed_max_iters');
      return { kind: 'exceeded' };
    }
    replyEnd('completed');
    return { kind: 'completed' };
  } catch (error) {
    if (error instanceof Interrupted) {
      turn.closeInterrupted();
      return { kind: 'interrupted' };
    }
    const info =
      error instanceof Failure
        ? error.info
        : { type: 'internal', message: `The demo agent failed: ${String(error)}` };
    turn.emit('REPLY_END', { session_id: host.sessionId, finished_reason: 'error', error: info });
    return { kind: 'error' };
  }
}
