'use client';

import * as React from 'react';
import { useLabels } from '../../provider/agent-messages-provider.js';
import { RevealedText } from '../../primitives/revealed-text.js';
import type { Labels } from '../../labels.js';
import { SHOW_ALL_LIMITS } from '../../primitives/show-all-limits.js';
import { ShowAllButton } from '../../primitives/show-all-button.js';
import { showAllText } from '../../primitives/show-all.js';

/* -------------------------------------------------------------------------------------------------
 * JsonTree
 * -----------------------------------------------------------------------------------------------*/

const JSON_TREE_NAME = 'JsonTree';

/** Entries of one array or object shown at a time; "Show more" adds as many again. */
const PAGE_SIZE = 100;

interface JsonTreeProps extends Omit<React.ComponentPropsWithoutRef<'div'>, 'children'> {
  /** Parsed JSON (or any value: it is only read, never called or converted with its own methods). */
  value: unknown;
  /** Levels open at first; deeper arrays and objects start collapsed. @default 8 */
  defaultExpandDepth?: number;
  /** Levels rendered at all; anything deeper shows as `…`. @default 100 */
  maxDepth?: number;
}

interface TreeSettings {
  defaultExpandDepth: number;
  maxDepth: number;
}

/**
 * Structured data as a collapsible tree. It reads own keys only (`__proto__`, `constructor` and
 * `toString` are ordinary keys shown as text), never calls a getter or a method of the data, and
 * bounds its cost: depth limits, and arrays and objects paged 100 entries at a time.
 * @selector [data-slot="json-tree-entry"] [data-type] `object | array | string | number | boolean | null | other`
 */
const JsonTree = React.memo(
  React.forwardRef<HTMLDivElement, JsonTreeProps>(function JsonTree(props, ref) {
    const { value, defaultExpandDepth = 8, maxDepth = 100, ...rootProps } = props;
    const settings = React.useMemo(
      () => ({ defaultExpandDepth, maxDepth }),
      [defaultExpandDepth, maxDepth],
    );
    return (
      <div data-slot="json-tree" dir="ltr" {...rootProps} ref={ref}>
        <ul data-slot="json-tree-list">
          <JsonEntry name={null} value={value} depth={0} settings={settings} />
        </ul>
      </div>
    );
  }),
);
JsonTree.displayName = JSON_TREE_NAME;

/* -------------------------------------------------------------------------------------------------
 * Entries
 * -----------------------------------------------------------------------------------------------*/

interface JsonEntryProps {
  /** The key (objects), the index (arrays), or `null` for the root. */
  name: string | number | null;
  value: unknown;
  depth: number;
  settings: TreeSettings;
}

type EntryType = 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null' | 'other';

const JsonEntry = React.memo(function JsonEntry({ name, value, depth, settings }: JsonEntryProps) {
  const type = entryType(value);
  const key = name === null ? null : <EntryName name={name} />;
  if (type !== 'object' && type !== 'array') {
    return (
      <li data-slot="json-tree-entry" data-type={type}>
        {key}
        {type === 'string' ? (
          <JsonString text={value as string} />
        ) : (
          <span data-slot="json-tree-value">{formatAtom(value)}</span>
        )}
      </li>
    );
  }
  return (
    <JsonContainer
      name={key}
      value={value as object}
      type={type}
      depth={depth}
      settings={settings}
    />
  );
});

function EntryName({ name }: { name: string | number }) {
  return (
    <span data-slot="json-tree-key">
      {typeof name === 'number' ? (
        name
      ) : (
        <>
          &quot;
          <RevealedText text={name} />
          &quot;
        </>
      )}
      {': '}
    </span>
  );
}

interface JsonContainerProps {
  name: React.ReactNode;
  value: object;
  type: 'object' | 'array';
  depth: number;
  settings: TreeSettings;
}

function JsonContainer({ name, value, type, depth, settings }: JsonContainerProps) {
  const labels = useLabels();
  const [open, setOpen] = React.useState(depth < settings.defaultExpandDepth);
  const [visible, setVisible] = React.useState(PAGE_SIZE);
  const listId = React.useId();
  const keys = React.useMemo(() => (Array.isArray(value) ? null : Object.keys(value)), [value]);
  const size = keys === null ? (value as unknown[]).length : keys.length;
  const [start, end] = type === 'array' ? ['[', ']'] : ['{', '}'];
  if (depth >= settings.maxDepth || size === 0) {
    return (
      <li data-slot="json-tree-entry" data-type={type}>
        {name}
        <span data-slot="json-tree-value">{size === 0 ? start + end : `${start}…${end}`}</span>
      </li>
    );
  }
  const shown = Math.min(visible, size);
  return (
    <li data-slot="json-tree-entry" data-type={type} data-open={open ? '' : undefined}>
      <button
        type="button"
        data-slot="json-tree-toggle"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        onClick={() => setOpen((current) => !current)}
      >
        {name}
        <span data-slot="json-tree-summary">
          {open ? start : `${start}…${end}`}{' '}
          <span data-slot="json-tree-size">{labels.jsonEntries(size)}</span>
        </span>
      </button>
      {open ? (
        <>
          <ul data-slot="json-tree-list" id={listId}>
            {Array.from({ length: shown }, (_, index) => {
              const childName = keys === null ? index : (keys[index] ?? '');
              return (
                <JsonEntry
                  key={keys === null ? index : `k:${childName}`}
                  name={childName}
                  value={readEntry(value, childName)}
                  depth={depth + 1}
                  settings={settings}
                />
              );
            })}
          </ul>
          {shown < size ? (
            <ShowMore
              labels={labels}
              count={Math.min(PAGE_SIZE, size - shown)}
              onShowMore={() => setVisible(shown + PAGE_SIZE)}
            />
          ) : null}
          <span data-slot="json-tree-end">{end}</span>
        </>
      ) : null}
    </li>
  );
}

function ShowMore({
  labels,
  count,
  onShowMore,
}: {
  labels: Labels;
  count: number;
  onShowMore(): void;
}) {
  return (
    <button type="button" data-slot="json-tree-show-more" onClick={onShowMore}>
      {labels.showMore(count)}
    </button>
  );
}

function JsonString({ text }: { text: string }) {
  const [showAll, setShowAll] = React.useState(false);
  const shown = showAllText(text, SHOW_ALL_LIMITS.jsonString, showAll);
  const truncated = shown.truncated;
  return (
    <span data-slot="json-tree-value" data-type="string">
      &quot;
      <RevealedText text={shown.text} />
      {truncated ? '…' : null}&quot;
      {truncated && !showAll ? (
        <>
          {' '}
          <ShowAllButton slot="json-tree-show-all" text={text} setShowingAll={setShowAll} />
        </>
      ) : null}
    </span>
  );
}

/* -------------------------------------------------------------------------------------------------
 * Reading values without running them
 * -----------------------------------------------------------------------------------------------*/

function entryType(value: unknown): EntryType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  switch (typeof value) {
    case 'object':
      return 'object';
    case 'string':
      return 'string';
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    default:
      return 'other';
  }
}

/** A primitive as text; functions and symbols are named, never called or converted. */
function formatAtom(value: unknown): string {
  switch (typeof value) {
    case 'number':
    case 'boolean':
      return String(value);
    case 'bigint':
      return `${value.toString()}n`;
    case 'undefined':
      return 'undefined';
    case 'function':
      return 'ƒ';
    case 'symbol':
      return value === GETTER ? '(getter)' : 'Symbol';
    default:
      return value === null ? 'null' : '';
  }
}

// Reads the own data property only: an accessor would run code, and `obj[key]` would reach the
// prototype for a key like `constructor` that the data does not own.
function readEntry(container: object, name: string | number): unknown {
  const descriptor = Object.getOwnPropertyDescriptor(container, name);
  if (descriptor === undefined) return undefined;
  return 'value' in descriptor ? descriptor.value : GETTER;
}

const GETTER = Symbol('getter');

export { JsonTree };
export type { JsonTreeProps };
