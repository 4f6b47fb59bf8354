import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createDurationFormat, durationParts } from '../../src/components/format-duration.js';
import { readTimestamp } from '../../src/components/time/timestamp.js';
import { createLabels } from '../../src/index.js';

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Runs `body` as an engine without `Intl.DurationFormat` (Node 20, older browsers). */
function withoutDurationFormat<T>(body: () => T): T {
  const saved = Object.getOwnPropertyDescriptor(Intl, 'DurationFormat');
  Reflect.deleteProperty(Intl, 'DurationFormat');
  try {
    return body();
  } finally {
    if (saved) Object.defineProperty(Intl, 'DurationFormat', saved);
  }
}

describe('durations', () => {
  const labels = createLabels('en');

  it('reads as people say them: the two largest units, days alone from a week', () => {
    expect(labels.elapsed(12)).toBe('12 sec');
    expect(labels.elapsed(3 * MINUTE + 5)).toBe('3 min, 5 sec');
    expect(labels.elapsed(2 * HOUR + 5 * MINUTE + 37)).toBe('2 hr, 5 min');
    expect(labels.elapsed(2 * HOUR)).toBe('2 hr');
    expect(labels.elapsed(DAY + 4 * HOUR)).toBe('1 day, 4 hr');
    // What the streaming story showed as "121,566 min 37 s".
    expect(labels.elapsed(121_566 * MINUTE + 37)).toBe('84 days');
    expect(labels.thoughtFor(12)).toBe('Thought for 12 seconds');
    expect(labels.thoughtFor(3 * MINUTE + 5)).toBe('Thought for 3 minutes, 5 seconds');
  });

  it('never shows zero, a fraction or a negative number', () => {
    expect(durationParts(0)).toEqual({ seconds: 1 });
    expect(durationParts(-5)).toEqual({ seconds: 1 });
    expect(durationParts(Number.NaN)).toEqual({ seconds: 1 });
    expect(durationParts(59.6)).toEqual({ minutes: 1 });
    expect(durationParts(7 * DAY + 5 * HOUR)).toEqual({ days: 7 });
  });

  it('is localised', () => {
    expect(createLabels('de').elapsed(2 * HOUR + 5 * MINUTE)).toBe('2 Std., 5 Min.');
    expect(createLabels('fr').elapsed(2 * HOUR + 5 * MINUTE)).toMatch(/^2\sh et 5\smin$/);
  });

  it('formats without Intl.DurationFormat exactly as with it (a server renders the same text)', () => {
    expect(typeof (Intl as { DurationFormat?: unknown }).DurationFormat).toBe('function');
    const locales = ['en', 'de', 'fr', 'ja', 'ar', 'zh', 'ru', 'es'] as const;
    const styles = ['long', 'short', 'narrow'] as const;
    const native = new Map<string, (seconds: number) => string>(
      locales.flatMap((locale) =>
        styles.map((style) => [`${locale}/${style}`, createDurationFormat(locale, style)] as const),
      ),
    );
    const fallback = withoutDurationFormat(
      () =>
        new Map<string, (seconds: number) => string>(
          locales.flatMap((locale) =>
            styles.map(
              (style) => [`${locale}/${style}`, createDurationFormat(locale, style)] as const,
            ),
          ),
        ),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...locales),
        fc.constantFrom(...styles),
        fc.integer({ min: 0, max: 400 * DAY }),
        (locale, style, seconds) => {
          const key = `${locale}/${style}`;
          expect(fallback.get(key)?.(seconds)).toBe(native.get(key)?.(seconds));
        },
      ),
    );
  });
});

describe('relative times', () => {
  const labels = createLabels('en');
  const base = new Date(Date.UTC(2026, 8, 1, 12));
  const later = (seconds: number) => new Date(base.getTime() + seconds * 1000);

  it('says "now" for the first minute, then whole units that have passed', () => {
    expect(labels.relativeTime(base, later(0))).toBe('now');
    expect(labels.relativeTime(base, later(59))).toBe('now');
    expect(labels.relativeTime(base, later(60))).toBe('1 minute ago');
    expect(labels.relativeTime(base, later(HOUR - 1))).toBe('59 minutes ago');
    expect(labels.relativeTime(base, later(HOUR))).toBe('1 hour ago');
    expect(labels.relativeTime(base, later(DAY))).toBe('yesterday');
    expect(labels.relativeTime(base, later(84 * DAY))).toBe('84 days ago');
    // A clock slightly behind the sender's never says "in 3 seconds".
    expect(labels.relativeTime(later(3), base)).toBe('now');
  });

  it('names UTC when asked for a zone, as a server render does', () => {
    expect(labels.absoluteTime(base, 'UTC')).toMatch(/^Sep 1, 2026, 12:00:00\sPM UTC$/);
  });
});

describe('timestamps for <time dateTime>', () => {
  it('keeps an instant with a zone as an ISO instant', () => {
    expect(readTimestamp('2026-09-01T12:00:00Z')).toEqual({
      ms: Date.UTC(2026, 8, 1, 12),
      zoned: true,
      dateTime: '2026-09-01T12:00:00.000Z',
    });
    expect(readTimestamp('2026-09-01T14:00:00+02:00')?.dateTime).toBe('2026-09-01T12:00:00.000Z');
    expect(readTimestamp(1_788_264_000)?.dateTime).toBe('2026-09-01T12:00:00.000Z');
  });

  it('keeps a time without a zone as written, wherever it is read', () => {
    expect(readTimestamp('2026-09-01 12:00:00.123456')).toMatchObject({
      zoned: false,
      dateTime: '2026-09-01T12:00:00.123',
    });
  });

  it('returns null for what cannot be read, never throws', () => {
    for (const value of ['', 'soon', null, undefined, {}, '1e400', 1e300, Number.NaN]) {
      expect(readTimestamp(value)).toBeNull();
    }
    fc.assert(
      fc.property(fc.anything(), (value) => {
        const stamp = readTimestamp(value);
        if (stamp !== null) expect(Number.isFinite(stamp.ms)).toBe(true);
      }),
    );
  });
});
