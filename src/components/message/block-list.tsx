'use client';

import * as React from 'react';
import type { ContentBlock, ToolResultBlock, UnknownBlock } from '../../core/model/block.js';
import type { JsonValue } from '../../core/model/json.js';
import type { Msg, Role } from '../../core/model/message.js';
import type { Labels } from '../labels.js';
import { useAgentMessagesConfig } from '../provider/agent-messages-provider.js';
import { DataBlockView } from '../media/data-block-view.js';
import { ErrorBlockView } from '../blocks/error/error-block-view.js';
import { HintBlockView } from '../blocks/hint/hint-block-view.js';
import { TextBlockView } from '../blocks/text/text-block-view.js';
import { ThinkingBlockView } from '../blocks/thinking/thinking-block-view.js';
import { ToolCallCard } from '../blocks/tool-call-card/tool-call-card.js';
import { ToolResultView } from '../blocks/tool-call-card/tool-result-view.js';
import { UnknownBlockView } from '../blocks/unknown/unknown-block-view.js';
import { ActivityBlock } from '../blocks/activity/activity-block.js';
import { blockActivity } from '../blocks/activity/data-part-activity.js';
import { BlockContextProvider } from '../provider/block-context.js';
import { BlockBoundary } from './block-boundary.js';
import type { BlockComponents, BlockProps } from '../provider/block-props.js';

/** The component for each block type when the provider's `components` does not override it. */
export const defaultBlockComponents: BlockComponents = {
  text: TextBlockView,
  thinking: ThinkingBlockView,
  data: DataBlockView,
  hint: HintBlockView,
  tool_call: ToolCallCard,
  tool_result: ToolResultView,
  error: ErrorBlockView,
  unknown: UnknownBlockView,
};

interface BlockListProps {
  message: Msg;
  /** True while the reply is open: its unfinished blocks are streaming. */
  open: boolean;
  /** Results of this message's calls that live in other messages. */
  toolResults?: ReadonlyMap<string, ToolResultBlock> | undefined;
  /** Hides the blocks (while an editor takes their place) without unmounting them. */
  hidden?: boolean | undefined;
  /** What to show right under a tool call's card (the subagent it started), if anything. */
  afterCall?: ((callId: string) => React.ReactNode) | undefined;
}

/**
 * The blocks of a message in order, each through the registry and behind its own error boundary.
 * A tool result whose call is in the same message is shown inside that call's card instead.
 */
function BlockList(props: BlockListProps) {
  const { message, open, toolResults, hidden, afterCall } = props;
  const config = useAgentMessagesConfig();
  const registry = React.useMemo(
    () => ({ ...defaultBlockComponents, ...config.components }),
    [config.components],
  );
  const { calls, results } = React.useMemo(
    () => pairToolBlocks(message.content),
    [message.content],
  );
  return (
    <div data-slot="message-content" hidden={hidden === true ? true : undefined}>
      {message.content.map((block, index) => {
        if (block.type === 'tool_result' && calls.has(block.id)) return null;
        const streaming = open && block.finished_at == null;
        return (
          <BlockSlot
            key={`${index}:${block.type}:${block.id}`}
            block={block}
            streaming={streaming}
            messageId={message.id}
            role={message.role}
            registry={registry}
            labels={config.labels}
            result={
              block.type === 'tool_call'
                ? (results.get(block.id) ?? toolResults?.get(block.id))
                : undefined
            }
            afterCall={block.type === 'tool_call' ? afterCall : undefined}
          />
        );
      })}
    </div>
  );
}

interface BlockSlotProps extends BlockRendererProps {
  messageId: string;
  role: Role;
  labels: Labels;
  afterCall: BlockListProps['afterCall'];
}

// Memoised on the block object: the reducer keeps the identity of every block it did not touch,
// so a token streamed into one block renders that block's slot only, not every block's context
// and boundary (an agent's reply often holds dozens of tool calls before the text that streams).
const BlockSlot = React.memo(function BlockSlot(props: BlockSlotProps) {
  const { messageId, role, labels, afterCall, ...blockProps } = props;
  const { block, streaming } = blockProps;
  return (
    <BlockContextProvider messageId={messageId} role={role} streaming={streaming}>
      <BlockBoundary block={block} labels={labels}>
        <Block {...blockProps} />
      </BlockBoundary>
      {block.type === 'tool_call' && afterCall ? afterCall(block.id) : null}
    </BlockContextProvider>
  );
});

interface BlockRendererProps extends BlockProps {
  streaming: boolean;
  registry: BlockComponents;
  result: ToolResultBlock | undefined;
}

/** The block through the registry, inside its boundary: a hostile block throws in here. */
function Block({ registry, result, block, streaming }: BlockRendererProps) {
  const { dataRenderers } = useAgentMessagesConfig();
  // An activity (AG-UI, or an A2UI data part) goes through `activityRenderers`, not `unknown`.
  const activity = block.type === 'unknown' ? blockActivity(block, dataRenderers) : undefined;
  if (activity !== undefined && block.type === 'unknown')
    return <ActivityBlock block={block} activity={activity} streaming={streaming} />;
  if (block.type === 'tool_call') {
    return <registry.tool_call block={block} streaming={streaming} result={result} />;
  }
  if (Object.hasOwn(defaultBlockComponents, block.type)) {
    // The registry holds each type's component under its name: this one takes this block.
    const View = registry[block.type] as React.ComponentType<BlockProps>;
    return <View block={block} streaming={streaming} />;
  }
  // A block the types rule out can still arrive from unvalidated JSON: keep it visible.
  const raw = block as unknown as { type?: unknown; id?: unknown };
  const unknown: UnknownBlock = {
    type: 'unknown',
    id: String(raw.id ?? ''),
    original_type: typeof raw.type === 'string' ? raw.type : null,
    raw: raw as JsonValue,
  };
  return <registry.unknown block={unknown} streaming={streaming} />;
}

function pairToolBlocks(content: readonly ContentBlock[]) {
  const calls = new Set<string>();
  const results = new Map<string, ToolResultBlock>();
  for (const block of content) {
    if (block.type === 'tool_call') calls.add(block.id);
    else if (block.type === 'tool_result' && !results.has(block.id)) results.set(block.id, block);
  }
  return { calls, results };
}

export { BlockList };
