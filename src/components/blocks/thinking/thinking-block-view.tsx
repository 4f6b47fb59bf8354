'use client';

import * as React from 'react';
import type { ThinkingBlock } from '../../../core/model/block.js';
import { useLabels } from '../../provider/agent-messages-provider.js';
import { DisclosureTrigger } from '../../primitives/disclosure-trigger.js';
import type { BlockViewProps } from '../../provider/block-props.js';
import { PlainText } from '../../primitives/plain-text.js';
import {
  isRedactedThinking,
  thinkingDetails,
  thinkingSeconds,
  thinkingText,
} from './thinking-state.js';
import { useControllableState } from '../../primitives/use-controllable-state.js';

/* -------------------------------------------------------------------------------------------------
 * ThinkingBlockView
 * -----------------------------------------------------------------------------------------------*/

const THINKING_BLOCK_VIEW_NAME = 'ThinkingBlockView';

/** Props of `ThinkingBlockView`. */
interface ThinkingBlockViewProps extends BlockViewProps<ThinkingBlock, 'role'> {
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
 * @selector [data-slot="thinking-block"] [data-open] present while the thoughts are shown
 * @selector [data-streaming] present while the model is still thinking
 * @selector [data-redacted] present when the provider withheld the reasoning
 * @selector [data-empty] present when a finished block has nothing to show
 */
const ThinkingBlockView = React.memo(
  React.forwardRef<HTMLDivElement, ThinkingBlockViewProps>(function ThinkingBlockView(props, ref) {
    const {
      block,
      streaming: streamingProp,
      open: openProp,
      defaultOpen,
      onOpenChange,
      ...rootProps
    } = props;
    const labels = useLabels();
    const streaming = streamingProp ?? block.finished_at === null;
    // Open while the model thinks, closed once it is done, until the user toggles it.
    const [open, setOpen] = useControllableState({
      prop: openProp,
      defaultProp: defaultOpen,
      onChange: onOpenChange,
      automatic: streaming,
    });
    const toggle = () => setOpen(!open);
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
        data-open={expanded ? '' : undefined}
        data-streaming={streaming ? '' : undefined}
        data-redacted={redacted ? '' : undefined}
        data-empty={collapsible || redacted ? undefined : ''}
        {...rootProps}
        ref={ref}
      >
        {collapsible ? (
          <DisclosureTrigger
            data-slot="thinking-block-trigger"
            expanded={expanded}
            controls={contentId}
            onToggle={toggle}
          >
            <span data-slot="thinking-block-label">{label}</span>
          </DisclosureTrigger>
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
