import type { Decision } from '../../fold/confirm-result.js';
import type { JsonValue } from '../../model/json.js';
import { isRecord } from '../common/read.js';
import type { AgUiInterrupt, AgUiResumeEntry } from './types.js';

// A decision on a call resolves its interrupt with `{ approved }` (and the reason, when given).
function entryFor(interrupt: AgUiInterrupt, answer: unknown): AgUiResumeEntry {
  if (isRecord(answer) && isRecord(answer['toolCall'])) {
    const payload: Record<string, JsonValue> = { approved: answer['confirmed'] === true };
    const reason = answer['reason'];
    if (typeof reason === 'string' && reason !== '') payload['reason'] = reason;
    return { interruptId: interrupt.id, status: 'resolved', payload };
  }
  if (isRecord(answer) && answer['status'] === 'resolved') {
    const entry: AgUiResumeEntry = { interruptId: interrupt.id, status: 'resolved' };
    if (answer['payload'] !== undefined) entry.payload = answer['payload'] as JsonValue;
    return entry;
  }
  // No usable answer: the interrupt is abandoned, which the agent accepts for any interrupt.
  return { interruptId: interrupt.id, status: 'cancelled' };
}

/**
 * The `resume` list for the next `RunAgentInput`: one entry per interrupt, in order, since the
 * agent refuses a run that leaves one unanswered (an interrupt without an answer is
 * `cancelled`). Each answer is a `Decision` on a tool call (for the interrupt that names the call,
 * or whose id is the call's) or, for an interrupt that asks for something else, its own resume
 * entry (a form's values, matched by `interruptId`). Answers for unknown ids are ignored. Never
 * throws.
 *
 * @example agent.runAgent({ resume: createAgUiResume(state.interrupts, [{ toolCall, confirmed: true }]) })
 */
export function createAgUiResume(
  interrupts: readonly AgUiInterrupt[],
  answers: readonly (Decision | AgUiResumeEntry)[],
): AgUiResumeEntry[] {
  const byId = new Map<string, unknown>();
  if (Array.isArray(answers))
    for (const answer of answers as readonly unknown[]) {
      if (!isRecord(answer)) continue;
      const call = answer['toolCall'];
      const id = isRecord(call) ? call['id'] : answer['interruptId'];
      if (typeof id === 'string') byId.set(id, answer);
    }
  if (!Array.isArray(interrupts)) return [];
  return interrupts
    .filter((interrupt) => isRecord(interrupt) && typeof interrupt.id === 'string')
    .map((interrupt) => {
      const answer = byId.has(interrupt.id)
        ? byId.get(interrupt.id)
        : interrupt.toolCallId !== undefined
          ? byId.get(interrupt.toolCallId)
          : undefined;
      return entryFor(interrupt, answer);
    });
}
