import { revealInvisible } from '../../core/safety/invisible.js';
import type { Labels } from '../labels.js';
import { clipText } from '../primitives/truncate.js';

/** What a message header shows for its sender, hidden and bidi characters shown as markers. */
export interface Sender {
  /** The name to show: the message's own, or the role's label when it has none. */
  name: string;
  /** The role's label to show next to the name; `null` when the name already says it. */
  role: string | null;
}

/** The localised label of a role (`You` for `user`), or the role itself for one with no label. */
export function roleLabel(labels: Labels, role: string): string {
  // An own property only: a role named like an `Object.prototype` member is just a string.
  return Object.prototype.hasOwnProperty.call(labels.roles, role)
    ? labels.roles[role as keyof Labels['roles']]
    : role;
}

/**
 * The sender of a message, named once: frameworks often set `name` to the role (`user`,
 * `assistant`), and "user · You" says the same thing twice. The model or the protocol chooses
 * both, so each is cut at 200 characters and shows its invisible and bidi characters as markers
 * (`admin[U+202E]resu`, not "adminuser"), as tool names do.
 */
export function messageSender(labels: Labels, name: string, role: string): Sender {
  const label = shownLabel(roleLabel(labels, role));
  const own = typeof name === 'string' ? name.trim() : '';
  const same = (other: string) => own.toLowerCase() === other.trim().toLowerCase();
  if (own === '' || same(role) || same(label)) return { name: label, role: null };
  return { name: shownLabel(own), role: label };
}

/** A model-chosen label as shown: cut to a name's length, hidden characters as markers. */
export function shownLabel(text: string): string {
  return revealInvisible(clipText(text));
}
