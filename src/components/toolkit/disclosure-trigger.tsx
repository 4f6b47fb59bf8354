import type * as React from 'react';

/** Props of {@link DisclosureTrigger}: a button's, but those a disclosure decides. */
export interface DisclosureTriggerProps extends Omit<
  React.ComponentPropsWithoutRef<'button'>,
  'type' | 'aria-expanded' | 'aria-controls' | 'onClick'
> {
  /** Whether the content it controls is shown. */
  expanded: boolean;
  /** The id of that content. */
  controls: string;
  /** Called on click, to show or hide the content. */
  onToggle(): void;
}

/**
 * The button that shows and hides a disclosure's content (a hint's, a notice's, thinking's),
 * announced as expanded or collapsed and pointing at what it controls.
 */
export function DisclosureTrigger({
  expanded,
  controls,
  onToggle,
  ...props
}: DisclosureTriggerProps) {
  return (
    <button
      type="button"
      aria-expanded={expanded}
      aria-controls={controls}
      onClick={onToggle}
      {...props}
    />
  );
}
