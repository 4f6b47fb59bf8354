import type { Labels } from '../components/labels.js';
import type { LocaleFormats, PluralForms } from '../components/locale-formats.js';

/*
 * What every label pack would otherwise write the same way, so that a pack holds only its words:
 * the labels `Intl` writes whole, counts given as their plural forms, and the labels made of other
 * labels (a queued message's buttons are named by their visible text and the message's name, in
 * every language alike).
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

/**
 * A pack's full labels from its words. Each button on a queued message is named by its visible
 * text, then the message ("Quitar: Mensaje en cola 2"), so that what a voice-control user sees is
 * what they can say; a change of the message is announced as its name and its new state.
 */
export function createPackLabels(formats: LocaleFormats, words: PackWords): Labels {
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
