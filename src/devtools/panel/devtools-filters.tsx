'use client';

import * as React from 'react';
import type { EventFilter, FilterFacets, FilterField } from './event-filter.js';
import { FILTER_FIELDS, isFiltering } from './event-filter.js';

/* -------------------------------------------------------------------------------------------------
 * DevtoolsFilters
 * -----------------------------------------------------------------------------------------------*/

const FIELD_LABELS: Record<FilterField, string> = {
  type: 'Type',
  messageId: 'Message',
  blockId: 'Block',
  toolCallId: 'Tool call',
};

interface DevtoolsFiltersProps {
  facets: FilterFacets;
  filter: EventFilter;
  onFilterChange(filter: EventFilter): void;
  /** Events shown and in all. */
  shown: number;
  total: number;
}

/** One picker per field an event can be narrowed by, each listing the values the session has. */
function DevtoolsFilters({ facets, filter, onFilterChange, shown, total }: DevtoolsFiltersProps) {
  const id = React.useId();
  return (
    <fieldset data-slot="devtools-filters">
      <legend>Filter events</legend>
      {FILTER_FIELDS.map((field) => (
        <span key={field} data-slot="devtools-field">
          <label htmlFor={`${id}-${field}`}>{FIELD_LABELS[field]}</label>
          <select
            id={`${id}-${field}`}
            value={filter[field] ?? ''}
            disabled={facets[field].length === 0}
            onChange={(event) => onFilterChange({ ...filter, [field]: event.target.value })}
          >
            <option value="">Any</option>
            {facets[field].map((value) => (
              <option key={value} value={value}>
                {value.length > 60 ? `${value.slice(0, 59)}…` : value}
              </option>
            ))}
          </select>
        </span>
      ))}
      <output data-slot="devtools-count" aria-live="polite">
        {isFiltering(filter) ? `${shown} of ${total} events` : `${total} events`}
      </output>
      {isFiltering(filter) ? (
        <button type="button" data-slot="devtools-button" onClick={() => onFilterChange({})}>
          Clear filters
        </button>
      ) : null}
    </fieldset>
  );
}

export { DevtoolsFilters };
export type { DevtoolsFiltersProps };
