import type { PermissionRule } from '../model/permission.js';
import { mayBeInvisible } from '../safety/invisible.js';

/** One decision in a policy's log: by a rule (automatically) or by the user. Immutable. */
export interface ApprovalLogEntry {
  /** When it was decided, ISO 8601. */
  readonly time: string;
  /** The tool call's `id`. */
  readonly toolCallId: string;
  /** The tool's name. */
  readonly tool: string;
  /** The call's arguments exactly as the model produced them (the raw JSON string). */
  readonly arguments: string;
  /** What was decided for the call. */
  readonly decision: 'allow' | 'deny';
  readonly decidedBy: 'rule' | 'user';
  /** The deciding rule's id (`null` for the user's decisions), still valid after a revoke. */
  readonly ruleId: string | null;
  /** The deciding rule as it was then (a `once` rule is gone from the list once used). */
  readonly rule: PermissionRule | null;
}

// Anything outside printable ASCII is checked; what could hide is written as a JSON escape.
const NOT_PRINTABLE_ASCII = /[^\x20-\x7e\n]/gu;

function escapeCodeUnits(char: string): string {
  let escaped = '';
  for (let index = 0; index < char.length; index++) {
    escaped += `\\u${char.charCodeAt(index).toString(16).padStart(4, '0')}`;
  }
  return escaped;
}

/**
 * The log as pretty-printed JSON (an array of entries, oldest first), with every invisible,
 * bidirectional-control and line-separator character written as a `\uXXXX` escape, so that the
 * exported file reads exactly as what was decided, in any viewer.
 */
export function serializeApprovalLog(entries: readonly ApprovalLogEntry[]): string {
  return JSON.stringify(entries, null, 2).replace(NOT_PRINTABLE_ASCII, (char) =>
    mayBeInvisible(char) ? escapeCodeUnits(char) : char,
  );
}
