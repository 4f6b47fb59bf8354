import { createDurationFormat } from './format-duration.js';

/*
 * The parts of labels that `Intl` writes for a locale: numbers, plural forms, durations, dates,
 * relative times and amounts. The English labels and every label pack (src/locales/) build on
 * them, so each pack only holds its words.
 */

/**
 * A phrase in each plural form a locale has (`Intl.PluralRules` categories); `#` stands for the
 * number, formatted for the locale. `other` is the form a category without its own falls back to.
 */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/** What `createLocaleFormats` returns. */
export interface LocaleFormats {
  /** A number as the locale writes it (`1,000`, `1.000`, `١٬٠٠٠`). */
  number(value: number): string;
  /** The form of `forms` for `count` in the locale's plural rules, with `#` as the number. */
  plural(count: number, forms: PluralForms): string;
  /** A duration in words: "2 hours, 5 minutes". */
  duration(seconds: number): string;
  /** A duration, short: "2 hr, 5 min". */
  elapsed(seconds: number): string;
  /** A date and time, medium length, in the reader's zone. */
  date(date: Date): string;
  /** How long ago `date` was, in whole units that have passed ("now", "5 minutes ago"). */
  relativeTime(date: Date, now: Date): string;
  /** A date and time in the reader's zone, or in `timeZone` (named in the text). */
  absoluteTime(date: Date, timeZone?: string): string;
  /** An amount in US dollars (what providers bill in), up to four decimals. */
  cost(amount: number): string;
}

/** The `Intl` formats of `locale`, built once. */
export function createLocaleFormats(locale: string): LocaleFormats {
  const number = new Intl.NumberFormat(locale);
  const rules = new Intl.PluralRules(locale);
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  const absolute = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' });
  const money = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    maximumFractionDigits: 4,
  });
  const zoned = new Map<string, Intl.DateTimeFormat>();
  const absoluteIn = (date: Date, timeZone: string) => {
    let format = zoned.get(timeZone);
    if (!format) {
      format = new Intl.DateTimeFormat(locale, {
        dateStyle: 'medium',
        timeStyle: 'long',
        timeZone,
      });
      zoned.set(timeZone, format);
    }
    return format.format(date);
  };
  return {
    number: (value) => number.format(value),
    plural: (count, forms) =>
      (forms[rules.select(count)] ?? forms.other).replaceAll('#', number.format(count)),
    duration: createDurationFormat(locale, 'long'),
    elapsed: createDurationFormat(locale, 'short'),
    date: (date) => absolute.format(date),
    relativeTime: (date, now) => {
      // Whole units that have passed, so the label only ever moves forward: "now" for the
      // first minute, then "1 minute ago" until the second minute has passed.
      const seconds = Math.max(0, (now.getTime() - date.getTime()) / 1000);
      if (seconds < 60) return relative.format(0, 'second');
      if (seconds < 3600) return relative.format(-Math.floor(seconds / 60), 'minute');
      if (seconds < 86400) return relative.format(-Math.floor(seconds / 3600), 'hour');
      return relative.format(-Math.floor(seconds / 86400), 'day');
    },
    absoluteTime: (date, timeZone) =>
      timeZone === undefined ? absolute.format(date) : absoluteIn(date, timeZone),
    cost: (amount) => money.format(amount),
  };
}
