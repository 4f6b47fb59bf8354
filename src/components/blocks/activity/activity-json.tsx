'use client';

import type { JsonValue } from '../../../core/model/json.js';
import { revealInvisible } from '../../../core/safety/invisible.js';
import { useLabels } from '../../provider/agent-messages-provider.js';
import { clipText } from '../../primitives/truncate.js';
import { RawJson } from '../../primitives/raw-json.js';

interface ActivityJsonProps {
  activityType: string;
  content: unknown;
  /** Says why the JSON shows instead of the activity's own view, when it does. */
  note?: string | undefined;
}

/**
 * An activity's content as JSON (text, never markup), behind a disclosure named after its type,
 * with a visible note when a view was expected.
 */
export function ActivityJson({ activityType, content, note }: ActivityJsonProps) {
  const labels = useLabels();
  const type = shownActivityType(activityType);
  return (
    <>
      {note !== undefined ? <p data-slot="activity-note">{note}</p> : null}
      <RawJson value={(content ?? null) as JsonValue} label={labels.activity(type)} />
    </>
  );
}

/** The type as a label shows it: clipped, invisible characters revealed. */
export function shownActivityType(activityType: string): string {
  return revealInvisible(clipText(activityType === '' ? 'activity' : activityType));
}
