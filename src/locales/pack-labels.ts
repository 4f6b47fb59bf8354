import type { Labels } from '../components/labels.js';
import type { LocaleFormats, PluralForms } from '../components/locale-formats.js';
import { createLocaleFormats } from '../components/locale-formats.js';

/*
 * What every label pack would otherwise write the same way, so that a pack holds only its words:
 * its locale's formats, the labels `Intl` writes whole, counts given as their plural forms, and the
 * labels made of other labels (a queued message's buttons are named by their visible text and the
 * message's name, in every language alike).
 */

/** The labels a pack does not write: `Intl`'s, and those put together from its other labels. */
type DerivedLabel =
  | 'elapsed'
  | 'cost'
  | 'relativeTime'
  | 'absoluteTime'
  | 'sendQueuedNow'
  | 'removeQueuedMessage'
  | 'steerQueuedMessage'
  | 'restoreQueuedMessage'
  | 'dismissQueuedMessage'
  | 'queueChanged';

/** Labels of one count: a pack may give them as plural forms (`'# página'`) instead of code. */
type CountLabel =
  | 'queuedFiles'
  | 'jsonEntries'
  | 'pages'
  | 'cacheTokens'
  | 'newMessages'
  | 'olderDecisions'
  | 'policyProblems'
  | 'timesUsed'
  | 'showMore'
  | 'tooManyAttachments'
  | 'showAll'
  | 'confirmationTitle';

/**
 * What a label pack writes: every label but the derived ones, a count either as its plural forms
 * (`#` is the number) or, where it needs more than a form per category, as a function.
 */
export type PackWords = Omit<Labels, DerivedLabel | CountLabel> & {
  [Key in CountLabel]: Labels[Key] | PluralForms;
};

/** The keys `Shape` has at its top level, over the objects among its members (a count is code or plural forms). */
type KeysOf<Shape> = Shape extends (...args: never[]) => unknown
  ? never
  : Shape extends object
    ? keyof Shape
    : never;

/** What `Shape`'s object members hold at `Key`. */
type At<Shape, Key> = Shape extends (...args: never[]) => unknown
  ? never
  : Shape extends object
    ? Key extends keyof Shape
      ? Shape[Key]
      : never
    : never;

/**
 * `Words` with each key `Shape` lacks, at any depth, typed `never`. A pack spreads its JSON
 * catalogue into its words, and tsc checks no spread for excess keys: this makes a stray or
 * misspelt key in the catalogue a compile error, as it is in an object literal.
 */
export type Exactly<Shape, Words> = Words extends string | ((...args: never[]) => unknown)
  ? Words
  : {
      [Key in keyof Words]: Key extends KeysOf<Shape> ? Exactly<At<Shape, Key>, Words[Key]> : never;
    };

/**
 * A pack's full labels from its locale and its words, which `write` gives from the locale's
 * formats (`Intl`'s numbers, plural forms, durations and dates for `locale`). Each button on a
 * queued message is named by its visible text, then the message ("Quitar: Mensaje en cola 2"), so
 * that what a voice-control user sees is what they can say; a change of the message is announced
 * as its name and its new state.
 */
export function createPackLabels<Words extends PackWords>(
  locale: string,
  write: (formats: LocaleFormats) => Words & Exactly<PackWords, Words>,
): Labels {
  const formats = createLocaleFormats(locale);
  const words = write(formats);
  const { queuedMessage: name, queuedMessageState: states } = words;
  const count = (forms: ((n: number) => string) | PluralForms) =>
    typeof forms === 'function' ? forms : (n: number) => formats.plural(n, forms);
  return {
    ...words,
    queuedFiles: count(words.queuedFiles),
    jsonEntries: count(words.jsonEntries),
    pages: count(words.pages),
    cacheTokens: count(words.cacheTokens),
    newMessages: count(words.newMessages),
    olderDecisions: count(words.olderDecisions),
    policyProblems: count(words.policyProblems),
    timesUsed: count(words.timesUsed),
    showMore: count(words.showMore),
    tooManyAttachments: count(words.tooManyAttachments),
    showAll: count(words.showAll),
    confirmationTitle: count(words.confirmationTitle),
    elapsed: formats.elapsed,
    cost: formats.cost,
    relativeTime: formats.relativeTime,
    absoluteTime: formats.absoluteTime,
    sendQueuedNow: (position) => `${words.sendNow}: ${name(position)}`,
    removeQueuedMessage: (position) => `${words.removeQueued}: ${name(position)}`,
    steerQueuedMessage: (position) => `${words.steer}: ${name(position)}`,
    restoreQueuedMessage: (position) => `${words.restoreQueued}: ${name(position)}`,
    dismissQueuedMessage: (position) => `${words.dismiss}: ${name(position)}`,
    queueChanged: (state, position) => `${name(position)}: ${states[state]}`,
  };
}
