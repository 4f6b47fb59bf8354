'use client';

import * as React from 'react';
import type { UnknownBlock } from '../../core/model/block.js';
import { revealInvisible } from '../../core/safety/invisible.js';
import { useLabels } from '../toolkit/agent-messages-provider.js';
import { clipText } from '../toolkit/truncate.js';
import type { BlockProps } from '../toolkit/block-props.js';
import { formatRawJson } from '../toolkit/json/format-json-value.js';
import { SHOW_ALL_LIMITS } from '../toolkit/show-all-limits.js';
import { showAllText } from '../toolkit/show-all.js';

/* -------------------------------------------------------------------------------------------------
 * UnknownBlockView
 * -----------------------------------------------------------------------------------------------*/

const UNKNOWN_BLOCK_VIEW_NAME = 'UnknownBlockView';

/** Props of `UnknownBlockView`. */
interface UnknownBlockViewProps
  extends
    Omit<React.ComponentPropsWithoutRef<'div'>, 'children'>,
    Partial<Omit<BlockProps<UnknownBlock>, 'block'>> {
  /** A block of a type this library does not know; its original JSON is in `raw`. */
  block: UnknownBlock;
}

/**
 * A block of an unknown type, shown in a generic, inspectable form so that nothing is lost.
 * The JSON is rendered as text, never as markup.
 * @selector [data-slot="unknown-block"] [data-block-type] the block's original type
 */
const UnknownBlockView = React.memo(
  React.forwardRef<HTMLDivElement, UnknownBlockViewProps>(function UnknownBlockView(props, ref) {
    const { block, streaming: _streaming, ...rootProps } = props;
    const labels = useLabels();
    const [showAll, setShowAll] = React.useState(false);
    const json = React.useMemo(() => revealInvisible(formatRawJson(block.raw)), [block.raw]);
    const shown = showAllText(json, SHOW_ALL_LIMITS.rawJson, showAll);
    const truncated = shown.truncated;
    const label = revealInvisible(clipText(block.original_type ?? 'unknown'));
    return (
      <div
        data-slot="unknown-block"
        data-block-type={block.original_type ?? 'unknown'}
        {...rootProps}
        ref={ref}
      >
        <details data-slot="unknown-block-details">
          <summary data-slot="unknown-block-summary">{labels.unsupportedContent(label)}</summary>
          <pre
            data-slot="unknown-block-raw"
            // Long JSON scrolls: keyboard users must be able to focus it to scroll.
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
            tabIndex={0}
            aria-label={labels.unsupportedContent(label)}
          >
            {shown.text}
          </pre>
          {truncated ? (
            <button
              type="button"
              data-slot="unknown-block-show-all"
              onClick={() => setShowAll(true)}
            >
              {labels.showAll(json.length)}
            </button>
          ) : null}
        </details>
      </div>
    );
  }),
);
UnknownBlockView.displayName = UNKNOWN_BLOCK_VIEW_NAME;

export { UnknownBlockView };
export type { UnknownBlockViewProps };
