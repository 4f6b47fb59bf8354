/*
 * Counts renders of `<Message>`, `<TextBlockView>` and `<ToolCallCard>` per message id, in the
 * production build. React's <Profiler> reports nothing there (its timing hooks exist only in
 * development and profiling builds), so the benchmark wraps the components' render functions
 * instead: React reads `forwardRef(...).render` on every render, so each call is one real render
 * (memo bail-outs and untouched subtrees never call it).
 */
import * as React from 'react';
import { BlockContext } from '../../src/components/toolkit/block-context.js';
import { Message, TextBlockView, ToolCallCard } from '../../src/index.js';

type RenderFunction = (props: Record<string, unknown>, ref: unknown) => unknown;

const counts = new Map<string, number>();

function wrap(component: unknown, key: (props: Record<string, unknown>) => string): void {
  const inner = (component as { type: { render: RenderFunction } }).type;
  const render = inner.render;
  inner.render = function countedRender(props, ref) {
    const name = key(props);
    counts.set(name, (counts.get(name) ?? 0) + 1);
    return render(props, ref);
  };
}

wrap(Message, (props) => `message:${(props['message'] as { id: string }).id}`);
// A text block learns its message from the block context: read in the wrapped render, one
// context read at the same place on every render of the component.
wrap(TextBlockView, () => `text:${React.useContext(BlockContext).messageId}`);
wrap(ToolCallCard, () => `tool:${React.useContext(BlockContext).messageId}`);

/** Forgets every count. */
export function resetRenderCounts(): void {
  counts.clear();
}

/**
 * Renders since the last reset of messages other than `streamingId`, and of `streamingId`; its
 * tool call cards are all finished in every scene, so any render of one is a wasted one.
 */
export function renderCounts(streamingId: string) {
  let otherMessages = 0;
  let otherTextBlocks = 0;
  for (const [key, count] of counts) {
    if (key.startsWith('tool:')) continue;
    if (key === `message:${streamingId}` || key === `text:${streamingId}`) continue;
    if (key.startsWith('message:')) otherMessages += count;
    else otherTextBlocks += count;
  }
  return {
    otherMessages,
    otherTextBlocks,
    streamingMessage: counts.get(`message:${streamingId}`) ?? 0,
    streamingTextBlock: counts.get(`text:${streamingId}`) ?? 0,
    finishedToolCalls: counts.get(`tool:${streamingId}`) ?? 0,
  };
}
