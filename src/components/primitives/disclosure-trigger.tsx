import * as React from 'react';

/** Props of {@link DisclosureTrigger}: a button's, but those a disclosure decides. */
export interface DisclosureTriggerProps extends Omit<
  React.ComponentPropsWithoutRef<'button'>,
  // `onToggle` is this component's own: a popover's toggle event does not apply to it.
  'type' | 'aria-expanded' | 'aria-controls' | 'onClick' | 'onToggle'
> {
  /** Whether the content it controls is shown. */
  expanded: boolean;
  /** The id of that content. */
  controls: string;
  /** Called on click, to show or hide the content. */
  onToggle(event: React.MouseEvent<HTMLButtonElement>): void;
}

/**
 * The button that shows and hides a disclosure's content (a hint's, a notice's, thinking's, a
 * tool call's), announced as expanded or collapsed and pointing at what it controls.
 */
export const DisclosureTrigger = React.forwardRef<HTMLButtonElement, DisclosureTriggerProps>(
  function DisclosureTrigger({ expanded, controls, onToggle, ...props }, ref) {
    return (
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={controls}
        onClick={onToggle}
        {...props}
        ref={ref}
      />
    );
  },
);
