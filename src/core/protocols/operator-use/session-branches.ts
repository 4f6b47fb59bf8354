/*
 * The session tree's branches: for each message on the shown branch, the messages that branch
 * off at the same point (its alternatives), each with the leaf that shows it. Entries that add
 * no message (labels, model changes, leaf moves) sit in the tree too; they are walked through.
 */
import type { Msg } from '../../model/message.js';
import { isRecord, readString } from '../common/read.js';
import { MESSAGE_TYPES, type Entry } from './session-tree.js';

/** One alternative of a message: the entry that starts it and the leaf to show it with. */
export interface OperatorUseAlternative {
  /** The entry whose message is this alternative. */
  entryId: string;
  /** The leaf to pass to `fromOperatorUseSession(jsonl, { leaf })` to show this alternative. */
  leafId: string;
}

/** Where a message stands among its alternatives (`BranchPicker` shows `index + 1` of `count`). */
export interface OperatorUseBranchPosition {
  index: number;
  count: number;
}

/** What a branch picker needs from a session result; see {@link operatorUseBranches}. */
export interface OperatorUseBranches {
  /** The message's position among its alternatives; `undefined` when it has none. */
  branchOf(message: Msg): OperatorUseBranchPosition | undefined;
  /** The leaf that shows the message's alternative `index`; `undefined` when there is none. */
  leafFor(message: Msg, index: number): string | undefined;
}

/** Parent → children in file order; an entry whose parent is missing counts as a root. */
function childrenOf(entries: readonly Entry[], byId: ReadonlyMap<string, Entry>) {
  const children = new Map<string | null, Entry[]>();
  for (const entry of entries) {
    // Of two entries with one id the later wins, as in `byId`.
    if (byId.get(entry.id) !== entry) continue;
    const { parentId } = entry;
    const parent =
      parentId !== null && parentId !== entry.id && byId.has(parentId) ? parentId : null;
    if (!children.get(parent)?.push(entry)) children.set(parent, [entry]);
  }
  return children;
}

/**
 * Visits the entries below `parent` depth first, in file order, each id once (a file may repeat
 * one); `visit` says whether to go on below the entry.
 */
function walkBelow(
  children: ReadonlyMap<string | null, readonly Entry[]>,
  parent: string | null,
  visit: (entry: Entry) => boolean,
): void {
  const seen = new Set<string>();
  const stack = (children.get(parent) ?? []).toReversed();
  for (let entry = stack.pop(); entry !== undefined; entry = stack.pop()) {
    if (seen.has(entry.id)) continue;
    seen.add(entry.id);
    if (visit(entry))
      for (const child of (children.get(entry.id) ?? []).toReversed()) stack.push(child);
  }
}

/** For every entry reachable from a root, its latest descendant (itself included), in O(n). */
function latestLeaves(children: ReadonlyMap<string | null, readonly Entry[]>) {
  const order: Entry[] = [];
  walkBelow(children, null, (entry) => order.push(entry) > 0);
  const latest = new Map<string, Entry>();
  // Children come after their parent in `order`: walking it backwards settles them first.
  for (const entry of order.toReversed()) {
    let best = entry;
    for (const child of children.get(entry.id) ?? []) {
      const candidate = latest.get(child.id);
      if (candidate !== undefined && candidate.line > best.line) best = candidate;
    }
    latest.set(entry.id, best);
  }
  return latest;
}

/** The first message entries below `parent`, walking through entries that add no message. */
function messageChildren(
  children: ReadonlyMap<string | null, readonly Entry[]>,
  parent: string | null,
): Entry[] {
  const found: Entry[] = [];
  walkBelow(children, parent, (entry) => {
    const message = MESSAGE_TYPES.has(entry.type);
    if (message) found.push(entry);
    return !message;
  });
  return found.sort((a, b) => a.line - b.line);
}

/**
 * The alternatives of every message entry on `branch`, keyed by entry id, in file order (the
 * entry itself included). The entry on the branch keeps the shown leaf, so coming back to it
 * returns to where the user was; another alternative gets its latest leaf.
 */
export function branchAlternatives(
  entries: readonly Entry[],
  byId: ReadonlyMap<string, Entry>,
  branch: readonly Entry[],
  leafId: string | null,
): Map<string, OperatorUseAlternative[]> {
  const children = childrenOf(entries, byId);
  const latest = latestLeaves(children);
  const alternatives = new Map<string, OperatorUseAlternative[]>();
  let parent: string | null = null;
  for (const entry of branch.filter((on) => MESSAGE_TYPES.has(on.type))) {
    const siblings = messageChildren(children, parent);
    if (!siblings.includes(entry)) siblings.push(entry);
    const leafOf = (sibling: Entry): string =>
      sibling === entry && leafId !== null ? leafId : (latest.get(sibling.id) ?? sibling).id;
    const list = siblings.map((sibling) => ({ entryId: sibling.id, leafId: leafOf(sibling) }));
    alternatives.set(entry.id, list);
    parent = entry.id;
  }
  return alternatives;
}

/** The session entry a converted message came from (`metadata.entry_id`). */
function entryIdOf(message: Msg): string | undefined {
  const metadata: unknown = (message as { metadata?: unknown }).metadata;
  return (isRecord(metadata) ? readString(metadata['entry_id']) : null) ?? undefined;
}

/**
 * A branch picker over an Operator-Use session tree: `branchOf` and `leafFor` for the messages
 * of one `fromOperatorUseSession` result. Pass `branchOf` to `MessageList`, and on a change read
 * the session again with the new leaf. Never throws.
 * @example
 * const branches = operatorUseBranches(result);
 * <MessageList branchOf={branches.branchOf}
 *   onBranchChange={(message, index) => setLeaf(branches.leafFor(message, index))} />
 */
export function operatorUseBranches(result: {
  alternatives: ReadonlyMap<string, readonly OperatorUseAlternative[]>;
}): OperatorUseBranches {
  // Keyed by entry id; a message with no entry id finds nothing.
  const alternatives: ReadonlyMap<string | undefined, readonly OperatorUseAlternative[]> =
    result?.alternatives instanceof Map ? result.alternatives : new Map();
  return {
    branchOf(message) {
      const entryId = entryIdOf(message);
      const list = alternatives.get(entryId);
      if (list === undefined || list.length < 2) return undefined;
      const index = list.findIndex((item) => item.entryId === entryId);
      return index < 0 ? undefined : { index, count: list.length };
    },
    leafFor: (message, index) => alternatives.get(entryIdOf(message))?.[index]?.leafId,
  };
}
