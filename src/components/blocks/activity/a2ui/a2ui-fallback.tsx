import { ActivityJson } from '../activity-json.js';

interface A2uiFallbackProps {
  /** Why the JSON shows: the renderer is `loading`, `missing` (not set up) or `failed`. */
  state: 'loading' | 'missing' | 'failed';
  note: string;
  activityType: string;
  content: unknown;
}

/**
 * An A2UI surface that cannot be drawn (yet): its JSON, with a visible note saying why.
 * @selector [data-slot="a2ui-surface"] [data-state] `loading | missing | failed | ready`
 */
export function A2uiFallback({ state, note, activityType, content }: A2uiFallbackProps) {
  return (
    <div data-slot="a2ui-surface" data-state={state}>
      <ActivityJson activityType={activityType} content={content} note={note} />
    </div>
  );
}
