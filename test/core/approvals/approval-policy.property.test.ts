/*
 * Properties of the approval policy over random rule sets, calls and storage round trips.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ApprovalScope, PermissionRule } from '../../../src/core.js';
import {
  createApprovalPolicy,
  createMemoryApprovalStorage,
  hasInvisibleCharacters,
} from '../../../src/core.js';
import { matchesCommandPrefix } from '../../../src/core/approvals/command-prefix.js';
import { askingCall } from './helpers.js';

/* -------------------------------------------------------------------------------------------------
 * Arbitraries
 * -----------------------------------------------------------------------------------------------*/

const word = fc.stringMatching(/^[a-z0-9._/-]{1,8}$/);
const command = fc.array(word, { minLength: 1, maxLength: 4 }).map((words) => words.join(' '));
const path = fc
  .array(fc.constantFrom('src', 'lib', '..', '.', 'a.ts', 'etc', 'x'), {
    minLength: 1,
    maxLength: 5,
  })
  .map((parts) => parts.join('/'));

const content = fc.oneof(
  fc.constant(null),
  command.map((text) => `${text}:*`),
  fc.constantFrom('src/**', '**', 'lib/*.ts', 'src/?.ts', 'etc/**'),
);
const behavior = fc.constantFrom<PermissionRule['behavior']>('allow', 'deny', 'ask', 'passthrough');
const scope = fc.constantFrom<ApprovalScope>('once', 'session', 'always');
const toolName = fc.constantFrom('Bash', 'Read', 'Write');

const permissionRule = (tool: fc.Arbitrary<string> = toolName) =>
  fc.record({ tool_name: tool, rule_content: content, behavior, source: fc.constant('user') });

const callArgs = fc.record({ command, path, file_path: path }, { requiredKeys: [] });

// Characters that hide or reorder text wherever they stand (the joiners are left out: in some
// scripts they are ordinary writing).
const hidingCharacter = fc.constantFrom(
  '\u200b',
  '\u200e',
  '\u200f',
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2060',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\ufeff',
  '\u00ad',
  '\u061c',
  '\u180e',
  String.fromCodePoint(0xe0041),
  String.fromCodePoint(0xe007f),
  '\u0007',
  '\u001b',
);

/** `text` with `char` inserted at a position picked by `at` (0..1). */
function insert(text: string, char: string, at: number): string {
  const index = Math.floor(at * (text.length + 1));
  return text.slice(0, index) + char + text.slice(index);
}

/** `char` as JSON `\\uXXXX` escapes, one per UTF-16 code unit. */
function escapeUnits(char: string): string {
  let escaped = '';
  for (let index = 0; index < char.length; index++) {
    escaped += `\\u${char.charCodeAt(index).toString(16).padStart(4, '0')}`;
  }
  return escaped;
}

/* -------------------------------------------------------------------------------------------------
 * Properties
 * -----------------------------------------------------------------------------------------------*/

describe('approval policy properties', () => {
  it('a matching deny rule wins over any other rules', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(permissionRule(fc.constant('Bash')), scope), { maxLength: 12 }),
        fc.nat(),
        callArgs,
        fc.constantFrom<string | null>(null, 'deny-me:*'),
        (rules, position, args, denyContent) => {
          const policy = createApprovalPolicy();
          const deny: PermissionRule = {
            tool_name: 'Bash',
            rule_content: denyContent,
            behavior: 'deny',
            source: 'user',
          };
          const withDeny: [PermissionRule, ApprovalScope][] = [...rules];
          withDeny.splice(position % (rules.length + 1), 0, [deny, 'session']);
          for (const [rule, ruleScope] of withDeny) policy.add(rule, { scope: ruleScope });
          const call = askingCall(
            'Bash',
            denyContent === null ? args : { ...args, command: 'deny-me now' },
          );
          expect(policy.decide(call)?.decision).toBe('deny');
        },
      ),
    );
  });

  it('a rule never matches a call to another tool', () => {
    // Names that share a prefix or differ in case too, where a loose comparison would slip.
    const names = fc
      .tuple(fc.string({ minLength: 1 }), fc.string({ minLength: 1 }), fc.nat(3))
      .map(([a, b, kind]): [string, string] =>
        kind === 0
          ? [a, b]
          : kind === 1
            ? [a, a + b]
            : kind === 2
              ? [a + b, a]
              : [a, a.toUpperCase()],
      )
      .filter(([a, b]) => a !== b);
    fc.assert(
      fc.property(names, callArgs, ([a, b], args) => {
        const policy = createApprovalPolicy();
        for (const ruleContent of [null, 'src/**', '**', `${args.command ?? 'ls'}:*`]) {
          policy.add({
            tool_name: a,
            rule_content: ruleContent,
            behavior: 'allow',
            source: 'user',
          });
          policy.add({ tool_name: a, rule_content: ruleContent, behavior: 'deny', source: 'user' });
        }
        expect(policy.decide(askingCall(b, args))).toBeUndefined();
      }),
    );
  });

  it('a call whose arguments hide a character is never approved', () => {
    fc.assert(
      fc.property(
        callArgs,
        fc.constantFrom('command', 'path', 'file_path', 'key'),
        hidingCharacter,
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.boolean(),
        (args, field, char, at, escaped) => {
          const policy = createApprovalPolicy();
          for (const ruleContent of [null, 'src/**', '**', `${args.command ?? 'ls'}:*`]) {
            policy.add({
              tool_name: 'Bash',
              rule_content: ruleContent,
              behavior: 'allow',
              source: 'user',
            });
          }
          const value = field === 'key' ? 'x' : (args[field as keyof typeof args] ?? 'src/a.ts');
          const poisoned = insert(value, char, at);
          const input =
            field === 'key'
              ? { ...args, [insert('name', char, at)]: value }
              : { ...args, [field]: poisoned };
          let text = JSON.stringify(input);
          // Also as a JSON escape, which only the parsed value shows.
          if (escaped) text = text.replace(char, escapeUnits(char));
          expect(hasInvisibleCharacters(poisoned)).toBe(true);
          expect(policy.decide(askingCall('Bash', text))?.decision).not.toBe('allow');
        },
      ),
    );
  });

  it('a once rule decides exactly one call', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 }), (calls) => {
        const policy = createApprovalPolicy();
        policy.add(
          { tool_name: 'Bash', rule_content: null, behavior: 'allow', source: 'user' },
          { scope: 'once' },
        );
        const decided = Array.from({ length: calls }, () => policy.decide(askingCall('Bash')));
        expect(decided.filter((result) => result !== undefined)).toHaveLength(1);
        expect(policy.list()).toEqual([]);
      }),
    );
  });

  it('session and once rules are never saved; always rules are, as they were', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(permissionRule(), scope), { maxLength: 15 }), (rules) => {
        const storage = createMemoryApprovalStorage();
        const policy = createApprovalPolicy({ storage });
        for (const [rule, ruleScope] of rules) policy.add(rule, { scope: ruleScope });
        const reopened = createApprovalPolicy({ storage });
        expect(reopened.list()).toEqual(policy.list().filter((entry) => entry.scope === 'always'));
        expect(reopened.list().every((entry) => entry.scope === 'always')).toBe(true);
      }),
    );
  });

  it('always rules decide the same after a reload through storage', () => {
    fc.assert(
      fc.property(
        fc.array(permissionRule(), { maxLength: 10 }),
        fc.array(fc.tuple(toolName, callArgs), { maxLength: 10 }),
        (rules, calls) => {
          const storage = createMemoryApprovalStorage();
          const policy = createApprovalPolicy({ storage });
          for (const rule of rules) policy.add(rule, { scope: 'always' });
          const reopened = createApprovalPolicy({ storage });
          for (const [name, args] of calls) {
            const call = askingCall(name, args);
            const [before, after] = [policy.decide(call), reopened.decide(call)];
            expect(after?.decision).toBe(before?.decision);
            expect(after?.rule.id).toBe(before?.rule.id);
          }
        },
      ),
    );
  });

  it('the log holds one entry per decision made by a rule and per decision recorded', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(permissionRule(), scope), { maxLength: 8 }),
        fc.array(
          fc.oneof(
            fc.tuple(fc.constant('decide' as const), toolName, callArgs),
            fc.tuple(fc.constant('record' as const), toolName, callArgs),
          ),
          { maxLength: 20 },
        ),
        (rules, steps) => {
          const policy = createApprovalPolicy();
          for (const [rule, ruleScope] of rules) policy.add(rule, { scope: ruleScope });
          let expected = 0;
          for (const [step, name, args] of steps) {
            const call = askingCall(name, args);
            if (step === 'record') {
              policy.record({ toolCall: call, decision: 'allow' });
              expected += 1;
            } else if (policy.decide(call) !== undefined) {
              expected += 1;
            }
          }
          expect(policy.log()).toHaveLength(expected);
          expect(JSON.parse(policy.exportLog())).toHaveLength(expected);
        },
      ),
    );
  });

  it('a prefix rule never matches a command holding a shell operator or substitution', () => {
    const operator = fc.constantFrom(
      ';',
      '&&',
      '||',
      '|',
      '&',
      '`',
      '$(',
      '${',
      '$',
      '>',
      '<',
      '>>',
      '\n',
      '\r',
    );
    fc.assert(
      fc.property(
        command,
        fc.string(),
        operator,
        fc.string(),
        fc.boolean(),
        (prefix, before, op, after, policyLevel) => {
          const commandLine = `${prefix}${before}${op}${after}`;
          expect(matchesCommandPrefix(`${prefix}:*`, commandLine)).toBe(false);
          if (policyLevel) {
            const policy = createApprovalPolicy();
            policy.add({
              tool_name: 'Bash',
              rule_content: `${prefix}:*`,
              behavior: 'allow',
              source: 'user',
            });
            expect(policy.decide(askingCall('Bash', { command: commandLine }))).toBeUndefined();
          }
        },
      ),
    );
  });
});
