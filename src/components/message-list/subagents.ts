import type { Msg } from '../../core/model/message.js';
import { isRecord } from '../../core/model/parse/field-reader.js';
import { toolFactsOf } from '../message/pair-tool-results.js';

/** Messages of subagent runs, placed under the tool calls that started them. */
export interface SubagentPlacement {
  /** Ids of the messages shown under a call instead of as rows of their own. */
  readonly nested: ReadonlySet<string>;
  /** The messages each call started, by the call's id, oldest first. */
  readonly byCall: ReadonlyMap<string, readonly Msg[]>;
}

const NONE: SubagentPlacement = { nested: new Set(), byCall: new Map() };

interface SubagentTag {
  run: string;
  parentCall: string | null;
}

const tags = new WeakMap<Msg, SubagentTag | null>();

/** The AG-UI adapter's tag: `metadata.ag_ui.subagent_run_id` and `parent_tool_call_id`. */
function tagOf(message: Msg): SubagentTag | null {
  let tag = tags.get(message);
  if (tag !== undefined) return tag;
  const metadata: unknown = message.metadata;
  const agUi = isRecord(metadata) ? metadata['ag_ui'] : undefined;
  const run = isRecord(agUi) ? agUi['subagent_run_id'] : undefined;
  const parent = isRecord(agUi) ? agUi['parent_tool_call_id'] : undefined;
  tag =
    typeof run === 'string' && run !== ''
      ? { run, parentCall: typeof parent === 'string' && parent !== '' ? parent : null }
      : null;
  tags.set(message, tag);
  return tag;
}

/**
 * Places the messages of each subagent run under the tool call that started it (a run's parent
 * call is known from any of its messages). A message whose parent call is not in the list, or that
 * would end up under itself (a loop in broken data), stays a row of its own: nothing is lost.
 * `previous` is returned again while the placement is the same.
 */
export function placeSubagents(
  messages: readonly Msg[],
  previous: SubagentPlacement | null,
): SubagentPlacement {
  if (!messages.some((message) => tagOf(message) !== null)) return NONE;
  const owner = new Map<string, number>();
  const runParent = new Map<string, string>();
  // Rows are left out by id: a message whose id repeats stays a row, or its twin would go too.
  const seen = new Set<string>();
  const repeated = new Set<string>();
  messages.forEach((message, index) => {
    if (seen.has(message.id)) repeated.add(message.id);
    seen.add(message.id);
    for (const id of toolFactsOf(message).callIds) if (!owner.has(id)) owner.set(id, index);
    const tag = tagOf(message);
    if (tag?.parentCall != null && !runParent.has(tag.run)) runParent.set(tag.run, tag.parentCall);
  });
  const parentOf = (index: number): number | null => {
    const tag = tagOf(messages[index] as Msg);
    const call = tag === null ? undefined : runParent.get(tag.run);
    const at = call === undefined ? undefined : owner.get(call);
    return at === undefined || at === index ? null : at;
  };
  // 1: on the path being walked; 2: reaches a row; 3: does not (a loop).
  const reach = new Uint8Array(messages.length);
  const resolve = (index: number): boolean => {
    const path: number[] = [];
    let at: number | null = index;
    let outcome = true;
    while (at !== null && reach[at] === 0) {
      reach[at] = 1;
      path.push(at);
      at = parentOf(at);
    }
    if (at !== null) outcome = reach[at] === 2;
    for (const visited of path) reach[visited] = outcome ? 2 : 3;
    return outcome;
  };
  const nested = new Set<string>();
  const byCall = new Map<string, Msg[]>();
  messages.forEach((message, index) => {
    if (repeated.has(message.id) || parentOf(index) === null || !resolve(index)) return;
    const call = runParent.get((tagOf(message) as SubagentTag).run) as string;
    nested.add(message.id);
    const list = byCall.get(call);
    if (list === undefined) byCall.set(call, [message]);
    else list.push(message);
  });
  if (nested.size === 0) return NONE;
  // A call whose messages did not change keeps its list, so only its own row re-renders.
  const lists = new Map<string, readonly Msg[]>();
  let same = previous !== null && previous.byCall.size === byCall.size;
  for (const [call, list] of byCall) {
    const before = previous?.byCall.get(call);
    const kept = before !== undefined && sameItems(before, list) ? before : list;
    if (kept !== before) same = false;
    lists.set(call, kept);
  }
  return same && previous !== null ? previous : { nested, byCall: lists };
}

function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The subagent messages under a message's calls, and under their calls in turn, by call id;
 * `previous` again while the same. What one row passes to its `Message`.
 */
export function subagentsOf(
  message: Msg,
  placement: SubagentPlacement,
  previous: ReadonlyMap<string, readonly Msg[]> | undefined,
): ReadonlyMap<string, readonly Msg[]> | undefined {
  if (placement.byCall.size === 0) return undefined;
  const found = new Map<string, readonly Msg[]>();
  const queue: Msg[] = [message];
  for (let i = 0; i < queue.length; i++) {
    for (const call of toolFactsOf(queue[i] as Msg).callIds) {
      const list = placement.byCall.get(call);
      if (list === undefined || found.has(call)) continue;
      found.set(call, list);
      queue.push(...list);
    }
  }
  if (found.size === 0) return undefined;
  if (previous !== undefined && previous.size === found.size) {
    let same = true;
    for (const [call, list] of found) if (previous.get(call) !== list) same = false;
    if (same) return previous;
  }
  return found;
}
