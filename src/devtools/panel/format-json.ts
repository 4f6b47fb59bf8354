/** Longest JSON text the panel shows for one value: a 50 MB frame must not freeze the page. */
export const MAX_JSON_LENGTH = 20_000;

/**
 * A value as indented JSON for people, never throwing: cycles, `bigint`, functions and symbols
 * are written as markers, and a long text is cut with a note saying how much was left out.
 */
export function formatJson(value: unknown, maxLength = MAX_JSON_LENGTH): string {
  const ancestors: object[] = [];
  let text: string | undefined;
  try {
    text = JSON.stringify(
      value,
      function replace(this: unknown, _key: string, item: unknown) {
        if (typeof item === 'bigint') return `${item}n`;
        if (typeof item === 'function') return '[function]';
        if (typeof item === 'symbol') return item.toString();
        if (typeof item !== 'object' || item === null) return item;
        // `this` is the holder: pop the ancestors the walk has left.
        while (ancestors.length > 0 && ancestors.at(-1) !== this) ancestors.pop();
        if (ancestors.includes(item)) return '[cycle]';
        ancestors.push(item);
        return item;
      },
      2,
    );
  } catch (error) {
    text = `[not JSON: ${error instanceof Error ? error.message : String(error)}]`;
  }
  if (text === undefined) text = String(value);
  if (text.length <= maxLength) return text;
  return `${text.slice(0, maxLength)}\n… ${text.length - maxLength} more characters`;
}

/** A one-line preview of a value, at most `maxLength` characters. */
export function previewJson(value: unknown, maxLength = 80): string {
  let text: string;
  try {
    text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  } catch {
    text = Object.prototype.toString.call(value);
  }
  text = text.replace(/\s+/g, ' ');
  return text.length <= maxLength ? text : `${text.slice(0, maxLength - 1)}…`;
}
