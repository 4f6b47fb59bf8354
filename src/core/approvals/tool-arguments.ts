import type { JsonObject, JsonValue } from '../model/json.js';
import { hasInvisibleCharacters } from '../safety/invisible.js';

/** A tool call's arguments as the policy reads them. */
export interface ToolArguments {
  /**
   * The arguments object, or `undefined` when the input is not one JSON object (not JSON, an
   * array, a repeated key). Empty input reads as `{}`: a call without arguments.
   */
  value: JsonObject | undefined;
  /** True when the tool name or any key or string of the arguments hides characters. */
  hidden: boolean;
}

/**
 * Reads a call's raw JSON `input` without throwing. A repeated key makes the input unreadable:
 * `JSON.parse` keeps the last value, other parsers (the agent's, possibly) the first, so what
 * the rule checked might not be what runs.
 */
export function readToolArguments(name: unknown, input: unknown): ToolArguments {
  const hiddenName = typeof name !== 'string' || hasInvisibleCharacters(name);
  if (typeof input !== 'string') return { value: undefined, hidden: hiddenName };
  if (input.trim() === '') return { value: {}, hidden: hiddenName };
  let parsed: unknown;
  try {
    parsed = JSON.parse(input) as unknown;
  } catch {
    // Not JSON (or nested deeper than the engine parses): unreadable, never approved by a rule.
    return { value: undefined, hidden: hiddenName || hasInvisibleCharacters(input) };
  }
  const hidden = hiddenName || hasInvisibleCharacters(input) || hidesCharacters(parsed);
  const isObject = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
  if (!isObject || repeatsKey(input)) return { value: undefined, hidden };
  return { value: parsed as JsonObject, hidden };
}

/** True when a key or string anywhere in `value` holds invisible characters (escaped in JSON). */
function hidesCharacters(value: unknown): boolean {
  // A loop, not recursion: the depth is whatever the model sent.
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string') {
      if (hasInvisibleCharacters(item)) return true;
    } else if (Array.isArray(item)) {
      // Pushed one by one: spreading a huge array overflows the argument list.
      for (const child of item as JsonValue[]) stack.push(child);
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, child] of Object.entries(item)) {
        if (hasInvisibleCharacters(key)) return true;
        stack.push(child);
      }
    }
  }
  return false;
}

/** True when an object in `json` (valid JSON) names a key twice. */
function repeatsKey(json: string): boolean {
  // One entry per open bracket: the keys seen in an object, `null` for an array.
  const open: (Set<string> | null)[] = [];
  let expectKey = false;
  for (let index = 0; index < json.length; index++) {
    const char = json[index];
    if (char === '"') {
      let end = index + 1;
      while (json[end] !== '"') end += json[end] === '\\' ? 2 : 1;
      if (expectKey) {
        const keys = open[open.length - 1];
        const key = JSON.parse(json.slice(index, end + 1)) as string;
        if (keys?.has(key)) return true;
        keys?.add(key);
        expectKey = false;
      }
      index = end;
    } else if (char === '{') {
      open.push(new Set());
      expectKey = true;
    } else if (char === '[') {
      open.push(null);
    } else if (char === '}' || char === ']') {
      open.pop();
    } else if (char === ',') {
      expectKey = open[open.length - 1] != null;
    }
  }
  return false;
}
