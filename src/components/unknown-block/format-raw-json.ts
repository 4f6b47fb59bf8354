const MAX_DEPTH = 64;
const MAX_LENGTH = 200_000;

/**
 * Pretty JSON of an untrusted value, for display, at bounded cost: nesting deeper than 64 levels
 * is elided as `…` and output stops at 200,000 characters, so a 10,000-level or 10 MB payload
 * can neither overflow the stack nor freeze the page. Never throws.
 */
export function formatRawJson(value: unknown): string {
  const out: string[] = [];
  let length = 0;
  const write = (text: string): boolean => {
    if (length >= MAX_LENGTH) return false;
    out.push(text);
    length += text.length;
    return true;
  };
  const visit = (node: unknown, depth: number, indent: string): void => {
    if (length >= MAX_LENGTH) return;
    if (node === null || typeof node !== 'object') {
      write(typeof node === 'string' ? JSON.stringify(node) : String(node));
      return;
    }
    if (depth >= MAX_DEPTH) {
      write(Array.isArray(node) ? '[…]' : '{…}');
      return;
    }
    const inner = `${indent}  `;
    const entries: [string | null, unknown][] = Array.isArray(node)
      ? node.map((item) => [null, item])
      : Object.keys(node).map((key) => [key, (node as Record<string, unknown>)[key]]);
    const [open, close] = Array.isArray(node) ? ['[', ']'] : ['{', '}'];
    if (entries.length === 0) {
      write(open + close);
      return;
    }
    write(`${open}\n`);
    entries.forEach(([key, item], index) => {
      write(key === null ? inner : `${inner}${JSON.stringify(key)}: `);
      visit(item, depth + 1, inner);
      write(index < entries.length - 1 ? ',\n' : '\n');
    });
    write(indent + close);
  };
  visit(value, 0, '');
  const text = out.join('');
  return length >= MAX_LENGTH ? `${text.slice(0, MAX_LENGTH)}\n… (truncated)` : text;
}
