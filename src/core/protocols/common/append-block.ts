import type { ContentBlock, TextBlock, ThinkingBlock } from '../../model/block.js';

/**
 * `previous` grown by a streamed `fragment` of the same type: text onto text (citations added),
 * thinking onto thinking (details added, a newer signature kept); `null` for any other pair.
 * `+` builds a rope in every JS engine, so a long reply costs O(fragment) per delta.
 */
export function appendBlock(previous: ContentBlock, fragment: ContentBlock): ContentBlock | null {
  if (previous.type === 'text' && fragment.type === 'text') {
    const next: TextBlock = { ...previous, text: previous.text + fragment.text };
    if (fragment.citations !== undefined)
      next.citations = [...(previous.citations ?? []), ...fragment.citations];
    return next;
  }
  if (previous.type !== 'thinking' || fragment.type !== 'thinking') return null;
  const next: ThinkingBlock = { ...previous, thinking: previous.thinking + fragment.thinking };
  if (fragment.details !== undefined)
    next.details = [...(previous.details ?? []), ...fragment.details];
  if (fragment.signature !== undefined) next.signature = fragment.signature;
  return next;
}
