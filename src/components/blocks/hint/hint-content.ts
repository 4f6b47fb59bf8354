import type { DataBlock, HintBlock } from '../../../core/model/block.js';
import { SHOW_ALL_LIMITS } from '../../primitives/show-all-limits.js';

/** One piece of a hint, ready to render. */
export type HintItem =
  | { kind: 'text'; text: string }
  | { kind: 'data'; block: DataBlock }
  /** An item of a shape the model does not allow, kept visible rather than dropped. */
  | { kind: 'other'; value: unknown };

/** Characters of hint text shown before the rest is collapsed, as in AgentScope's web UI. */
export const HINT_PREVIEW_LENGTH = SHOW_ALL_LIMITS.hint.preview.characters;

/** The items of a hint, whether it is a string or a list of text and data blocks. */
export function hintItems(hint: HintBlock['hint'] | unknown): HintItem[] {
  if (typeof hint === 'string') return hint === '' ? [] : [{ kind: 'text', text: hint }];
  if (!Array.isArray(hint)) return hint == null ? [] : [{ kind: 'other', value: hint }];
  const items: HintItem[] = [];
  for (const item of hint as unknown[]) {
    if (isBlockOfType(item, 'text') && typeof item['text'] === 'string') {
      if (item['text'] !== '') items.push({ kind: 'text', text: item['text'] });
    } else if (isBlockOfType(item, 'data') && isObject(item['source'])) {
      items.push({ kind: 'data', block: item as unknown as DataBlock });
    } else {
      items.push({ kind: 'other', value: item });
    }
  }
  return items;
}

/** Characters of text in the items: what decides whether a hint is long. */
export function hintTextLength(items: readonly HintItem[]): number {
  return items.reduce((sum, item) => sum + (item.kind === 'text' ? item.text.length : 0), 0);
}

/** The items cut down to `limit` characters of text, the last one ending in `…`. */
export function previewHintItems(items: readonly HintItem[], limit: number): HintItem[] {
  const preview: HintItem[] = [];
  let budget = limit;
  for (const item of items) {
    if (budget <= 0) break;
    if (item.kind !== 'text') {
      preview.push(item);
      continue;
    }
    if (item.text.length <= budget) {
      preview.push(item);
      budget -= item.text.length;
      continue;
    }
    preview.push({ kind: 'text', text: `${sliceWhole(item.text, budget)}…` });
    break;
  }
  return preview;
}

// Never cut between the two halves of a surrogate pair (an emoji would become U+FFFD).
function sliceWhole(text: string, end: number): string {
  const code = text.charCodeAt(end - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? end - 1 : end);
}

function isBlockOfType(value: unknown, type: string): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === type;
}

function isObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null;
}
