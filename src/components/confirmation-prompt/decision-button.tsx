import type * as React from 'react';
import { BUTTON_SLOT, moveFocusOnArrowKey } from './roving-focus.js';

/** The attributes {@link armingProps} gives a decision button. */
export type ArmingProps = Pick<
  React.ButtonHTMLAttributes<HTMLButtonElement>,
  'aria-disabled' | 'aria-describedby'
> & { 'data-armed'?: '' };

/**
 * The attributes of a decision button for its arming state: `aria-disabled` and a description of
 * why while it waits (the button keeps its place in the tab order), `data-armed` once it accepts.
 */
export function armingProps(armed: boolean, hintId: string): ArmingProps {
  return armed ? { 'data-armed': '' } : { 'aria-disabled': true, 'aria-describedby': hintId };
}

/** Props of {@link DecisionButton}: a button's, with what it decides and its arming state. */
interface DecisionButtonProps extends Omit<React.ComponentPropsWithoutRef<'button'>, 'type'> {
  /** Its `data-action`: `allow`, `always-allow`, `deny`, `allow-all` or `deny-all`. */
  action: string;
  /** From {@link armingProps}: inert and described as waiting until the prompt is armed. */
  arming: ArmingProps;
}

/** A button that decides; arrow keys move between the decision buttons of its prompt. */
export function DecisionButton({ action, arming, ...props }: DecisionButtonProps) {
  return (
    <button
      type="button"
      data-slot={BUTTON_SLOT}
      data-action={action}
      {...props}
      {...arming}
      onKeyDown={moveFocusOnArrowKey}
    />
  );
}
