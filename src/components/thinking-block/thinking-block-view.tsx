'use client';

import * as React from 'react';
import type { ThinkingBlock } from '../../core/model/block.js';
import { useLabels } from '../../react/agent-messages-provider.js';
import type { BlockProps } from '../message/block-props.js';
import { PlainText } from './plain-text.js';
import {
  isRedactedThinking,
  thinkingDetails,
  thinkingSeconds,
  thinkingText,
} from './thinking-state.js';
import { useThinkingOpen } from './use-thinking-open.js';

/* -------------------------------------------------------------------------------------------------
 * ThinkingBlockView
 * -----------------------------------------------------------------------------------------------*/

const THINKING_BLOCK_VIEW_NAME = 'ThinkingBlockView';

interface ThinkingBlockViewProps
  extends
    Omit<React.ComponentPropsWithoutRef<'div'>, 'children' | 'role'>,
    Partial<Omit<BlockProps<ThinkingBlock>, 'block'>> {
  /** The model's reasoning; `finished_at` and `created_at` give the "Thought for …" duration. */
  block: ThinkingBlock;
  /** Whether the reasoning is shown (controlled). */
  open?: boolean;
  /**
   * Whether the reasoning is shown at first (uncontrolled). When set, it replaces the automatic
   * behaviour (open while streaming, closed once finished).
   */
  defaultOpen?: boolean;
  /** Called when the user toggles the block, and when it opens or closes by itself. */
  onOpenChange?(open: boolean): void;
}

/**
 * The model's reasoning as a disclosure: open and live while it streams, collapsed once it is
 * done unless the user toggled it meanwhile. The text is plain text with its line breaks kept,
 * never markdown or markup.
 * @selector [data-slot="thinking-block"] [data-state] `open | closed`
 * @selector [data-streaming] present while the model is still thinking
 * @selector [data-redacted] present when the provider withheld the reasoning
 * @selector [data-empty] present when a finished block has nothing to show
 */
const ThinkingBlockView = React.memo(
  React.forwardRef<HTMLDivElement, ThinkingBlockViewProps>(function ThinkingBlockView(props, ref) {
    const {
      block,
      streaming: streamingProp,
      messageId: _messageId,
      messageRole: _messageRole,
      open: openProp,
      defaultOpen,
      onOpenChange,
      ...rootProps
    } = props;
    const labels = useLabels();
    const streaming = streamingProp ?? block.finished_at === null;
    const [open, toggle] = useThinkingOpen({
      streaming,
      open: openProp,
      defaultOpen,
      onOpenChange,
    });
    const contentId = React.useId();

    const text = thinkingText(block);
    const details = React.useMemo(() => thinkingDetails(block), [block]);
    const redacted = isRedactedThinking(block);
    const seconds = streaming ? null : thinkingSeconds(block);
    const hasContent = text !== '' || details.length > 0;
    const collapsible = streaming || hasContent;
    const expanded = collapsible && open;

    const label = streaming
      ? labels.thinking
      : redacted
        ? labels.redactedThinking
        : seconds !== null
          ? labels.thoughtFor(seconds)
          : labels.reasoning;

    return (
      <div
        data-slot="thinking-block"
        data-block-type="thinking"
        data-state={expanded ? 'open' : 'closed'}
        data-streaming={streaming ? '' : undefined}
        data-redacted={redacted ? '' : undefined}
        data-empty={collapsible || redacted ? undefined : ''}
        {...rootProps}
        ref={ref}
      >
        {collapsible ? (
          <button
            type="button"
            data-slot="thinking-block-trigger"
            aria-expanded={expanded}
            aria-controls={contentId}
            onClick={toggle}
          >
            <span data-slot="thinking-block-label">{label}</span>
          </button>
        ) : (
          <div data-slot="thinking-block-header">
            <span data-slot="thinking-block-label">{label}</span>
          </div>
        )}
        {collapsible ? (
          // Not a live region: the reasoning is read on demand, never announced token by token.
          <div
            id={contentId}
            data-slot="thinking-block-content"
            hidden={!expanded}
            aria-busy={streaming || undefined}
          >
            {expanded ? (
              <>
                {text !== '' ? <PlainText data-slot="thinking-block-text" text={text} /> : null}
                {details.length > 0 ? (
                  <ul data-slot="thinking-block-details">
                    {details.map((detail, index) => (
                      <li key={index} dir="auto">
                        {detail}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </>
            ) : null}
          </div>
        ) : null}
      </div>
    );
  }),
);
ThinkingBlockView.displayName = THINKING_BLOCK_VIEW_NAME;

export { ThinkingBlockView };
export type { ThinkingBlockViewProps };
