import * as React from 'react';
import type { UnknownBlock as UnknownBlockData } from '../../core/model/block.js';
import { formatRawJson } from './format-raw-json.js';

/* -------------------------------------------------------------------------------------------------
 * UnknownBlock
 * -----------------------------------------------------------------------------------------------*/

const UNKNOWN_BLOCK_NAME = 'UnknownBlock';

/** Characters shown before "Show all": enough to recognise a payload, cheap to lay out. */
const PREVIEW_LENGTH = 2000;

interface UnknownBlockProps extends React.ComponentPropsWithoutRef<'div'> {
  /** A block of a type this library does not know; its original JSON is in `raw`. */
  block: UnknownBlockData;
}

/**
 * A block of an unknown type, shown in a generic, inspectable form so that nothing is lost.
 * The JSON is rendered as text, never as markup.
 * @selector [data-slot="unknown-block"] [data-block-type] the block's original type
 */
const UnknownBlock = React.memo(
  React.forwardRef<HTMLDivElement, UnknownBlockProps>(function UnknownBlock(props, ref) {
    const { block, ...rootProps } = props;
    const [showAll, setShowAll] = React.useState(false);
    const json = React.useMemo(() => formatRawJson(block.raw), [block.raw]);
    const truncated = !showAll && json.length > PREVIEW_LENGTH;
    const label = block.original_type ?? 'unknown';
    return (
      <div
        data-slot="unknown-block"
        data-block-type={block.original_type ?? 'unknown'}
        {...rootProps}
        ref={ref}
      >
        <details data-slot="unknown-block-details">
          <summary data-slot="unknown-block-summary">Unsupported content: {label}</summary>
          <pre data-slot="unknown-block-raw">
            {truncated ? json.slice(0, PREVIEW_LENGTH) : json}
          </pre>
          {truncated ? (
            <button
              type="button"
              data-slot="unknown-block-show-all"
              onClick={() => setShowAll(true)}
            >
              Show all ({json.length.toLocaleString()} characters)
            </button>
          ) : null}
        </details>
      </div>
    );
  }),
);
UnknownBlock.displayName = UNKNOWN_BLOCK_NAME;

export { UnknownBlock };
export type { UnknownBlockProps };
