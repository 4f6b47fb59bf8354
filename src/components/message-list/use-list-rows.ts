'use client';

import * as React from 'react';
import type { Msg } from '../../core/model/message.js';
import type { TurnGrouping } from './group-turns.js';
import { arrangeTurns } from './group-turns.js';
import { hiddenMessageIds, unionOf } from './hidden-messages.js';
import type { ToolPairing } from '../message/pair-tool-results.js';
import { pairToolResults } from '../message/pair-tool-results.js';
import type { SubagentPlacement } from './subagents.js';
import { placeSubagents, subagentsOf } from './subagents.js';
import type { VisibleMessages } from './visible-messages.js';
import { selectVisibleMessages } from './visible-messages.js';

interface ListRowsOptions {
  showToolMessages: boolean;
  showHiddenMessages: boolean;
  groupTurns: boolean;
}

/** What the list shows, derived from its messages. */
export interface ListRows {
  pairing: ToolPairing;
  visible: VisibleMessages;
  /** Each row's place in its turn; `null` when turns are not grouped. */
  turns: TurnGrouping | null;
  /** The subagent messages under a row's calls, the same map while they are the same. */
  subagentsOf(message: Msg): ReadonlyMap<string, readonly Msg[]> | undefined;
}

/**
 * A function from messages to rows that remembers its previous result: each step starts from it,
 * so what did not change keeps its identity. Every step checks what it reuses, so a render that
 * React throws away leaves nothing wrong behind.
 */
function createRowDeriver(): (messages: readonly Msg[], options: ListRowsOptions) => ListRows {
  let pairing: ToolPairing | null = null;
  let hidden: ReadonlySet<string> | null = null;
  let placement: SubagentPlacement | null = null;
  let visible: VisibleMessages | null = null;
  let turns: TurnGrouping | null = null;
  // Per row, by message id: the map it had, handed back while its entries are the same.
  const rowSubagents = new Map<string, ReadonlyMap<string, readonly Msg[]>>();
  return (messages, { showToolMessages, showHiddenMessages, groupTurns }) => {
    pairing = pairToolResults(messages, pairing);
    hidden = showHiddenMessages ? null : hiddenMessageIds(messages, hidden);
    const current = (placement = placeSubagents(messages, placement));
    const excluded = unionOf([showToolMessages ? null : pairing.covered, hidden, current.nested]);
    visible = selectVisibleMessages(messages, excluded, visible);
    turns = groupTurns ? arrangeTurns(visible.messages, turns) : null;
    return {
      pairing,
      visible,
      turns,
      subagentsOf(message) {
        const map = subagentsOf(message, current, rowSubagents.get(message.id));
        if (map === undefined) rowSubagents.delete(message.id);
        else rowSubagents.set(message.id, map);
        return map;
      },
    };
  };
}

/**
 * The rows of the list: tool messages shown in their calls' cards, hidden instructions and
 * subagent messages (shown under their calls) left out, and the rest grouped into turns.
 */
export function useListRows(messages: readonly Msg[], options: ListRowsOptions): ListRows {
  const { showToolMessages, showHiddenMessages, groupTurns } = options;
  const [derive] = React.useState(createRowDeriver);
  return React.useMemo(
    () => derive(messages, { showToolMessages, showHiddenMessages, groupTurns }),
    [derive, messages, showToolMessages, showHiddenMessages, groupTurns],
  );
}
