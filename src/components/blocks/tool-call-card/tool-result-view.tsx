'use client';

import * as React from 'react';
import type { DataBlock, ToolResultBlock } from '../../../core/model/block.js';
import { revealInvisible } from '../../../core/safety/invisible.js';
import { useLabels } from '../../provider/agent-messages-provider.js';
import { RevealedText } from '../../primitives/revealed-text.js';
import { DataBlockView } from '../../media/data-block-view.js';
import type { BlockViewProps } from '../../provider/block-props.js';
import { JsonTree } from './json-tree.js';
import { ToolResultText } from '../../primitives/tool-result-text.js';
import { clipText, splitSystemReminders, truncateText } from '../../primitives/truncate.js';

/* -------------------------------------------------------------------------------------------------
 * ToolResultView
 * -----------------------------------------------------------------------------------------------*/

const TOOL_RESULT_VIEW_NAME = 'ToolResultView';

/** Props of `ToolResultView`. */
interface ToolResultViewProps extends BlockViewProps<ToolResultBlock> {
  /** The result to show. */
  block: ToolResultBlock;
  /** Renders one data block of a multimodal output. @default the `DataBlockView` component */
  renderData?(block: DataBlock): React.ReactNode;
  /** Leaves out the tool name and state, as inside a `ToolCallCard` that already shows both. */
  hideHeader?: boolean;
}

/**
 * What a tool returned: text as preformatted text (see `ToolResultText` for why not markdown)
 * with runtime `<system-reminder>` notices set apart, multimodal output in order, and
 * structured `value`s as a `JsonTree`.
 * @selector [data-slot="tool-result-block"] [data-state] `running | success | error | interrupted | denied`
 * @selector [data-streaming] while the output still streams
 */
const ToolResultView = React.memo(
  React.forwardRef<HTMLDivElement, ToolResultViewProps>(function ToolResultView(props, ref) {
    const { block, streaming = false, renderData, hideHeader = false, ...rootProps } = props;
    const labels = useLabels();
    return (
      <div
        data-slot="tool-result-block"
        data-block-type="tool_result"
        data-state={block.state}
        data-streaming={streaming ? '' : undefined}
        {...rootProps}
        ref={ref}
      >
        {hideHeader ? null : (
          <div data-slot="tool-result-header">
            <span data-slot="tool-result-name">
              <bdi>{revealInvisible(clipText(block.name))}</bdi>
            </span>{' '}
            <span data-slot="tool-result-state" data-state={block.state}>
              {block.state === 'running' ? (
                <span data-slot="tool-result-indicator" aria-hidden="true" />
              ) : null}
              {labels.toolResultState[block.state] ?? block.state}
            </span>
          </div>
        )}
        <ToolResultOutput block={block} streaming={streaming} renderData={renderData} />
      </div>
    );
  }),
);
ToolResultView.displayName = TOOL_RESULT_VIEW_NAME;

/* -------------------------------------------------------------------------------------------------
 * Output
 * -----------------------------------------------------------------------------------------------*/

interface ToolResultOutputProps {
  block: ToolResultBlock;
  streaming: boolean;
  renderData: ((block: DataBlock) => React.ReactNode) | undefined;
}

function ToolResultOutput({ block, streaming, renderData }: ToolResultOutputProps) {
  const labels = useLabels();
  const { output, value } = block;
  let content: React.ReactNode;
  if (Array.isArray(output) && output.length > 0) {
    content = output.map((part, index) =>
      part.type === 'text' ? (
        <OutputText key={`${index}:${part.id}`} text={part.text} />
      ) : (
        <React.Fragment key={`${index}:${part.id}`}>
          {renderData ? (
            renderData(part)
          ) : (
            <DataBlockView block={part} streaming={streaming && part.finished_at === null} />
          )}
        </React.Fragment>
      ),
    );
  } else if (value !== undefined) {
    content = <JsonTree value={value} />;
  } else if (typeof output === 'string' && output !== '') {
    content = <OutputText text={output} />;
  } else if (block.state !== 'running') {
    content = <p data-slot="tool-result-empty">{labels.noOutput}</p>;
  }
  return <div data-slot="tool-result-output">{content}</div>;
}

/** Text output with AgentScope's `<system-reminder>` wrappers shown as quiet notices. */
function OutputText({ text }: { text: string }) {
  const labels = useLabels();
  const segments = React.useMemo(() => splitSystemReminders(text), [text]);
  return segments.map((segment, index) =>
    segment.kind === 'text' ? (
      <ToolResultText key={index} text={segment.text} />
    ) : (
      <p key={index} data-slot="tool-result-notice" role="note">
        <span data-slot="tool-result-notice-label">{labels.systemReminder}</span>{' '}
        <ReminderText text={segment.text} />
      </p>
    ),
  );
}

function ReminderText({ text }: { text: string }) {
  const preview = truncateText(text);
  return (
    <span data-slot="tool-result-notice-text" dir="auto">
      <RevealedText text={preview.text} />
      {preview.truncated ? '…' : null}
    </span>
  );
}

export { ToolResultView };
export type { ToolResultViewProps };
