'use client';

import * as React from 'react';
import type { Msg } from '../../core/model/message.js';
import { useLabels } from '../provider/agent-messages-provider.js';
import type { Labels } from '../labels.js';
import type { AnnouncerMemory, ListAnnouncement } from './announcements.js';
import { collectAnnouncements, formatAnnouncement, rememberMessages } from './announcements.js';

/* -------------------------------------------------------------------------------------------------
 * useListAnnouncements
 * -----------------------------------------------------------------------------------------------*/

/** Turns an announcement into the sentence to speak; `null` keeps it silent. */
export type FormatAnnouncement = (
  announcement: ListAnnouncement,
  labels: Labels,
) => string | null | undefined;

/** The two live regions the announcer writes into. */
export interface LiveRegionRefs {
  polite: React.RefObject<HTMLDivElement | null>;
  assertive: React.RefObject<HTMLDivElement | null>;
}

/** A spoken sentence is cleared after this long, so that reading the page later does not find it. */
const CLEAR_AFTER_MS = 10_000;
/** More changes than this in one commit are summarised by their first few. */
const MAX_PER_COMMIT = 5;

/**
 * Speaks the changes in `messages` since mount (never the history present at mount) into the
 * list's live regions: approvals assertively, the rest politely.
 */
export function useListAnnouncements(
  messages: readonly Msg[],
  format: FormatAnnouncement | false,
): LiveRegionRefs {
  const labels = useLabels();
  const polite = React.useRef<HTMLDivElement>(null);
  const assertive = React.useRef<HTMLDivElement>(null);
  const memory = React.useRef<AnnouncerMemory | null>(null);

  React.useEffect(() => {
    if (memory.current === null) {
      memory.current = rememberMessages(messages);
      return;
    }
    const changes = collectAnnouncements(memory.current, messages);
    if (changes.length === 0 || format === false) return;
    const politeText: string[] = [];
    const assertiveText: string[] = [];
    for (const change of changes) {
      const text = format(change, labels);
      if (text) (change.type === 'approval-needed' ? assertiveText : politeText).push(text);
    }
    speak(polite.current, politeText);
    speak(assertive.current, assertiveText);
  }, [messages, format, labels]);

  return React.useMemo(() => ({ polite, assertive }), []);
}

// The regions are written directly, not rendered: a new node per sentence makes a screen reader
// speak the same sentence twice, and the list does not re-render to say something.
const timers = new WeakMap<HTMLElement, ReturnType<typeof setTimeout>>();

function speak(region: HTMLElement | null, sentences: readonly string[]) {
  if (region === null || sentences.length === 0) return;
  const line = region.ownerDocument.createElement('p');
  line.textContent = sentences.slice(0, MAX_PER_COMMIT).join('. ');
  region.replaceChildren(line);
  clearTimeout(timers.get(region));
  timers.set(
    region,
    setTimeout(() => region.replaceChildren(), CLEAR_AFTER_MS),
  );
}

/** The default wording for `announce`. */
export const defaultFormatAnnouncement: FormatAnnouncement = formatAnnouncement;

/* -------------------------------------------------------------------------------------------------
 * LiveRegions
 * -----------------------------------------------------------------------------------------------*/

// Visually hidden, but read by screen readers: the regions must exist before their text changes,
// so they are always rendered, and they must not depend on the optional stylesheet.
const VISUALLY_HIDDEN: React.CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
};

/**
 * The list's two live regions: polite for finished replies and tools, assertive for approvals.
 * @selector [data-slot="message-list-announcer"] [data-politeness] `polite | assertive`
 */
export function LiveRegions({
  politeRef,
  assertiveRef,
}: {
  politeRef: LiveRegionRefs['polite'];
  assertiveRef: LiveRegionRefs['assertive'];
}) {
  return (
    <>
      <LiveRegion politeness="polite" regionRef={politeRef} />
      <LiveRegion politeness="assertive" regionRef={assertiveRef} />
    </>
  );
}

/** One hidden region: a status for polite sentences, an alert for assertive ones. */
function LiveRegion({
  politeness,
  regionRef,
}: {
  politeness: keyof LiveRegionRefs;
  regionRef: LiveRegionRefs[keyof LiveRegionRefs];
}) {
  return (
    <div
      role={politeness === 'polite' ? 'status' : 'alert'}
      aria-live={politeness}
      aria-atomic="true"
      data-slot="message-list-announcer"
      data-politeness={politeness}
      style={VISUALLY_HIDDEN}
      ref={regionRef}
    />
  );
}
