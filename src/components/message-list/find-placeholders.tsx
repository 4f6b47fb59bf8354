'use client';

import * as React from 'react';
import { messageText } from '../../core/history/search-messages.js';
import type { Msg } from '../../core/model/message.js';
import { useIsomorphicLayoutEffect } from '../../react/use-isomorphic-layout-effect.js';

/** Rows per memoised chunk: a scroll re-renders the one or two chunks the viewport crosses. */
const CHUNK = 100;

interface FindPlaceholdersProps {
  /** The list's rows. */
  messages: readonly Msg[];
  /** The indexes of the rows rendered now, ascending: they need no placeholder. */
  mounted: readonly number[];
  /** The browser's find-in-page matched the text of row `index`. */
  onReveal(index: number): void;
}

/**
 * The text of every row that is not rendered, as plain text in `hidden="until-found"` elements:
 * the browser's find-in-page matches it, and on `beforematch` the list scrolls to that row and
 * renders it. One element and one text node per row, nothing else, so a long history stays cheap.
 * @selector [data-slot="message-list-find"] the layer; [data-slot="message-list-find-row"] [data-index] one row's text
 */
export function FindPlaceholders({ messages, mounted, onReveal }: FindPlaceholdersProps) {
  const layerRef = React.useRef<HTMLDivElement>(null);
  const onRevealRef = React.useRef(onReveal);
  useIsomorphicLayoutEffect(() => {
    onRevealRef.current = onReveal;
  });
  React.useEffect(() => {
    const layer = layerRef.current;
    if (layer === null) return;
    const onBeforeMatch = (event: Event) => {
      const row = event.target instanceof Element ? event.target.closest('[data-index]') : null;
      const index = Number(row?.getAttribute('data-index'));
      if (Number.isInteger(index)) onRevealRef.current(index);
    };
    layer.addEventListener('beforematch', onBeforeMatch);
    return () => layer.removeEventListener('beforematch', onBeforeMatch);
  }, []);

  const chunks: React.ReactNode[] = [];
  for (let from = 0, at = 0; from < messages.length; from += CHUNK) {
    const to = Math.min(messages.length, from + CHUNK);
    const inside: number[] = [];
    while (at < mounted.length && (mounted[at] as number) < to) {
      if ((mounted[at] as number) >= from) inside.push(mounted[at] as number);
      at++;
    }
    chunks.push(
      <FindChunk key={from} messages={messages} from={from} to={to} mounted={inside.join(',')} />,
    );
  }
  return (
    <div data-slot="message-list-find" ref={layerRef} style={LAYER}>
      {chunks}
    </div>
  );
}

interface FindChunkProps {
  messages: readonly Msg[];
  from: number;
  to: number;
  /** The rendered rows in this chunk, joined: a value, so other chunks' changes pass it by. */
  mounted: string;
}

/** Re-renders only when a message of its own range changed, or its rendered rows did. */
function sameChunk(a: FindChunkProps, b: FindChunkProps): boolean {
  if (a.from !== b.from || a.to !== b.to || a.mounted !== b.mounted) return false;
  for (let i = a.from; i < a.to; i++) if (a.messages[i] !== b.messages[i]) return false;
  return true;
}

const FindChunk = React.memo(function FindChunk({ messages, from, to, mounted }: FindChunkProps) {
  const chunkRef = React.useRef<HTMLDivElement>(null);
  // React writes `hidden` as a boolean: `until-found` (findable, not shown) is set here, so the
  // server's markup stays plainly hidden where the browser cannot reveal it.
  useIsomorphicLayoutEffect(() => {
    for (const row of chunkRef.current?.children ?? []) {
      if (row.getAttribute('hidden') !== 'until-found') row.setAttribute('hidden', 'until-found');
    }
  });
  const skip = new Set(mounted === '' ? [] : mounted.split(',').map(Number));
  const rows: React.ReactNode[] = [];
  for (let index = from; index < to; index++) {
    if (skip.has(index)) continue;
    const message = messages[index] as Msg;
    const text = messageText(message);
    if (text === '') continue;
    rows.push(
      <div key={index} data-slot="message-list-find-row" data-index={index} hidden>
        {text}
      </div>,
    );
  }
  return <div ref={chunkRef}>{rows}</div>;
}, sameChunk);

// No room in the scroll content, and nothing shown: a revealed row stays clipped away until the
// list renders it for real (a moment later).
const LAYER: React.CSSProperties = {
  position: 'sticky',
  top: 0,
  height: 0,
  overflow: 'hidden',
  whiteSpace: 'pre-wrap',
};
