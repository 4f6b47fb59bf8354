'use client';

import * as React from 'react';
import { getReplyStatus } from '../../core/fold/reply-status.js';
import type { ToolResultBlock } from '../../core/model/block.js';
import type { Msg } from '../../core/model/message.js';
import { useLabels } from '../provider/agent-messages-provider.js';
import { DisclosureTrigger } from '../primitives/disclosure-trigger.js';
import { pairToolResults } from './pair-tool-results.js';
import { messageSender } from './sender.js';

interface SubagentGroupProps {
  /** The subagent's messages, oldest first. */
  messages: readonly Msg[];
  /** Renders one of them (a `Message`, passed in so this file does not import it back). */
  renderMessage(
    message: Msg,
    toolResults: ReadonlyMap<string, ToolResultBlock> | undefined,
  ): React.ReactNode;
}

/**
 * The messages a subagent wrote while running the tool call above, behind a disclosure that opens
 * by itself when one of them asks for approval. Its tool messages show inside their calls' cards,
 * as in the list. Mounted only while open: a long run costs nothing while closed.
 * @selector [data-slot="subagent-group"] [data-status] its last message's, [data-open] while it shows
 * @selector [data-slot="subagent-group-trigger"], [data-slot="subagent-group-content"]
 */
export function SubagentGroup({ messages, renderMessage }: SubagentGroupProps) {
  const labels = useLabels();
  const contentId = React.useId();
  const asking = messages.some((message) => getReplyStatus(message) === 'awaiting-confirmation');
  const [open, setOpen] = React.useState(asking);
  // Opens when a message starts asking (set while rendering, so the prompt shows at once).
  const [wasAsking, setWasAsking] = React.useState(asking);
  if (asking !== wasAsking) {
    setWasAsking(asking);
    if (asking) setOpen(true);
  }
  const pairing = React.useMemo(() => pairToolResults(messages), [messages]);
  const first = messages[0];
  if (first === undefined) return null;
  const last = messages[messages.length - 1] as Msg;
  const sender = messageSender(labels, first.name, first.role);
  const shown = messages.filter((message) => !pairing.covered.has(message.id));
  return (
    <div
      data-slot="subagent-group"
      data-status={getReplyStatus(last)}
      data-open={open ? '' : undefined}
    >
      <DisclosureTrigger
        data-slot="subagent-group-trigger"
        expanded={open}
        controls={contentId}
        onToggle={() => setOpen(!open)}
      >
        {labels.subagentRun(sender.role === null ? null : sender.name, shown.length)}
      </DisclosureTrigger>
      <div id={contentId} data-slot="subagent-group-content" hidden={!open}>
        {open
          ? shown.map((message, index) => (
              <React.Fragment key={`${index}:${message.id}`}>
                {renderMessage(message, pairing.resultsByMessage.get(message.id))}
              </React.Fragment>
            ))
          : null}
      </div>
    </div>
  );
}
