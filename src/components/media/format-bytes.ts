/* -------------------------------------------------------------------------------------------------
 * Sizes and durations for media cards
 * -----------------------------------------------------------------------------------------------*/

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** A byte count as `512 B`, `1.5 KB`, `12 MB` (base 1024), with the number formatted for `locale`. */
export function formatBytes(bytes: number, locale = 'en'): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const number = new Intl.NumberFormat(locale, {
    maximumFractionDigits: unit === 0 || value >= 100 ? 0 : 1,
  });
  return `${number.format(value)} ${BYTE_UNITS[unit] ?? 'B'}`;
}

/** A duration in milliseconds as a clock reading: `0:07`, `3:25`, `1:02:03`. */
export function formatDuration(milliseconds: number): string {
  if (!Number.isFinite(milliseconds) || milliseconds < 0) return '';
  // A clip shorter than a second still reads as 0:01, not as nothing.
  const total = Math.max(milliseconds > 0 ? 1 : 0, Math.round(milliseconds / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0
    ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}`
    : `${minutes}:${seconds}`;
}

/** The same duration in ISO 8601 form for `<time dateTime>`, e.g. `PT205S`. */
export function isoDuration(milliseconds: number): string {
  return `PT${Math.max(0, Math.round(milliseconds / 1000))}S`;
}
