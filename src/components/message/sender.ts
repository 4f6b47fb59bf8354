import type { Labels } from '../labels.js';

/** What a message header shows for its sender. */
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
 * `assistant`), and "user · You" says the same thing twice.
 */
export function messageSender(labels: Labels, name: string, role: string): Sender {
  const label = roleLabel(labels, role);
  const own = typeof name === 'string' ? name.trim() : '';
  const same = (other: string) => own.toLowerCase() === other.trim().toLowerCase();
  if (own === '' || same(role) || same(label)) return { name: label, role: null };
  return { name: own, role: label };
}
