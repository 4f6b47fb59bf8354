/**
 * Durations as people read them: the two largest units that matter ("2 hr, 5 min",
 * "3 days, 4 hr"), and days alone from a week on ("84 days").
 */

/** `long`: "2 hours, 5 minutes"; `short`: "2 hr, 5 min"; `narrow`: "2h 5m" (in English). */
export type DurationStyle = 'long' | 'short' | 'narrow';

/** The units a duration is shown in; zero units are left out. */
export interface DurationParts {
  days?: number;
  hours?: number;
  minutes?: number;
  seconds?: number;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

/** Splits `seconds` (at least one) into the units shown, rounding down the smaller ones. */
export function durationParts(seconds: number): DurationParts {
  const total = Number.isFinite(seconds) ? Math.max(1, Math.round(seconds)) : 1;
  const days = Math.floor(total / DAY);
  const hours = Math.floor((total % DAY) / HOUR);
  const minutes = Math.floor((total % HOUR) / MINUTE);
  const rest = total % MINUTE;
  const parts: DurationParts =
    total >= WEEK
      ? { days }
      : total >= DAY
        ? { days, hours }
        : total >= HOUR
          ? { hours, minutes }
          : total >= MINUTE
            ? { minutes, seconds: rest }
            : { seconds: rest };
  // Zero units read as noise ("2 hr, 0 min"): left out.
  return Object.fromEntries(
    Object.entries(parts).filter(([, value]) => value !== 0),
  ) as DurationParts;
}

interface DurationFormatLike {
  format(duration: DurationParts): string;
}

type DurationFormatConstructor = new (
  locale: string,
  options: { style: DurationStyle },
) => DurationFormatLike;

const UNITS = [
  ['days', 'day'],
  ['hours', 'hour'],
  ['minutes', 'minute'],
  ['seconds', 'second'],
] as const;

/**
 * A formatter for `seconds`, localised: `Intl.DurationFormat` where the engine has it, otherwise
 * the same output built from unit numbers and a unit list (what `Intl.DurationFormat` does), so
 * a server without it renders what the browser renders.
 */
export function createDurationFormat(
  locale: string,
  style: DurationStyle,
): (seconds: number) => string {
  const Native = (Intl as { DurationFormat?: DurationFormatConstructor }).DurationFormat;
  if (Native) {
    const native = new Native(locale, { style });
    return (seconds) => native.format(durationParts(seconds));
  }
  const list = new Intl.ListFormat(locale, { type: 'unit', style });
  const units = new Map(
    UNITS.map(([key, unit]) => [
      key,
      new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: style }),
    ]),
  );
  return (seconds) => {
    const parts = durationParts(seconds);
    return list.format(
      UNITS.flatMap(([key]) => {
        const value = parts[key];
        return value === undefined ? [] : [units.get(key)?.format(value) ?? String(value)];
      }),
    );
  };
}
