'use client';

import * as React from 'react';

/** Options of {@link useControllableState}, in Radix's `open` / `defaultOpen` / `onOpenChange` shape. */
export interface UseControllableStateOptions<T> {
  /** The value, when the owner controls it. */
  prop: T | undefined;
  /** The first value when uncontrolled; once given, the automatic value steps aside. */
  defaultProp: T | undefined;
  /** Hears every change: the user's, and the automatic ones while nobody has chosen. */
  onChange: ((value: T) => void) | undefined;
  /**
   * What the value follows until the user (or `defaultProp`) decides: a card opens while it asks,
   * thinking opens while it streams. A change of it is reported through `onChange` too, so a
   * controlled owner hears it and can follow.
   */
  automatic: T;
}

/**
 * A value that is controlled (`prop` + `onChange`) or not, and that follows an automatic value
 * until someone chooses. Every disclosure uses it, so automatic opening is reported the same way
 * everywhere.
 */
export function useControllableState<T>(
  options: UseControllableStateOptions<T>,
): [value: T, setValue: (value: T) => void] {
  const { prop, defaultProp, onChange, automatic } = options;
  // Unset until the user (or `defaultProp`) decides; then the automatic value steps aside.
  const [choice, setChoice] = React.useState<{ value: T } | null>(
    defaultProp === undefined ? null : { value: defaultProp },
  );
  const controlled = prop !== undefined;
  const value = controlled ? prop : choice !== null ? choice.value : automatic;

  const previous = React.useRef(automatic);
  React.useEffect(() => {
    if (Object.is(previous.current, automatic)) return;
    previous.current = automatic;
    if (choice !== null) return;
    // Uncontrolled, the value already followed; controlled, this asks the owner to.
    if (!controlled || !Object.is(prop, automatic)) onChange?.(automatic);
  }, [automatic, choice, controlled, prop, onChange]);

  const setValue = React.useCallback(
    (next: T) => {
      setChoice({ value: next });
      onChange?.(next);
    },
    [onChange],
  );
  return [value, setValue];
}
