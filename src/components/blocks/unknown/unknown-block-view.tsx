'use client';

import * as React from 'react';
import type { UnknownBlock } from '../../../core/model/block.js';
import { readDataPart } from '../../../core/model/data-part.js';
import { revealInvisible } from '../../../core/safety/invisible.js';
import { useLabels } from '../../provider/agent-messages-provider.js';
import { clipText } from '../../primitives/truncate.js';
import type { BlockViewProps } from '../../provider/block-props.js';
import { DataPartView } from './data-part-view.js';
import { RawJson } from '../../primitives/raw-json.js';

/* -------------------------------------------------------------------------------------------------
 * UnknownBlockView
 * -----------------------------------------------------------------------------------------------*/

const UNKNOWN_BLOCK_VIEW_NAME = 'UnknownBlockView';

/** Props of `UnknownBlockView`. */
interface UnknownBlockViewProps extends BlockViewProps<UnknownBlock> {
  /** A block of a type this library does not know; its original JSON is in `raw`. */
  block: UnknownBlock;
}

/**
 * A block of an unknown type, shown in a generic, inspectable form so that nothing is lost.
 * The JSON is rendered as text, never as markup. An app data part (`data-<name>`) goes through
 * the renderer `dataRenderers` registers for its name, else shows its data as JSON.
 * @selector [data-slot="unknown-block"] [data-block-type] the block's original type
 * @selector [data-slot="data-part"] [data-name] the part's name, [data-view] `custom | json`
 */
const UnknownBlockView = React.memo(
  React.forwardRef<HTMLDivElement, UnknownBlockViewProps>(function UnknownBlockView(props, ref) {
    const { block, streaming: _streaming, ...rootProps } = props;
    const labels = useLabels();
    const dataPart = React.useMemo(() => readDataPart(block), [block]);
    if (dataPart !== undefined)
      return <DataPartView block={block} dataPart={dataPart} {...rootProps} ref={ref} />;
    const label = revealInvisible(clipText(block.original_type ?? 'unknown'));
    return (
      <div
        data-slot="unknown-block"
        data-block-type={block.original_type ?? 'unknown'}
        {...rootProps}
        ref={ref}
      >
        <RawJson value={block.raw} label={labels.unsupportedContent(label)} />
      </div>
    );
  }),
);
UnknownBlockView.displayName = UNKNOWN_BLOCK_VIEW_NAME;

export { UnknownBlockView };
export type { UnknownBlockViewProps };
