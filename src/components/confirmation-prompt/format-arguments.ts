import { formatJson } from '../primitives/json/parse-arguments.js';
import { SHOW_ALL_LIMITS } from '../primitives/show-all-limits.js';
import { showAllText } from '../primitives/show-all.js';
import type { TruncatedText } from '../primitives/truncate.js';

/**
 * What the prompt shows of formatted arguments: the start, or with `all` everything up to
 * 1,000,000 characters (past that `truncated` stays true, and the prompt says so).
 */
export function argumentsShown(text: string, all: boolean): TruncatedText {
  return showAllText(text, SHOW_ALL_LIMITS.arguments, all);
}

/** True when the prompt cannot show `input` whole without the user asking: Allow waits for that. */
export function needsReview(input: string): boolean {
  return argumentsShown(formatJson(input).text, false).truncated;
}
