'use client';

import * as React from 'react';
import type { Citation } from '../../../core/model/block.js';
import { revealInvisible } from '../../../core/safety/invisible.js';
import { useLabels, useUrlPolicy } from '../../provider/agent-messages-provider.js';
import { RevealedText } from '../../primitives/revealed-text.js';
import { ShowMoreButton } from '../../primitives/show-more-button.js';
import { clipText } from '../../primitives/truncate.js';
import type { CitationEntry } from '../../../markdown/index.js';
import { uniqueSources } from '../../../markdown/index.js';

/* -------------------------------------------------------------------------------------------------
 * Context
 * -----------------------------------------------------------------------------------------------*/

/** The text block's citations, by entry index (the number inside each marker). */
const CitationContext = React.createContext<readonly CitationEntry[]>([]);

/** What to show for a source: a policy-checked link target and a host, never fetched. */
function useSourceTarget(citation: Citation) {
  const policy = useUrlPolicy();
  if (citation.url === undefined) return { href: null, host: null, blocked: null };
  const decision = policy(citation.url, 'link');
  if (!decision.allowed) return { href: null, host: null, blocked: revealInvisible(citation.url) };
  return {
    href: decision.href,
    host: decision.host !== null ? revealInvisible(decision.host) : null,
    blocked: null,
  };
}

/* -------------------------------------------------------------------------------------------------
 * CitationMarker
 * -----------------------------------------------------------------------------------------------*/

/**
 * The numbered inline marker of a citation: a button whose card (title, host, page, snippet)
 * opens on hover and on focus, and stays open on click until dismissed.
 * @selector [data-slot="citation"] [data-open] while its card shows
 */
function CitationMarker({ entryKey }: { entryKey: number }) {
  const entries = React.useContext(CitationContext);
  const labels = useLabels();
  const cardId = React.useId();
  const [hovered, setHovered] = React.useState(false);
  const [focused, setFocused] = React.useState(false);
  const [pinned, setPinned] = React.useState(false);
  const entry = entries[entryKey];
  const target = useSourceTarget(entry?.citation ?? {});
  if (entry === undefined) return null;
  const { citation, number } = entry;
  const open = hovered || focused || pinned;
  const close = () => {
    setHovered(false);
    setFocused(false);
    setPinned(false);
  };

  return (
    <span
      data-slot="citation"
      data-open={open ? '' : undefined}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
    >
      <button
        type="button"
        data-slot="citation-marker"
        aria-label={labels.citation(number)}
        aria-describedby={cardId}
        onFocus={() => setFocused(true)}
        onBlur={() => {
          setFocused(false);
          setPinned(false);
        }}
        onClick={() => setPinned((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && open) {
            event.stopPropagation();
            close();
          }
        }}
      >
        {number}
      </button>
      <span id={cardId} role="tooltip" data-slot="citation-card" hidden={!open}>
        <span data-slot="citation-card-title">
          {shownText(citation.title) ??
            target.host ??
            target.blocked ??
            shownText(citation.file_id) ??
            labels.citation(number)}
        </span>
        {target.host !== null ? <span data-slot="citation-card-host">{target.host}</span> : null}
        {target.blocked !== null ? (
          <span data-slot="citation-card-host" data-blocked="">
            {labels.blockedUrl}: {target.blocked}
          </span>
        ) : null}
        {citation.page !== undefined ? (
          <span data-slot="citation-card-page">{labels.citationPage(citation.page)}</span>
        ) : null}
        {citation.snippet !== undefined && citation.snippet !== '' ? (
          <span data-slot="citation-card-snippet">
            <RevealedText text={clipText(citation.snippet, MAX_SNIPPET_CHARACTERS)} />
          </span>
        ) : null}
      </span>
    </span>
  );
}

/* -------------------------------------------------------------------------------------------------
 * CitationSources
 * -----------------------------------------------------------------------------------------------*/

/** Sources listed at first: a long answer cites a few dozen, a hostile one thousands. */
const MAX_SHOWN_SOURCES = 50;
/** Sources each "Show more" adds, so that no click lays out thousands of items at once. */
const SHOW_MORE_SOURCES = 500;

/**
 * The numbered "Sources" list under a text block; every link goes through the URL policy. Past
 * 50 sources it shows the first 50 and a "Show more" button that adds 500 at a time.
 */
function CitationSources({ entries }: { entries: readonly CitationEntry[] }) {
  const labels = useLabels();
  const titleId = React.useId();
  const [limit, setLimit] = React.useState(MAX_SHOWN_SOURCES);
  const sources = React.useMemo(() => uniqueSources(entries), [entries]);
  const shown = sources.length > limit ? sources.slice(0, limit) : sources;
  const hidden = sources.length - shown.length;
  return (
    <div data-slot="text-block-sources" data-truncated={hidden > 0 ? '' : undefined}>
      <p id={titleId} data-slot="text-block-sources-title">
        {labels.sources}
      </p>
      {/* Sources are numbered 1, 2, 3… in order, as the list counts its items: no `value`
          attribute, which Chromium lays out in quadratic time over thousands of items. */}
      <ol data-slot="text-block-sources-list" aria-labelledby={titleId}>
        {shown.map(({ number, citation }) => (
          <li key={number} data-slot="text-block-source">
            <SourceLabel citation={citation} />
            {citation.page !== undefined ? (
              <span data-slot="text-block-source-page">
                {' '}
                · {labels.citationPage(citation.page)}
              </span>
            ) : null}
          </li>
        ))}
      </ol>
      {hidden > 0 ? (
        <ShowMoreButton
          data-slot="text-block-sources-show-more"
          remaining={hidden}
          step={SHOW_MORE_SOURCES}
          onShowMore={() => setLimit((count) => count + SHOW_MORE_SOURCES)}
        />
      ) : null}
    </div>
  );
}

function SourceLabel({ citation }: { citation: Citation }) {
  const labels = useLabels();
  const target = useSourceTarget(citation);
  const title =
    shownText(citation.title) ?? target.host ?? shownText(citation.file_id) ?? target.blocked ?? '';
  if (target.href === null) {
    return (
      <span
        data-slot="text-block-source-title"
        data-blocked={target.blocked !== null ? '' : undefined}
      >
        {title}
        {target.blocked !== null ? (
          <span data-slot="text-block-link-target">
            {' '}
            ({labels.blockedUrl}: {target.blocked})
          </span>
        ) : null}
      </span>
    );
  }
  return (
    <>
      <a
        data-slot="text-block-source-link"
        href={target.href}
        target="_blank"
        rel="noopener noreferrer nofollow ugc"
        referrerPolicy="no-referrer"
      >
        {title}
        <span data-slot="text-block-visually-hidden"> {labels.opensInNewTab}</span>
      </a>
      {target.host !== null && title !== target.host ? (
        <span data-slot="text-block-source-host"> {target.host}</span>
      ) : null}
    </>
  );
}

/* -----------------------------------------------------------------------------------------------*/

/** Characters of a source's title or file id shown before it is cut. */
const MAX_TITLE_CHARACTERS = 300;
/** Characters of a snippet shown in a citation's card. */
const MAX_SNIPPET_CHARACTERS = 2000;

/**
 * A title or file id as shown: the source's words, but no hidden or reordering characters (a
 * title is what the user trusts the source by), and not a megabyte of them.
 */
function shownText(text: string | undefined): string | undefined {
  return typeof text === 'string'
    ? revealInvisible(clipText(text, MAX_TITLE_CHARACTERS))
    : undefined;
}

export { CitationContext, CitationMarker, CitationSources };
