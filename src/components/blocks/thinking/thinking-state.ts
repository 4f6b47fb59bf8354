import type { ThinkingBlock } from '../../../core/model/block.js';
import { parseTimestamp } from '../../../core/model/time.js';

// Fields of the model itself; anything else on a thinking block is provider data passed through.
const MODEL_FIELDS = new Set(['type', 'thinking', 'id', 'created_at', 'finished_at', 'details']);

/** The reasoning text, or `''` when the block carries none (or something that is not a string). */
export function thinkingText(block: ThinkingBlock): string {
  return typeof block.thinking === 'string' ? block.thinking : '';
}

/**
 * True when the provider withheld the reasoning: the text is empty but the block carries opaque
 * provider data such as `redacted_thinking_data`, `signature` or `encrypted_content`.
 */
export function isRedactedThinking(block: ThinkingBlock): boolean {
  if (thinkingText(block).trim() !== '') return false;
  return Object.keys(block).some((key) => !MODEL_FIELDS.has(key) && hasValue(block[key]));
}

/** The `details` lines that are strings; anything else a producer put there is left out. */
export function thinkingDetails(block: ThinkingBlock): string[] {
  const details: unknown = block.details;
  return Array.isArray(details)
    ? details.filter((item): item is string => typeof item === 'string' && item !== '')
    : [];
}

/**
 * How long the model thought, in seconds, from the block's own timestamps (so it survives a
 * reload); `null` while it is unfinished or when a timestamp is missing or unreadable, and when
 * both are the same instant: adapters of formats that keep no block timing stamp every block with
 * the message's time, and "Thought for 1 second" would be made up.
 */
export function thinkingSeconds(block: ThinkingBlock): number | null {
  const created = parseTimestamp(block.created_at);
  const finished = parseTimestamp(block.finished_at);
  if (created === null || finished === null || finished <= created) return null;
  return (finished - created) / 1000;
}

function hasValue(value: unknown): boolean {
  return value !== null && value !== undefined && value !== '' && value !== false;
}
