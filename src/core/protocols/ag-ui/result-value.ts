/*
 * A tool result's structured value: AG-UI sends results as text, and a JSON object or array in
 * that text is also the value the card shows as a tree (`output` keeps the text).
 */
import type { JsonValue } from '../../model/json.js';
import { asJson } from '../common/read.js';

/** Above this a result's JSON text is only shown as text, not also read into a tree. */
const MAX_VALUE_TEXT = 1_000_000;

/**
 * The structured value of a tool result whose text is a JSON object or array (the card shows it
 * as a tree, `output` keeps the text); `undefined` for any other text.
 */
export function structuredValue(text: string): JsonValue | undefined {
  const start = text.trimStart()[0];
  if ((start !== '{' && start !== '[') || text.length > MAX_VALUE_TEXT) return undefined;
  try {
    return asJson(JSON.parse(text));
  } catch {
    return undefined;
  }
}
