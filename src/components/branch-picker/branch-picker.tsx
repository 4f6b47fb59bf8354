'use client';

import * as React from 'react';
import { useLabels } from '../provider/agent-messages-provider.js';

/* -------------------------------------------------------------------------------------------------
 * BranchPicker
 * -----------------------------------------------------------------------------------------------*/

const BRANCH_PICKER_NAME = 'BranchPicker';

/** Props of `BranchPicker`. */
interface BranchPickerProps extends Omit<
  React.ComponentPropsWithoutRef<'div'>,
  'children' | 'onChange'
> {
  /** The version shown, from 0. */
  index: number;
  /** How many versions there are; with one or none the picker renders nothing. */
  count: number;
  /** Asks for another version (from 0); the picker shows `index` until the owner passes a new one. */
  onChange(index: number): void;
  /** The group's accessible name. @default labels.branches ("Versions") */
  label?: string;
}

/**
 * Steps between the versions of a message (regenerated replies, edited prompts, branches of a
 * session): ‹ 2 / 3 ›. The buttons stay focusable at the ends (`aria-disabled`), so that focus is
 * not lost when the last step is taken; with focus inside, ArrowLeft and ArrowRight step (mirrored
 * right to left) and Home and End jump to the first and the last. The position is a status:
 * screen readers announce "Version 3 of 3" after a step.
 * @selector [data-slot="branch-picker"] [data-first] at the first version, [data-last] at the last
 * @selector [data-slot="branch-picker-button"] [data-direction] `previous | next`
 */
const BranchPicker = React.forwardRef<HTMLDivElement, BranchPickerProps>(
  function BranchPicker(props, ref) {
    const { index: indexProp, count: countProp, onChange, label, onKeyDown, ...rootProps } = props;
    const labels = useLabels();
    const descriptionId = React.useId();
    const count = Number.isFinite(countProp) ? Math.floor(countProp) : 0;
    if (count <= 1) return null;
    const index = Number.isFinite(indexProp)
      ? Math.min(Math.max(Math.floor(indexProp), 0), count - 1)
      : 0;
    const first = index === 0;
    const last = index === count - 1;

    const go = (next: number) => {
      if (next !== index && next >= 0 && next < count) onChange(next);
    };
    const step = (direction: -1 | 1) => go(index + direction);

    const onPickerKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
      onKeyDown?.(event);
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
      const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
      const backward = rtl ? 'ArrowRight' : 'ArrowLeft';
      const target =
        event.key === backward
          ? index - 1
          : event.key === forward
            ? index + 1
            : event.key === 'Home'
              ? 0
              : event.key === 'End'
                ? count - 1
                : null;
      if (target === null) return;
      event.preventDefault();
      go(target);
    };

    return (
      // A group of two buttons: the arrow keys are a shortcut, not the only way.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
      <div
        {...rootProps}
        ref={ref}
        role="group"
        aria-label={label ?? labels.branches}
        data-slot="branch-picker"
        data-first={first ? '' : undefined}
        data-last={last ? '' : undefined}
        onKeyDown={onPickerKeyDown}
      >
        <StepButton
          direction="previous"
          label={labels.previousBranch}
          describedBy={descriptionId}
          disabled={first}
          onClick={() => step(-1)}
        />
        <span data-slot="branch-picker-position" role="status">
          <span aria-hidden="true">{labels.branchCounter(index + 1, count)}</span>
          <span id={descriptionId} data-slot="branch-picker-description">
            {labels.branchPosition(index + 1, count)}
          </span>
        </span>
        <StepButton
          direction="next"
          label={labels.nextBranch}
          describedBy={descriptionId}
          disabled={last}
          onClick={() => step(1)}
        />
      </div>
    );
  },
);
BranchPicker.displayName = BRANCH_PICKER_NAME;

/* -----------------------------------------------------------------------------------------------*/

interface StepButtonProps {
  direction: 'previous' | 'next';
  label: string;
  describedBy: string;
  /** Still focusable (`aria-disabled`), so that focus is not lost on the last step. */
  disabled: boolean;
  onClick(): void;
}

/** ‹ or ›; the stylesheet mirrors both right to left, where "previous" sits on the right. */
function StepButton({ direction, label, describedBy, disabled, onClick }: StepButtonProps) {
  return (
    <button
      type="button"
      data-slot="branch-picker-button"
      data-direction={direction}
      aria-label={label}
      aria-describedby={describedBy}
      aria-disabled={disabled ? true : undefined}
      onClick={onClick}
    >
      <svg data-slot="branch-picker-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <path d={direction === 'previous' ? 'M10 3 5 8l5 5' : 'M6 3l5 5-5 5'} />
      </svg>
    </button>
  );
}

export { BranchPicker };
export type { BranchPickerProps };
