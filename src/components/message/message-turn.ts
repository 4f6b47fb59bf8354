import type { RunStatus } from '../../core/fold/run-status.js';
import type { Msg, Usage } from '../../core/model/message.js';

/**
 * Where a message sits in a turn of several messages shown as one bubble (an agent's reply that
 * arrived as several assistant and tool messages). The first shows the turn's header, the last
 * its footer (summed usage) and its action bar; a middle one shows only its blocks.
 */
export type MessageTurn =
  | {
      readonly position: 'first';
      /** The turn's status, shown in the header: the status of its last message. */
      readonly status: RunStatus;
      /** When the turn's last message finished (`null` while it is open): the header's elapsed time. */
      readonly finishedAt: string | null;
    }
  | { readonly position: 'middle' }
  | {
      readonly position: 'last';
      /** Every message of the turn, oldest first: the footer sums their usage, Copy their text. */
      readonly messages: readonly Msg[];
    };

/** A turn's position as the `data-turn-position` attribute shows it. */
export type TurnPosition = MessageTurn['position'];

/** The usage of a turn: each count summed over its messages; `null` when none reports usage. */
export function sumUsage(messages: readonly Msg[]): Usage | null {
  let total: Usage | null = null;
  for (const message of messages) {
    const usage = message.usage;
    if (usage === null || typeof usage !== 'object') continue;
    const next: Usage = {
      input_tokens: (total?.input_tokens ?? 0) + count(usage.input_tokens),
      output_tokens: (total?.output_tokens ?? 0) + count(usage.output_tokens),
      cache_input_tokens: (total?.cache_input_tokens ?? 0) + count(usage.cache_input_tokens),
      cache_creation_input_tokens:
        (total?.cache_creation_input_tokens ?? 0) + count(usage.cache_creation_input_tokens),
    };
    const cost = usage.cost === undefined ? total?.cost : (total?.cost ?? 0) + count(usage.cost);
    if (cost !== undefined) next.cost = cost;
    total = next;
  }
  return total;
}

/** A number from untrusted usage: anything else counts as 0, so a sum never turns into NaN. */
function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/**
 * The message the turn's action bar acts on: its first assistant message (the others of the turn
 * are its tool round trips), with every block of the turn, so Copy takes the whole reply.
 */
export function turnMessage(messages: readonly Msg[]): { lead: Msg; merged: Msg } | null {
  const lead = messages.find((message) => message.role === 'assistant') ?? messages[0];
  if (lead === undefined) return null;
  return {
    lead,
    merged: { ...lead, content: messages.flatMap((message) => message.content) },
  };
}
