import type { ToolCallBlock } from '../model/block.js';
import { generateId } from '../model/ids.js';
import type { JsonObject } from '../model/json.js';
import type { ApprovalLogEntry } from './approval-log.js';
import { serializeApprovalLog } from './approval-log.js';
import type { ApprovalRule } from './approval-rule.js';
import {
  APPROVAL_SCOPES,
  freezeRule,
  readPermissionRule,
  readStoredRule,
  sameRule,
  toPermissionRule,
} from './approval-rule.js';
import { createMemoryApprovalStorage, isPromiseLike } from './approval-storage.js';
import type { ApprovalDiagnostic } from './diagnostic.js';
import { approvalDiagnostic, describeError } from './diagnostic.js';
import type {
  ApprovalPolicy,
  ApprovalPolicyOptions,
  ApprovalPolicySnapshot,
  ApprovalRecord,
  ApprovalResult,
} from './approval-policy-types.js';
import type { ArgumentsMatcher } from './match-rule.js';
import { matchesRuleContent } from './match-rule.js';
import { selectRule, type RuleMatch } from './select-rule.js';
import { CallMemory, isAskingCall } from './call-memory.js';
import { DecisionLog } from './decision-log.js';
import { readToolArguments } from './tool-arguments.js';

const DEFAULT_MAX_LOG_ENTRIES = 1000;
const MAX_DIAGNOSTICS = 100;

/**
 * Creates an approval policy: rules that answer tool-call prompts for the user ("always allow
 * `git status`"), kept in memory, for the session, or saved through `storage`, with a log of
 * every decision, by rule or by the user. It never throws: problems become diagnostics.
 *
 * @example
 * const policy = createApprovalPolicy({ storage: createLocalStorageApprovalStorage('my-app:approvals') });
 * policy.add({ tool_name: 'Bash', rule_content: 'git status:*', behavior: 'allow', source: 'user' }, { scope: 'always' });
 * policy.decide(toolCall); // → { decision: 'allow', rule } for `git status -s`, undefined otherwise
 */
export function createApprovalPolicy(options: ApprovalPolicyOptions = {}): ApprovalPolicy {
  const storage = options.storage ?? createMemoryApprovalStorage();
  const maxLog = Math.max(1, Math.floor(options.maxLogEntries ?? DEFAULT_MAX_LOG_ENTRIES));
  const listeners = new Set<() => void>();
  const matchers = new Map<string, ArgumentsMatcher>();
  let rules: ApprovalRule[] = [];
  const entries = new DecisionLog(maxLog);
  const diagnostics: ApprovalDiagnostic[] = [];
  const decidedByRule = new CallMemory<ApprovalResult>();
  const decidedByUser = new CallMemory<true>();
  let snapshot: ApprovalPolicySnapshot | undefined;

  // Saving waits for the first load, so that saved rules are never overwritten unread.
  let loaded = false;
  let saveWaiting = false;
  let loadGeneration = 0;
  /** Ids of `always` rules added or revoked while a load was under way: the load respects them. */
  let addedWhileLoading = new Set<string>();
  let removedWhileLoading = new Set<string>();

  const timestamp = (): string => {
    try {
      const date = options.now ? options.now() : new Date();
      return date.toISOString();
    } catch {
      return new Date().toISOString();
    }
  };

  const changed = (): void => {
    snapshot = undefined;
    for (const listener of [...listeners]) {
      try {
        listener();
      } catch (error) {
        // A listener's bug is the app's to see, but must not stop the others or the policy.
        void Promise.reject(error);
      }
    }
  };

  const report = (diagnostic: ApprovalDiagnostic): void => {
    diagnostics.push(diagnostic);
    if (diagnostics.length > MAX_DIAGNOSTICS) diagnostics.shift();
    try {
      options.onDiagnostic?.(diagnostic);
    } catch {
      // The app's handler failing changes nothing here.
    }
    changed();
  };

  const settle = (result: unknown, failure: string): void => {
    if (isPromiseLike<unknown>(result)) {
      result.then(undefined, (error: unknown) =>
        report(approvalDiagnostic('storage-write-failed', `${failure}: ${describeError(error)}`)),
      );
    }
  };

  const save = (): void => {
    if (!loaded) {
      saveWaiting = true;
      return;
    }
    saveWaiting = false;
    const always = rules.filter((rule) => rule.scope === 'always');
    try {
      settle(storage.save(always, report), 'Saving rules failed');
    } catch (error) {
      report(
        approvalDiagnostic('storage-write-failed', `Saving rules failed: ${describeError(error)}`),
      );
    }
  };

  const appendLog = (entry: ApprovalLogEntry): void => {
    entries.push(entry);
    if (!storage.appendLog) return;
    try {
      settle(storage.appendLog(entry, report), 'Saving a log entry failed');
    } catch (error) {
      report(
        approvalDiagnostic(
          'storage-write-failed',
          `Saving a log entry failed: ${describeError(error)}`,
        ),
      );
    }
  };

  const applyLoaded = (list: readonly unknown[]): void => {
    const fresh: ApprovalRule[] = [];
    if (!Array.isArray(list)) {
      report(
        approvalDiagnostic(
          'storage-corrupt',
          'The storage gave no rule list; none were loaded.',
          list,
        ),
      );
    }
    for (const item of Array.isArray(list) ? list : []) {
      const rule = readStoredRule(item);
      if (!rule)
        report(
          approvalDiagnostic('invalid-rule', 'A saved rule is incomplete; it was left out.', item),
        );
      else if (removedWhileLoading.has(rule.id)) continue;
      else if (!fresh.some((other) => other.id === rule.id)) fresh.push(rule);
    }
    const kept = rules.filter(
      (rule) =>
        (rule.scope !== 'always' || addedWhileLoading.has(rule.id)) &&
        !fresh.some((other) => other.id === rule.id),
    );
    const mustSave = saveWaiting || addedWhileLoading.size > 0 || removedWhileLoading.size > 0;
    rules = [...fresh, ...kept];
    for (const id of matchers.keys()) {
      if (!rules.some((rule) => rule.id === id)) matchers.delete(id);
    }
    addedWhileLoading = new Set();
    removedWhileLoading = new Set();
    loaded = true;
    if (mustSave) save();
    changed();
  };

  const load = (): Promise<void> => {
    const generation = ++loadGeneration;
    const failed = (error: unknown): void => {
      if (generation !== loadGeneration) return;
      report(
        approvalDiagnostic('storage-read-failed', `Loading rules failed: ${describeError(error)}`),
      );
    };
    let result: readonly ApprovalRule[] | PromiseLike<readonly ApprovalRule[]>;
    try {
      result = storage.load(report);
    } catch (error) {
      failed(error);
      return Promise.resolve();
    }
    if (!isPromiseLike<readonly ApprovalRule[]>(result)) {
      applyLoaded(result);
      return Promise.resolve();
    }
    return Promise.resolve(result).then((list) => {
      if (generation === loadGeneration) applyLoaded(list);
    }, failed);
  };

  /** Whether `rule` (already of the call's tool) matches the call's arguments. */
  const matches = (
    rule: ApprovalRule,
    call: ToolCallBlock,
    args: JsonObject | undefined,
  ): RuleMatch => {
    const own = matchers.get(rule.id);
    if (rule.customMatch && !own) return 'unknown';
    for (const matcher of [own, options.match]) {
      if (!matcher) continue;
      let result: boolean | undefined;
      try {
        result = matcher(rule, call, args);
      } catch (error) {
        report(
          approvalDiagnostic(
            'matcher-failed',
            `A rule's matcher threw: ${describeError(error)}`,
            rule.id,
          ),
        );
        return 'unknown';
      }
      if (result !== undefined) return result === true;
    }
    return matchesRuleContent(rule, args);
  };

  const add: ApprovalPolicy['add'] = (rule, addOptions) => {
    const { scope = 'session', match } = addOptions ?? {};
    const valid = readPermissionRule(rule);
    if (!valid || !APPROVAL_SCOPES.includes(scope)) {
      report(
        approvalDiagnostic(
          'invalid-rule',
          'Not a complete permission rule; it was not added.',
          rule,
        ),
      );
      return undefined;
    }
    const custom = typeof match === 'function';
    if (!custom) {
      const existing = rules.find(
        (other) => other.scope === scope && !other.customMatch && sameRule(other, valid),
      );
      if (existing) return existing;
    }
    const entry = freezeRule({
      ...valid,
      id: generateId(),
      scope,
      addedAt: timestamp(),
      uses: 0,
      lastUsedAt: null,
      customMatch: custom,
    });
    rules = [...rules, entry];
    if (custom) matchers.set(entry.id, match);
    if (scope === 'always') {
      if (!loaded) addedWhileLoading.add(entry.id);
      save();
    }
    changed();
    return entry;
  };

  const decide: ApprovalPolicy['decide'] = (toolCall) => {
    if (!isAskingCall(toolCall)) return undefined;
    const earlier = decidedByRule.get(toolCall);
    if (earlier || decidedByUser.get(toolCall)) return earlier;

    const { value: args, hidden } = readToolArguments(toolCall.name, toolCall.input);
    const facts = { tool: toolCall.name, mayAllow: !hidden && args !== undefined };
    const winner = selectRule(rules, facts, (rule) => matches(rule, toolCall, args));
    if (!winner) return undefined;

    const time = timestamp();
    const used = freezeRule({ ...winner, uses: winner.uses + 1, lastUsedAt: time });
    rules =
      used.scope === 'once'
        ? rules.filter((rule) => rule.id !== used.id)
        : rules.map((rule) => (rule.id === used.id ? used : rule));
    if (used.scope === 'once') matchers.delete(used.id);
    const result: ApprovalResult = {
      decision: winner.behavior === 'deny' ? 'deny' : 'allow',
      rule: used,
    };
    decidedByRule.set(toolCall, result);
    appendLog(
      Object.freeze({
        time,
        toolCallId: toolCall.id,
        tool: toolCall.name,
        arguments: typeof toolCall.input === 'string' ? toolCall.input : '',
        decision: result.decision,
        decidedBy: 'rule',
        ruleId: used.id,
        rule: toPermissionRule(used),
      }),
    );
    if (used.scope === 'always') save();
    changed();
    return result;
  };

  const record: ApprovalPolicy['record'] = (input) => {
    const { toolCall, decision } = (input as ApprovalRecord | undefined) ?? {};
    if (typeof toolCall !== 'object' || toolCall === null) return undefined;
    if (decision !== 'allow' && decision !== 'deny') return undefined;
    const entry: ApprovalLogEntry = Object.freeze({
      time: timestamp(),
      toolCallId: typeof toolCall.id === 'string' ? toolCall.id : '',
      tool: typeof toolCall.name === 'string' ? toolCall.name : '',
      arguments: typeof toolCall.input === 'string' ? toolCall.input : '',
      decision,
      decidedBy: 'user',
      ruleId: null,
      rule: null,
    });
    decidedByUser.set(toolCall, true);
    appendLog(entry);
    changed();
    return entry;
  };

  const remove: ApprovalPolicy['remove'] = (id) => {
    const rule = rules.find((candidate) => candidate.id === id);
    if (!rule) return false;
    rules = rules.filter((candidate) => candidate !== rule);
    matchers.delete(id);
    if (rule.scope === 'always') {
      if (!loaded) removedWhileLoading.add(id);
      save();
    }
    changed();
    return true;
  };

  const getSnapshot: ApprovalPolicy['getSnapshot'] = () => {
    snapshot ??= Object.freeze({
      rules: Object.freeze([...rules]),
      log: Object.freeze([...entries.list()]),
      diagnostics: Object.freeze([...diagnostics]),
    });
    return snapshot;
  };

  for (const rule of options.rules ?? []) add(rule, { scope: 'session' });
  const ready = load();

  return {
    add,
    remove,
    list: () => getSnapshot().rules,
    decide,
    record,
    log: () => getSnapshot().log,
    exportLog: () => serializeApprovalLog(entries.list()),
    decisionFor: (toolCallId) => entries.latest(toolCallId),
    diagnostics: () => getSnapshot().diagnostics,
    getSnapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    ready,
    reload: () => {
      // Until it settles, changes are set aside and saved with what it loads.
      loaded = false;
      return load();
    },
  };
}
