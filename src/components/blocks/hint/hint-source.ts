/** What the header of a hint shows: a label, and a sublabel when the source names one. */
export interface HintSourceLabel {
  /** `null` when the source gives none; the caller then shows its default. */
  label: string | null;
  sublabel: string | null;
}

/**
 * Reads a hint's `source`. AgentScope puts JSON such as `{"label":"System","sublabel":"Reminder"}`
 * there; only string `label`/`sublabel` fields are used. Any other source, JSON or not, is the
 * label as it is. Never throws.
 */
export function parseHintSource(source: unknown): HintSourceLabel {
  if (typeof source !== 'string' || source.trim() === '') return { label: null, sublabel: null };
  const parsed = parseJsonObject(source);
  if (parsed !== null) {
    const label = nonEmptyString(parsed['label']);
    const sublabel = nonEmptyString(parsed['sublabel']);
    if (label !== null || sublabel !== null) return { label, sublabel };
  }
  return { label: source, sublabel: null };
}

function parseJsonObject(text: string): Record<string, unknown> | null {
  if (!text.trimStart().startsWith('{')) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

function nonEmptyString(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}
