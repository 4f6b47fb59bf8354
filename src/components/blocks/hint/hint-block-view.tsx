'use client';

import * as React from 'react';
import type { DataBlock, HintBlock } from '../../../core/model/block.js';
import { mediaKindOf } from '../../../core/safety/media-type.js';
import { showFileName } from '../../media/file-name.js';
import { revealInvisible } from '../../../core/safety/invisible.js';
import { useLabels } from '../../provider/agent-messages-provider.js';
import { DisclosureTrigger } from '../../primitives/disclosure-trigger.js';
import type { BlockViewProps } from '../../provider/block-props.js';
import { PlainText } from '../../primitives/plain-text.js';
import { clipText } from '../../primitives/truncate.js';
import { formatRawJson } from '../../primitives/json/format-json-value.js';
import type { HintItem } from './hint-content.js';
import {
  HINT_PREVIEW_LENGTH,
  hintItems,
  hintTextLength,
  previewHintItems,
} from './hint-content.js';
import { parseHintSource } from './hint-source.js';

/* -------------------------------------------------------------------------------------------------
 * HintBlockView
 * -----------------------------------------------------------------------------------------------*/

const HINT_BLOCK_VIEW_NAME = 'HintBlockView';

/** Props of `HintBlockView`. */
interface HintBlockViewProps extends BlockViewProps<HintBlock, 'role'> {
  /** A notice the runtime injected; `source` names where it came from. */
  block: HintBlock;
  /** Renders a data item of the hint; by default a compact chip with its name and media kind. */
  renderData?(block: DataBlock): React.ReactNode;
}

/**
 * A quiet notice from the runtime (a reminder, injected state), labelled from its `source`. The
 * text is plain text; past 280 characters it is collapsed to a preview the user can expand.
 * @selector [data-slot="hint-block"] [data-open] present while a long hint shows all of its content
 * @selector [data-streaming] present while the hint is still arriving
 */
const HintBlockView = React.memo(
  React.forwardRef<HTMLDivElement, HintBlockViewProps>(function HintBlockView(props, ref) {
    const { block, streaming: streamingProp, renderData, ...rootProps } = props;
    const labels = useLabels();
    const [expanded, setExpanded] = React.useState(false);
    const labelId = React.useId();
    const contentId = React.useId();
    const streaming = streamingProp ?? block.finished_at === null;

    const { label, sublabel } = React.useMemo(() => parseHintSource(block.source), [block.source]);
    const items = React.useMemo(() => hintItems(block.hint), [block.hint]);
    const length = hintTextLength(items);
    const collapsible = length > HINT_PREVIEW_LENGTH;
    const shown = React.useMemo(
      () => (collapsible && !expanded ? previewHintItems(items, HINT_PREVIEW_LENGTH) : items),
      [collapsible, expanded, items],
    );

    return (
      <div
        role="note"
        aria-labelledby={labelId}
        data-slot="hint-block"
        data-block-type="hint"
        data-open={collapsible && expanded ? '' : undefined}
        data-streaming={streaming ? '' : undefined}
        {...rootProps}
        ref={ref}
      >
        <div data-slot="hint-block-header" id={labelId}>
          <bdi data-slot="hint-block-label">
            {label === null ? labels.hint : revealInvisible(clipText(label))}
          </bdi>
          {sublabel !== null ? (
            <>
              {' '}
              <bdi data-slot="hint-block-sublabel">{revealInvisible(clipText(sublabel))}</bdi>
            </>
          ) : null}
        </div>
        {shown.length > 0 ? (
          <div data-slot="hint-block-content" id={contentId}>
            {shown.map((item, index) => (
              <HintBlockItem key={index} item={item} renderData={renderData} />
            ))}
          </div>
        ) : null}
        {collapsible ? (
          <DisclosureTrigger
            data-slot="hint-block-toggle"
            expanded={expanded}
            controls={contentId}
            onToggle={() => setExpanded((value) => !value)}
          >
            {expanded ? labels.showLess : labels.showAll(length)}
          </DisclosureTrigger>
        ) : null}
      </div>
    );
  }),
);
HintBlockView.displayName = HINT_BLOCK_VIEW_NAME;

/* -------------------------------------------------------------------------------------------------
 * HintBlockItem
 * -----------------------------------------------------------------------------------------------*/

function HintBlockItem({
  item,
  renderData,
}: {
  item: HintItem;
  renderData: ((block: DataBlock) => React.ReactNode) | undefined;
}) {
  switch (item.kind) {
    case 'text':
      return <PlainText data-slot="hint-block-text" text={item.text} reveal />;
    case 'data':
      return renderData ? renderData(item.block) : <HintBlockFile block={item.block} />;
    case 'other':
      return (
        <pre data-slot="hint-block-raw" dir="ltr">
          {formatRawJson(item.value)}
        </pre>
      );
    default:
      item satisfies never;
      return null;
  }
}

/* -------------------------------------------------------------------------------------------------
 * HintBlockFile
 * -----------------------------------------------------------------------------------------------*/

// A reference only: nothing is loaded, so no URL policy is involved.
function HintBlockFile({ block }: { block: DataBlock }) {
  const labels = useLabels();
  const mediaType: unknown = block.source.media_type;
  const kind = mediaKindOf(typeof mediaType === 'string' ? mediaType : '');
  const name = typeof block.name === 'string' && block.name !== '' ? block.name : null;
  return (
    <span data-slot="hint-block-file" data-media={kind}>
      {name !== null ? (
        <>
          <bdi data-slot="hint-block-file-name" dir="ltr">
            {showFileName(name).text}
          </bdi>{' '}
        </>
      ) : null}
      <span data-slot="hint-block-file-kind">
        {name !== null ? `(${labels.media[kind]})` : labels.media[kind]}
      </span>
    </span>
  );
}

export { HintBlockView };
export type { HintBlockViewProps };
