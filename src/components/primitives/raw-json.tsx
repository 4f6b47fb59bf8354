'use client';

import * as React from 'react';
import type { JsonValue } from '../../core/model/json.js';
import { revealInvisible } from '../../core/safety/invisible.js';
import { formatRawJson } from './json/format-json-value.js';
import { SHOW_ALL_LIMITS } from './show-all-limits.js';
import { ShowAllButton } from './show-all-button.js';
import { showAllText } from './show-all.js';

interface RawJsonProps {
  value: JsonValue;
  /** Names the disclosure and the JSON it opens. */
  label: string;
}

/**
 * JSON behind a disclosure, as text (never markup), invisible characters revealed, long JSON cut
 * with "Show all".
 */
export function RawJson({ value, label }: RawJsonProps) {
  const [showAll, setShowAll] = React.useState(false);
  const json = React.useMemo(() => revealInvisible(formatRawJson(value)), [value]);
  const shown = showAllText(json, SHOW_ALL_LIMITS.rawJson, showAll);
  return (
    <details data-slot="unknown-block-details">
      <summary data-slot="unknown-block-summary">{label}</summary>
      <pre
        data-slot="unknown-block-raw"
        dir="ltr"
        // Long JSON scrolls: keyboard users must be able to focus it to scroll.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        aria-label={label}
      >
        {shown.text}
      </pre>
      {shown.truncated ? (
        <ShowAllButton slot="unknown-block-show-all" text={json} setShowingAll={setShowAll} />
      ) : null}
    </details>
  );
}
