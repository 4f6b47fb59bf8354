import type { ToolCallBlock } from '../model/block.js';
import type { PermissionRule } from '../model/permission.js';
import type { ApprovalLogEntry } from './approval-log.js';
import type { ApprovalRule, ApprovalScope } from './approval-rule.js';
import type { ApprovalStorage } from './approval-storage.js';
import type { ApprovalDiagnostic } from './diagnostic.js';
import type { ArgumentsMatcher } from './match-rule.js';

/** Options of `createApprovalPolicy`. */
export interface ApprovalPolicyOptions {
  /** Rules the app starts with, in scope `session` (given again at every start, never saved). */
  rules?: readonly PermissionRule[];
  /** Where `always` rules are kept; memory by default (they last as long as the policy). */
  storage?: ApprovalStorage;
  /** The clock, for `addedAt`, `lastUsedAt` and log times. */
  now?: () => Date;
  /** An arguments matcher consulted for every rule (after a rule's own). */
  match?: ArgumentsMatcher;
  /** How many log entries are kept, the latest. @default 1000 */
  maxLogEntries?: number;
  /** Called with every diagnostic, as it happens. */
  onDiagnostic?: (diagnostic: ApprovalDiagnostic) => void;
}

/** Options of `ApprovalPolicy.add`. */
export interface AddRuleOptions {
  /** How long the rule lasts. @default 'session' */
  scope?: ApprovalScope;
  /** This rule's own arguments matcher, consulted before the policy's. Not saved. */
  match?: ArgumentsMatcher;
}

/** A call a rule decided: what, and by which rule (its entry after this use). */
export interface ApprovalResult {
  decision: 'allow' | 'deny';
  rule: ApprovalRule;
}

/** A decision the user made, for `ApprovalPolicy.record`. */
export interface ApprovalRecord {
  toolCall: ToolCallBlock;
  decision: 'allow' | 'deny';
}

/** Everything a policy shows, as one immutable value: the same object until something changes. */
export interface ApprovalPolicySnapshot {
  readonly rules: readonly ApprovalRule[];
  readonly log: readonly ApprovalLogEntry[];
  readonly diagnostics: readonly ApprovalDiagnostic[];
}

/** Rules that answer tool-call prompts for the user, with a log of every decision. */
export interface ApprovalPolicy {
  /**
   * Adds a rule and returns its entry, or `undefined` (with an `invalid-rule` diagnostic) when
   * `rule` is not a complete `PermissionRule`. Adding a rule the policy already holds in the
   * same scope returns the existing entry.
   */
  add(rule: PermissionRule, options?: AddRuleOptions): ApprovalRule | undefined;
  /** Revokes a rule; false when there is none with this id. */
  remove(id: string): boolean;
  /** The rules, oldest first: the same array until something changes. */
  list(): readonly ApprovalRule[];
  /**
   * The decision the rules make for a call the agent put in state `asking`, or `undefined`: ask
   * the user. A matching `deny` rule wins over `ask`, which wins over `allow`. Never allows a
   * call whose name or arguments hide characters, or whose arguments are unreadable. A decision
   * is logged, counted, consumes a `once` rule, and is given again (not logged again) when the
   * same call is decided again; a call the user already answered (`record`) is not decided.
   */
  decide(toolCall: ToolCallBlock): ApprovalResult | undefined;
  /** Logs a decision the user made (`undefined` when the input is not one). */
  record(decision: ApprovalRecord): ApprovalLogEntry | undefined;
  /** Every decision, oldest first (the latest `maxLogEntries`): the same array until one is added. */
  log(): readonly ApprovalLogEntry[];
  /**
   * The log as pretty-printed JSON text (an array of entries, oldest first), for download;
   * invisible and bidirectional-control characters are written as `\uXXXX` escapes.
   */
  exportLog(): string;
  /** The latest log entry for a tool call: how (and by which rule) it was decided. */
  decisionFor(toolCallId: string): ApprovalLogEntry | undefined;
  /** Problems with storage, rules and matchers, the latest 100. */
  diagnostics(): readonly ApprovalDiagnostic[];
  /** Rules, log and diagnostics at once, for `useSyncExternalStore`. */
  getSnapshot(): ApprovalPolicySnapshot;
  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** Settles when the storage's first `load` has (it never rejects). */
  readonly ready: Promise<void>;
  /** Loads the `always` rules again (another tab changed them); settles when done. */
  reload(): Promise<void>;
}
