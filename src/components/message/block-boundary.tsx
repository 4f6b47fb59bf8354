import type * as React from 'react';
import type { ContentBlock } from '../../core/model/block.js';
import type { Labels } from '../labels.js';
import { formatRawJson } from '../primitives/json/format-json-value.js';
import { ResettableBoundary } from '../primitives/resettable-boundary.js';
import { shownLabel } from './sender.js';

interface BlockBoundaryProps {
  block: ContentBlock;
  labels: Labels;
  children: React.ReactNode;
}

/**
 * Contains a block whose renderer throws: the block shows an inline error with its type and a
 * "show raw" disclosure, and the rest of the message (and the list) keeps rendering. A new
 * version of the block (the stream moved on) gets another try.
 */
function BlockBoundary({ block, labels, children }: BlockBoundaryProps) {
  return (
    <ResettableBoundary resetKey={block} fallback={<BlockError block={block} labels={labels} />}>
      {children}
    </ResettableBoundary>
  );
}

function BlockError({ block, labels }: Omit<BlockBoundaryProps, 'children'>) {
  const type = block.type === 'unknown' ? (block.original_type ?? 'unknown') : block.type;
  return (
    <div data-slot="block-error" data-block-type={type} role="group" aria-label={labels.error}>
      <p data-slot="block-error-message">{labels.blockFailed(shownLabel(type))}</p>
      <details data-slot="block-error-raw">
        <summary>{labels.showRaw}</summary>
        <pre
          // Long JSON scrolls: keyboard users must be able to focus it to scroll.
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          aria-label={labels.showRaw}
        >
          {formatRawJson(block)}
        </pre>
      </details>
    </div>
  );
}

export { BlockBoundary };
