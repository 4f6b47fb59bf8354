import type { Labels } from '../components/labels.js';
import { createLocaleFormats, type LocaleFormats } from '../components/locale-formats.js';

/*
 * What every label pack builds the same way, so that a pack holds only its words: the labels
 * `Intl` writes whole, and the names of a queued message's row, which all read "<button>: <name>".
 */

/** The labels whose whole text `Intl` writes for the locale: the same code in every pack. */
export type IntlLabels = Pick<Labels, 'elapsed' | 'cost' | 'relativeTime' | 'absoluteTime'>;

/** `createLocaleFormats`, plus `intl`: the labels it writes whole, to spread into a pack. */
export function createPackFormats(locale: string): LocaleFormats & { intl: IntlLabels } {
  const formats = createLocaleFormats(locale);
  const { elapsed, cost, relativeTime, absoluteTime } = formats;
  return { ...formats, intl: { elapsed, cost, relativeTime, absoluteTime } };
}

/** A pack's words for a queued message's row. */
export interface QueueRowWords {
  /** A queued message, which its position follows: "Mensaje en cola" (→ "Mensaje en cola 2"). */
  message: string;
  /** The visible text of each button on the row. */
  sendNow: string;
  remove: string;
  restore: string;
  /** The pack's `dismiss`. */
  dismiss: string;
  /** Each state in words, as the row shows it ("En cola"). */
  states: Record<QueuedMessageState, string>;
  /** Each state as announced after the message's name ("Mensaje en cola 2: cancelado"). */
  changes: Record<QueuedMessageState, string>;
}

type QueuedMessageState = 'queued' | 'sent' | 'cancelled';

type QueueRowLabels = Pick<
  Labels,
  | 'queuedMessage'
  | 'sendNow'
  | 'sendQueuedNow'
  | 'removeQueued'
  | 'removeQueuedMessage'
  | 'restoreQueued'
  | 'restoreQueuedMessage'
  | 'dismissQueuedMessage'
  | 'queuedMessageState'
  | 'queueChanged'
>;

/**
 * The row's labels from its words: the message's name with its position, each button's
 * accessible name as its visible text followed by the message's ("Quitar: Mensaje en cola 2"),
 * so that what a voice-control user reads is what they can say, and the announcement of a change
 * as the message's name and its new state.
 */
export function queueRowLabels(
  number: (value: number) => string,
  words: QueueRowWords,
): QueueRowLabels {
  const name = (position: number) => `${words.message} ${number(position)}`;
  return {
    queuedMessage: name,
    sendNow: words.sendNow,
    sendQueuedNow: (position) => `${words.sendNow}: ${name(position)}`,
    removeQueued: words.remove,
    removeQueuedMessage: (position) => `${words.remove}: ${name(position)}`,
    restoreQueued: words.restore,
    restoreQueuedMessage: (position) => `${words.restore}: ${name(position)}`,
    dismissQueuedMessage: (position) => `${words.dismiss}: ${name(position)}`,
    queuedMessageState: words.states,
    queueChanged: (state, position) => `${name(position)}: ${words.changes[state]}`,
  };
}
