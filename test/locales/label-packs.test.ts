/*
 * The label packs (react-agent-messages/locales/<bcp47>): each is a full `labels` object with
 * exactly the English one's keys, every string translated and every function answering with text,
 * and counts in each language's plural forms through `Intl.PluralRules` (Arabic has six).
 */
import { describe, expect, it } from 'vitest';
import type { Labels } from '../../src/index.js';
import { defaultLabels } from '../../src/index.js';
import * as ar from '../../src/locales/ar.js';
import * as de from '../../src/locales/de.js';
import * as es from '../../src/locales/es.js';
import * as fr from '../../src/locales/fr.js';
import * as he from '../../src/locales/he.js';
import * as ja from '../../src/locales/ja.js';
import * as zhHans from '../../src/locales/zh-Hans.js';

const PACKS = { de, fr, es, ja, 'zh-Hans': zhHans, ar, he };

type FunctionKey = {
  [Key in keyof Labels]: Labels[Key] extends (...args: never[]) => unknown ? Key : never;
}[keyof Labels];

const at = new Date(Date.UTC(2026, 0, 15, 9, 30));

/** Arguments for every label that is a function (typed: a new one is a compile error here). */
const CALLS: { [Key in FunctionKey]: Parameters<Labels[Key]>[] } = {
  ruleText: [
    ['Bash', 'git status:*'],
    ['Bash', null],
  ],
  decidedByRule: [
    ['allow', 'Bash: ls:*'],
    ['deny', 'Bash: rm:*'],
  ],
  revokeRuleNamed: [['Bash: ls:*']],
  activity: [['plan']],
  activityFailed: [['plan']],
  mcpAppTitle: [['get-time']],
  decidedBy: [
    ['user', null],
    ['rule', null],
    ['rule', 'Bash: ls:*'],
  ],
  timesUsed: [[0], [1], [2], [5], [11], [100]],
  olderDecisions: [[1], [2], [5], [11], [100]],
  policyProblems: [[1], [2], [5], [11], [100]],
  removeAttachment: [['report.pdf']],
  attachmentTooLarge: [['report.pdf', '10 MB']],
  attachmentTypeRejected: [['run.exe']],
  tooManyAttachments: [[1], [2], [5], [11], [100]],
  branchCounter: [[2, 3]],
  queuedMessage: [[1], [12]],
  queuedFiles: [[1], [2], [5], [11], [100]],
  sendQueuedNow: [[1], [12]],
  removeQueuedMessage: [[1], [12]],
  steerQueuedMessage: [[1], [12]],
  restoreQueuedMessage: [[1], [12]],
  dismissQueuedMessage: [[1], [12]],
  queueChanged: [
    ['queued', 2],
    ['sent', 1],
    ['cancelled', 3],
  ],
  branchPosition: [[2, 3]],
  subagentRun: [
    ['researcher', 3],
    [null, 1],
  ],
  dataPart: [['weather']],
  dataPartFailed: [['weather']],
  thoughtFor: [[12], [3725]],
  showAll: [[1], [2], [5], [11], [12_345]],
  blockFailed: [['text']],
  unsupportedContent: [['x-widget']],
  hiddenCharacter: [['U+200B']],
  outputCapped: [[1_000_000, 2_500_000]],
  showMore: [[25]],
  jsonEntries: [[0], [1], [2], [5], [11], [100]],
  elapsed: [[12], [7500]],
  startedAt: [[at]],
  tokens: [
    [1, 2],
    [1200, 350],
  ],
  cacheTokens: [[1], [900]],
  cost: [[0.0123]],
  loadMedia: [['images.example.com']],
  unresolvedMedia: [['chart.png']],
  mediaBlocked: [['private address']],
  mediaFailed: [['chart.png']],
  downloadFile: [['chart.png']],
  viewImage: [['A chart']],
  documentPreview: [['report.pdf']],
  openDocument: [['docs.example.com']],
  pageList: [[[3]], [[1, 2, 5]]],
  pages: [[1], [2], [5], [11], [100]],
  citation: [[2]],
  citationPage: [[14]],
  linksTo: [['example.com']],
  backToReference: [[1]],
  alwaysAllow: [
    ['Bash', 'git status:*'],
    ['Bash', null],
  ],
  confirmationTitle: [[1], [2], [5], [11], [100]],
  decisionSent: [[true], [false]],
  contextCompacted: [[null], [48_000]],
  branchSummary: [[null], ['retry with tests']],
  replyPending: [['Claude']],
  newMessages: [[0], [1], [2], [3], [11], [100]],
  textFinished: [['Claude', 'Here is the plan']],
  replyEnded: [
    ['Claude', 'done'],
    ['Claude', 'error'],
    ['Claude', 'interrupted'],
    ['Claude', 'exceeded'],
  ],
  toolEnded: [
    ['search', 'running'],
    ['search', 'success'],
    ['search', 'error'],
    ['search', 'interrupted'],
    ['search', 'denied'],
  ],
  approvalNeeded: [['Bash']],
  relativeTime: [[at, new Date(at.getTime() + 5 * 60_000)]],
  absoluteTime: [[at], [at, 'UTC']],
};

function call(labels: Labels, key: FunctionKey, args: readonly unknown[]): unknown {
  return (labels[key] as (...values: unknown[]) => unknown)(...args);
}

/** `[path, value]` for every leaf, functions and strings alike. */
function leaves(value: unknown, path = ''): [string, unknown][] {
  if (value === null || typeof value !== 'object') return [[path, value]];
  return Object.entries(value).flatMap(([key, inner]) =>
    leaves(inner, path === '' ? key : `${path}.${key}`),
  );
}

describe.each(Object.entries(PACKS))('the %s label pack', (name, pack) => {
  it('exports its labels, the locale they are written for and its direction', () => {
    expect(Object.keys(pack).sort()).toEqual(['direction', 'labels', 'locale']);
    expect(pack.locale).toBe(name);
    expect(pack.direction).toBe(name === 'ar' || name === 'he' ? 'rtl' : 'ltr');
    expect(Intl.getCanonicalLocales(pack.locale)).toEqual([name]);
  });

  it('has every key of the English labels, at every depth, and no other', () => {
    const english = leaves(defaultLabels).map(([path, value]) => [path, typeof value]);
    const translated = leaves(pack.labels).map(([path, value]) => [path, typeof value]);
    expect(translated.sort()).toEqual(english.sort());
  });

  it('translates the strings', () => {
    const english = new Map(leaves(defaultLabels));
    const strings = leaves(pack.labels).filter(([, value]) => typeof value === 'string');
    const same = strings.filter(([path, value]) => english.get(path) === value);
    // Words some languages share with English ("Message", "Audio", "Versions"); never many.
    expect(same.length, same.map(([path]) => path).join(', ')).toBeLessThanOrEqual(12);
    for (const [path, value] of strings) expect(value, path).not.toBe('');
  });

  it('names each button on a queued message by its visible text, then the message', () => {
    const { labels } = pack;
    expect(labels.sendQueuedNow(2)).toBe(`${labels.sendNow}: ${labels.queuedMessage(2)}`);
    expect(labels.removeQueuedMessage(2)).toBe(
      `${labels.removeQueued}: ${labels.queuedMessage(2)}`,
    );
    expect(labels.restoreQueuedMessage(2)).toBe(
      `${labels.restoreQueued}: ${labels.queuedMessage(2)}`,
    );
    expect(labels.dismissQueuedMessage(2)).toBe(`${labels.dismiss}: ${labels.queuedMessage(2)}`);
    expect(labels.steerQueuedMessage(2)).toBe(`${labels.steer}: ${labels.queuedMessage(2)}`);
    expect(labels.queuedMessage(12)).toContain(new Intl.NumberFormat(name).format(12));
  });

  it('answers every label function with text, its placeholders filled', () => {
    for (const [key, calls] of Object.entries(CALLS) as [FunctionKey, unknown[][]][]) {
      for (const args of calls) {
        const text = call(pack.labels, key, args);
        expect(typeof text, key).toBe('string');
        expect(text, key).not.toMatch(/undefined|NaN|\[object|#|\$\{/);
        // Names and hosts passed in come out in the text.
        for (const arg of args) {
          if (typeof arg === 'string' && /[a-z]{3}/.test(arg) && key !== 'replyEnded') {
            if (['decidedByRule', 'toolEnded', 'decidedBy', 'queueChanged'].includes(key)) continue;
            expect(text, `${key}(${JSON.stringify(args)})`).toContain(arg);
          }
        }
      }
    }
  });
});

/** The phrase for `count` with its number taken out, so that two forms can be compared. */
function form(text: string, count: number, locale: string): string {
  return text.replace(new Intl.NumberFormat(locale).format(count), '#');
}

describe('plural forms', () => {
  const counted = [
    'newMessages',
    'jsonEntries',
    'pages',
    'showAll',
    'tooManyAttachments',
    'olderDecisions',
    'policyProblems',
    'confirmationTitle',
    'timesUsed',
  ] as const;

  it('uses all six Arabic forms: 0, 1, 2, 3, 11 and 100 each read differently', () => {
    expect(new Intl.PluralRules('ar').resolvedOptions().pluralCategories).toHaveLength(6);
    const n = (value: number) => new Intl.NumberFormat('ar').format(value);
    expect([0, 1, 2, 3, 11, 100].map((count) => ar.labels.newMessages(count))).toEqual([
      'لا رسائل جديدة',
      'رسالة جديدة واحدة',
      'رسالتان جديدتان',
      `${n(3)} رسائل جديدة`,
      `${n(11)} رسالةً جديدةً`,
      `${n(100)} رسالة جديدة`,
    ]);
    for (const key of counted) {
      const label = ar.labels[key] as (count: number) => string;
      // One and two are said by the noun itself, without a figure.
      for (const count of [1, 2]) expect(label(count), key).not.toContain(n(count));
      // Three to ten take a plural noun, eleven to ninety-nine an accusative singular, a hundred
      // a plain singular: three different phrases once the figure is taken out.
      const shapes = [1, 2, 3, 11, 100].map((count) => form(label(count), count, 'ar'));
      expect(new Set(shapes).size, `${key}: ${shapes.join(' | ')}`).toBe(5);
    }
  });

  it('uses the Hebrew dual for two', () => {
    for (const key of counted) {
      const label = he.labels[key] as (count: number) => string;
      const shapes = [1, 2, 5].map((count) => form(label(count), count, 'he'));
      expect(new Set(shapes).size, `${key}: ${shapes.join(' | ')}`).toBe(3);
    }
    expect(he.labels.timesUsed(2)).toBe('פעמיים');
  });

  it('reads 0 as singular and a million with "de" in French, by the plural rules', () => {
    expect(fr.labels.newMessages(0)).toBe('0 nouveau message');
    expect(fr.labels.newMessages(2)).toBe('2 nouveaux messages');
    expect(fr.labels.pages(1_000_000)).toBe(
      `${new Intl.NumberFormat('fr').format(1_000_000)} de pages`,
    );
    expect(de.labels.newMessages(0)).toBe('0 neue Nachrichten');
    expect(es.labels.jsonEntries(1)).toBe('1 elemento');
  });

  it('formats numbers for the locale', () => {
    for (const [name, pack] of Object.entries(PACKS)) {
      expect(pack.labels.showMore(12_345), name).toContain(
        new Intl.NumberFormat(name).format(12_345),
      );
    }
  });
});

// What tsc checks (test/ is type-checked): a pack is `satisfies Labels`, so a key the English
// labels lack, or one missing, fails to compile.
function typeChecks() {
  // @ts-expect-error: a key the English labels lack
  void ({ ...de.labels, composerHint: 'Enter zum Senden' } satisfies Labels);
  const { copy: _copy, ...withoutCopy } = de.labels;
  // @ts-expect-error: a label missing
  void (withoutCopy satisfies Labels);
  // @ts-expect-error: a nested key the English labels lack
  void ({ ...de.labels, roles: { ...de.labels.roles, agent: 'Agent' } } satisfies Labels);
}
void typeChecks;
