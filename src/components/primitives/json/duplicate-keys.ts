/** Character codes the JSON scanners look for. */
export const QUOTE = 0x22;
export const BACKSLASH = 0x5c;
export const COLON = 0x3a;

/** True for the four whitespace characters JSON allows between tokens. */
export function isWhitespace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
}

/** True when some object in `json` (already known to be valid JSON) names a key twice. */
export function hasDuplicateKeys(json: string): boolean {
  const scopes: (Set<string> | null)[] = [];
  let index = 0;
  while (index < json.length) {
    const code = json.charCodeAt(index);
    if (code === QUOTE) {
      let end = index + 1;
      while (end < json.length && json.charCodeAt(end) !== QUOTE) {
        end += json.charCodeAt(end) === BACKSLASH ? 2 : 1;
      }
      const token = json.slice(index, end + 1);
      index = end + 1;
      const keys = scopes[scopes.length - 1];
      if (!keys) continue;
      let next = index;
      while (next < json.length && isWhitespace(json.charCodeAt(next))) next++;
      if (json.charCodeAt(next) !== COLON) continue;
      const key = JSON.parse(token) as string;
      if (keys.has(key)) return true;
      keys.add(key);
      continue;
    }
    const char = json[index];
    if (char === '{') scopes.push(new Set());
    else if (char === '[') scopes.push(null);
    else if (char === '}' || char === ']') scopes.pop();
    index++;
  }
  return false;
}
