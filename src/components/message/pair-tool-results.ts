import type { ToolResultBlock } from '../../core/model/block.js';
import type { Msg } from '../../core/model/message.js';

/* -------------------------------------------------------------------------------------------------
 * Per-message tool facts
 * -----------------------------------------------------------------------------------------------*/

interface MessageToolFacts {
  callIds: readonly string[];
  results: readonly ToolResultBlock[];
  /** Calls answered by a result in the same message: their card shows that one. */
  answeredInside: ReadonlySet<string>;
  /** Every block is a tool result, and there is at least one. */
  onlyResults: boolean;
  /** A call waits for the user's approval. */
  asking: boolean;
}

// Keyed on the message object: the reducer keeps the identity of every message a token did not
// touch, so a streaming frame re-reads only the message that changed.
const factsCache = new WeakMap<Msg, MessageToolFacts>();
const NO_CALLS: readonly string[] = [];
const NO_TOOL_RESULTS: readonly ToolResultBlock[] = [];
const NONE_ANSWERED: ReadonlySet<string> = new Set();

/** What a message holds of tool calls and results, computed once per message object. */
export function toolFactsOf(message: Msg): MessageToolFacts {
  let facts = factsCache.get(message);
  if (facts !== undefined) return facts;
  const callIds: string[] = [];
  const results: ToolResultBlock[] = [];
  let asking = false;
  for (const block of message.content) {
    if (block.type === 'tool_call') {
      callIds.push(block.id);
      if (block.state === 'asking') asking = true;
    } else if (block.type === 'tool_result') {
      results.push(block);
    }
  }
  let answeredInside: ReadonlySet<string> = NONE_ANSWERED;
  if (callIds.length > 0 && results.length > 0) {
    const calls = new Set(callIds);
    const inside = new Set<string>();
    for (const result of results) if (calls.has(result.id)) inside.add(result.id);
    answeredInside = inside;
  }
  // Most messages hold no tool blocks: they share the empty lists (a long history keeps these).
  facts = {
    callIds: callIds.length > 0 ? callIds : NO_CALLS,
    results: results.length > 0 ? results : NO_TOOL_RESULTS,
    answeredInside,
    onlyResults: results.length > 0 && results.length === message.content.length,
    asking,
  };
  factsCache.set(message, facts);
  return facts;
}

/* -------------------------------------------------------------------------------------------------
 * pairToolResults
 * -----------------------------------------------------------------------------------------------*/

/** Tool results paired with calls that live in other messages. */
export interface ToolPairing {
  /** For each message id, the results of its calls that live in other messages. */
  readonly resultsByMessage: ReadonlyMap<string, ReadonlyMap<string, ToolResultBlock>>;
  /** Ids of `tool` messages whose every result is shown in its call's card. */
  readonly covered: ReadonlySet<string>;
  /** The messages this pairing was made from. */
  readonly messages: readonly Msg[];
}

const NO_RESULTS: ReadonlyMap<string, ReadonlyMap<string, ToolResultBlock>> = new Map();

/**
 * Pairs each tool result with its call when the two sit in different messages (AgentFlow puts
 * results in `role: 'tool'` messages). A call answered inside its own message keeps that result,
 * as `<Message>` does; of several results for one call, the first is shown. A message's map keeps
 * its identity from `previous` while its entries are the same, so memoised messages skip renders.
 */
export function pairToolResults(
  messages: readonly Msg[],
  previous: ToolPairing | null = null,
): ToolPairing {
  if (previous !== null && onlyTextChanged(previous.messages, messages)) {
    return { ...previous, messages };
  }
  const owners = new Map<string, number>();
  messages.forEach((message, index) => {
    for (const id of toolFactsOf(message).callIds) if (!owners.has(id)) owners.set(id, index);
  });

  const shown = new Map<string, ToolResultBlock>();
  const found = new Map<number, Map<string, ToolResultBlock>>();
  if (owners.size > 0) {
    messages.forEach((message, index) => {
      for (const result of toolFactsOf(message).results) {
        const owner = owners.get(result.id);
        if (owner === undefined || owner === index || shown.has(result.id)) continue;
        const ownerMessage = messages[owner] as Msg;
        if (toolFactsOf(ownerMessage).answeredInside.has(result.id)) continue;
        shown.set(result.id, result);
        let map = found.get(owner);
        if (map === undefined) found.set(owner, (map = new Map()));
        map.set(result.id, result);
      }
    });
  }

  let resultsByMessage = NO_RESULTS;
  if (found.size > 0) {
    const byMessage = new Map<string, ReadonlyMap<string, ToolResultBlock>>();
    for (const [owner, map] of found) {
      const id = (messages[owner] as Msg).id;
      const before = previous?.resultsByMessage.get(id);
      byMessage.set(id, before !== undefined && sameEntries(before, map) ? before : map);
    }
    resultsByMessage = byMessage;
  }

  const covered = new Set<string>();
  if (shown.size > 0) {
    for (const message of messages) {
      if (message.role !== 'tool') continue;
      const facts = toolFactsOf(message);
      if (facts.onlyResults && facts.results.every((result) => shown.get(result.id) === result)) {
        covered.add(message.id);
      }
    }
  }
  return { resultsByMessage, covered, messages };
}

/** True when the only messages that changed hold no tool blocks, before or after (a text token). */
function onlyTextChanged(before: readonly Msg[], after: readonly Msg[]): boolean {
  if (before.length !== after.length) return false;
  for (let i = 0; i < after.length; i++) {
    const message = after[i] as Msg;
    const old = before[i] as Msg;
    if (message === old) continue;
    if (message.id !== old.id || hasToolBlocks(message) || hasToolBlocks(old)) return false;
  }
  return true;
}

function hasToolBlocks(message: Msg): boolean {
  const facts = toolFactsOf(message);
  return facts.callIds.length > 0 || facts.results.length > 0;
}

function sameEntries<K, V>(a: ReadonlyMap<K, V>, b: ReadonlyMap<K, V>): boolean {
  if (a.size !== b.size) return false;
  for (const [key, value] of b) if (a.get(key) !== value) return false;
  return true;
}
