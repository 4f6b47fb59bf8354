/*
 * What the AI SDK and AG-UI routes remember between requests. Both protocols resend the whole
 * conversation with every request, so the server keeps no history; what it cannot get back from
 * the request is the scripted agent's place in a scenario that stopped for a decision. That
 * continuation is parked here under the id the decision will name (an approval id, an interrupt
 * id, or the call id of a tool the client runs), and taken out when the decision arrives.
 *
 * Runs in progress are tracked too, so that shutting the server down stops them and ends their
 * responses.
 */
import type {
  ExternalExecutionResultEvent,
  Msg,
  ToolCallBlock,
  ToolResultBlock,
  UserConfirmResultEvent,
} from 'react-agent-messages/core';
import { createConfirmResult } from 'react-agent-messages/core';
import { makeEvent } from './protocol.js';
import type { Resume } from './tools.js';

/** A reply waiting for a decision, and what the protocol route needs to continue it. */
export interface ParkedRun {
  wait: 'confirm' | 'external';
  resume: Resume;
  /** The reply as folded when it parked (its call is `asking` or `submitted`). */
  reply: Msg;
  call: ToolCallBlock;
  /** The scenario it belongs to (for the AG-UI agent state). */
  scenarioId: string;
  /** Route-specific extras (the AG-UI agent state at the time it parked). */
  extra?: unknown;
}

/**
 * What a parked reply continues with, as the AgentScope event the scripted agent takes: the
 * user's decision on the call, or the result of a tool the client ran (`output`).
 */
export function resumeInput(resume: {
  parked: ParkedRun;
  approved?: boolean | undefined;
  output?: string | undefined;
}): UserConfirmResultEvent | ExternalExecutionResultEvent {
  const { parked } = resume;
  if (parked.wait === 'confirm') {
    return createConfirmResult(parked.reply, {
      toolCall: parked.call,
      confirmed: resume.approved === true,
    });
  }
  const result: ToolResultBlock = {
    type: 'tool_result',
    id: parked.call.id,
    name: parked.call.name,
    output: resume.output ?? '',
    state: 'success',
    metadata: {},
    created_at: '',
    finished_at: null,
  };
  return makeEvent('EXTERNAL_EXECUTION_RESULT', {
    reply_id: parked.reply.id,
    execution_results: [result],
  });
}

/** How many parked replies are kept; the oldest is dropped first. */
const PARKED_MAX = 500;

export class ProtocolRuns {
  private readonly parked = new Map<string, ParkedRun>();
  private readonly active = new Set<{ abort: AbortController; done: Promise<unknown> }>();
  private closing = false;

  park(id: string, run: ParkedRun): void {
    this.parked.delete(id);
    this.parked.set(id, run);
    while (this.parked.size > PARKED_MAX) {
      const oldest = this.parked.keys().next().value;
      if (oldest === undefined) break;
      this.parked.delete(oldest);
    }
  }

  /** The parked run under `id`, removed: a decision is used once. */
  take(id: string): ParkedRun | null {
    const run = this.parked.get(id) ?? null;
    this.parked.delete(id);
    return run;
  }

  /** How many runs are in progress. */
  get running(): number {
    return this.active.size;
  }

  has(id: string): boolean {
    return this.parked.has(id);
  }

  /**
   * Tracks a run until `done` settles; `abort` stops it on shutdown. Refused (returns `false`)
   * once the server is closing.
   */
  track(abort: AbortController, done: Promise<unknown>): boolean {
    if (this.closing) return false;
    const entry = { abort, done };
    this.active.add(entry);
    void done.finally(() => this.active.delete(entry));
    return true;
  }

  /** Stops every run in progress and waits for each to end. */
  async stopAll(): Promise<void> {
    this.closing = true;
    const runs = [...this.active];
    for (const run of runs) run.abort.abort();
    await Promise.allSettled(runs.map((run) => run.done));
  }
}
