import * as React from 'react';
import { DevtoolsHeading } from './devtools-heading.js';
import type { Diagnostic } from '../../core.js';
import type { EventChange, EventDescription, RecordedEvent } from '../recording/recording-types.js';
import { formatJson } from './format-json.js';
import { formatMs } from './session-timing.js';

/* -------------------------------------------------------------------------------------------------
 * DevtoolsEventDetail
 * -----------------------------------------------------------------------------------------------*/

interface DevtoolsEventDetailProps {
  event: RecordedEvent | undefined;
  description: EventDescription | undefined;
  /** The wait before it. */
  gap: number;
  changes: readonly EventChange[];
  /** The diagnostics its fold added. */
  diagnostics: readonly Diagnostic[];
}

/** The selected event: its raw JSON, what it changed (before and after) and what it caused. */
function DevtoolsEventDetail(props: DevtoolsEventDetailProps) {
  const { event, description, gap, changes, diagnostics } = props;
  if (event === undefined) {
    return (
      <section data-slot="devtools-event-detail" aria-label="Selected event">
        <p data-slot="devtools-empty">Before the first event: nothing folded yet.</p>
      </section>
    );
  }
  return (
    <section data-slot="devtools-event-detail" aria-label="Selected event">
      <DevtoolsHeading>
        Event #{event.seq}: {description?.type ?? 'unknown'}
      </DevtoolsHeading>
      <p data-slot="devtools-meta">
        at {formatMs(event.at)} · {formatMs(gap)} after the previous one · commit {event.commit}
      </p>
      {diagnostics.length > 0 ? (
        <div data-slot="devtools-diagnostics" role="group" aria-label="Diagnostics it caused">
          <DevtoolsHeading sub>
            {diagnostics.length} {diagnostics.length === 1 ? 'diagnostic' : 'diagnostics'}
          </DevtoolsHeading>
          <ul>
            {diagnostics.map((diagnostic, index) => (
              <li key={index} data-slot="devtools-diagnostic" data-code={diagnostic.code}>
                <code>{diagnostic.code}</code> {diagnostic.message}
                {diagnostic.path ? <code> {diagnostic.path}</code> : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <DevtoolsHeading sub>What it changed</DevtoolsHeading>
      {changes.length === 0 ? (
        <p data-slot="devtools-empty">Nothing the conversation shows.</p>
      ) : (
        <ul data-slot="devtools-changes">
          {changes.map((change, index) => (
            <li key={index} data-slot="devtools-change" data-kind={change.kind}>
              <ChangeView change={change} />
            </li>
          ))}
        </ul>
      )}
      <details data-slot="devtools-raw" open>
        <summary>Raw frame</summary>
        <pre
          // Long JSON scrolls: keyboard users must be able to focus it to scroll.
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          aria-label={`Raw frame of event ${event.seq}`}
        >
          {formatJson(event.frame)}
        </pre>
      </details>
    </section>
  );
}

function ChangeView({ change }: { change: EventChange }) {
  const where = change.blockId
    ? `block ${change.blockId} of message ${change.messageId}`
    : `message ${change.messageId}`;
  return (
    <>
      <p>
        <strong>{change.kind}</strong> {where}
      </p>
      <div data-slot="devtools-change-values">
        {change.kind !== 'added' ? <ChangeValue title="Before" value={change.before} /> : null}
        {change.kind !== 'removed' ? <ChangeValue title="After" value={change.after} /> : null}
      </div>
    </>
  );
}

function ChangeValue({ title, value }: { title: string; value: unknown }) {
  return (
    <figure data-slot="devtools-change-value" data-side={title.toLowerCase()}>
      <figcaption>{title}</figcaption>
      <pre
        // Long JSON scrolls: keyboard users must be able to focus it to scroll.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        aria-label={title}
      >
        {formatJson(value, 4000)}
      </pre>
    </figure>
  );
}

export { DevtoolsEventDetail };
export type { DevtoolsEventDetailProps };
