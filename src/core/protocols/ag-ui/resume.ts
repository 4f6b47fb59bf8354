import type { ConfirmDecision } from '../../fold/confirm-result.js';
import type { JsonValue } from '../../model/json.js';
import { isRecord } from '../common/read.js';
import type { AgUiInterrupt, AgUiResumeEntry } from './types.js';

/**
 * The answer to one interrupt: `true`/`false` approves or denies a tool approval (payload
 * `{ approved }`); an object gives the status and payload yourself (a form's values, say).
 */
export type AgUiDecision =
  boolean | { status: 'resolved'; payload?: JsonValue } | { status: 'cancelled' };

function entryFor(interrupt: AgUiInterrupt, decision: unknown): AgUiResumeEntry {
  if (typeof decision === 'boolean')
    return { interruptId: interrupt.id, status: 'resolved', payload: { approved: decision } };
  if (isRecord(decision) && decision['status'] === 'resolved') {
    const entry: AgUiResumeEntry = { interruptId: interrupt.id, status: 'resolved' };
    if (decision['payload'] !== undefined) entry.payload = decision['payload'] as JsonValue;
    return entry;
  }
  // No usable decision: the interrupt is abandoned, which the agent accepts for any interrupt.
  return { interruptId: interrupt.id, status: 'cancelled' };
}

/**
 * The `resume` list for the next `RunAgentInput`: one entry per interrupt, in order, since the
 * agent refuses a run that leaves one unanswered (an interrupt without a decision is
 * `cancelled`). Decisions are keyed by interrupt id or by the tool call id an interrupt names;
 * the `ConfirmDecision`s of `<ConfirmationPrompt>` (approve or deny a call) work as they are.
 * Decisions for unknown ids are ignored. Never throws.
 *
 * @example agent.runAgent({ resume: createAgUiResume(state.interrupts, { [interrupt.id]: true }) })
 */
export function createAgUiResume(
  interrupts: readonly AgUiInterrupt[],
  decisions: Readonly<Record<string, AgUiDecision>> | readonly ConfirmDecision[],
): AgUiResumeEntry[] {
  const byId = new Map<string, unknown>();
  if (Array.isArray(decisions)) {
    for (const decision of decisions as readonly ConfirmDecision[])
      if (isRecord(decision) && isRecord(decision.toolCall))
        byId.set(decision.toolCall.id, decision.confirmed === true);
  } else if (isRecord(decisions)) {
    for (const key of Object.keys(decisions))
      byId.set(key, (decisions as Record<string, unknown>)[key]);
  }
  if (!Array.isArray(interrupts)) return [];
  return interrupts
    .filter((interrupt) => isRecord(interrupt) && typeof interrupt.id === 'string')
    .map((interrupt) => {
      const decision = byId.has(interrupt.id)
        ? byId.get(interrupt.id)
        : interrupt.toolCallId !== undefined
          ? byId.get(interrupt.toolCallId)
          : undefined;
      return entryFor(interrupt, decision);
    });
}
