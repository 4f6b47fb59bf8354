/*
 * Counts renders of `<Message>`, `<TextBlockView>` and `<ToolCallCard>` per message id, in the
 * production build. React's <Profiler> reports nothing there (its timing hooks exist only in
 * development and profiling builds), so the benchmark wraps the components' render functions
 * instead: React reads `forwardRef(...).render` on every render, so each call is one real render
 * (memo bail-outs and untouched subtrees never call it).
 */
import * as React from 'react';
import { BlockContext } from '../../src/components/provider/block-context.js';
import { Message, TextBlockView, ToolCallCard } from '../../src/index.js';

type RenderFunction = (props: Record<string, unknown>, ref: unknown) => unknown;

type Kind = 'message' | 'text' | 'tool';

/**
 * Renders per message id, by component. Keyed by the id itself: a key built per render
 * (`text:${id}`) cost about 1 % of the streaming benchmark, in our variant only.
 */
const counts: Record<Kind, Map<string, number>> = {
  message: new Map(),
  text: new Map(),
  tool: new Map(),
};

function wrap(component: unknown, kind: Kind, idOf: (props: Record<string, unknown>) => string) {
  const inner = (component as { type: { render: RenderFunction } }).type;
  const render = inner.render;
  const byId = counts[kind];
  inner.render = function countedRender(props, ref) {
    const id = idOf(props);
    byId.set(id, (byId.get(id) ?? 0) + 1);
    return render(props, ref);
  };
}

wrap(Message, 'message', (props) => (props['message'] as { id: string }).id);
// A text block learns its message from the block context: read in the wrapped render, one
// context read at the same place on every render of the component.
wrap(TextBlockView, 'text', () => React.useContext(BlockContext).messageId);
wrap(ToolCallCard, 'tool', () => React.useContext(BlockContext).messageId);

/** Forgets every count. */
export function resetRenderCounts(): void {
  for (const byId of Object.values(counts)) byId.clear();
}

/**
 * Renders since the last reset of messages other than `streamingId`, and of `streamingId`; its
 * tool call cards are all finished in every scene, so any render of one is a wasted one.
 */
export function renderCounts(streamingId: string) {
  const others = (byId: Map<string, number>) => {
    let sum = 0;
    for (const [id, count] of byId) if (id !== streamingId) sum += count;
    return sum;
  };
  return {
    otherMessages: others(counts.message),
    otherTextBlocks: others(counts.text),
    streamingMessage: counts.message.get(streamingId) ?? 0,
    streamingTextBlock: counts.text.get(streamingId) ?? 0,
    finishedToolCalls: counts.tool.get(streamingId) ?? 0,
  };
}
