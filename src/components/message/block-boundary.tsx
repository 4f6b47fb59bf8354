'use client';

import * as React from 'react';
import type { ContentBlock } from '../../core/model/block.js';
import type { Labels } from '../labels.js';
import { formatRawJson } from '../unknown-block/format-raw-json.js';

interface BlockBoundaryProps {
  block: ContentBlock;
  labels: Labels;
  children: React.ReactNode;
}

interface BlockBoundaryState {
  error: unknown;
  /** The block that failed: a new version of it (the stream moved on) gets another try. */
  failedBlock: ContentBlock | null;
}

/**
 * Contains a block whose renderer throws: the block shows an inline error with its type and a
 * "show raw" disclosure, and the rest of the message (and the list) keeps rendering.
 */
class BlockBoundary extends React.Component<BlockBoundaryProps, BlockBoundaryState> {
  override state: BlockBoundaryState = { error: null, failedBlock: null };

  static getDerivedStateFromError(error: unknown): Partial<BlockBoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(
    props: BlockBoundaryProps,
    state: BlockBoundaryState,
  ): Partial<BlockBoundaryState> | null {
    if (state.error !== null && state.failedBlock !== null && state.failedBlock !== props.block) {
      return { error: null, failedBlock: null };
    }
    return null;
  }

  override componentDidCatch(): void {
    if (this.state.failedBlock !== this.props.block)
      this.setState({ failedBlock: this.props.block });
  }

  override render() {
    const { block, labels, children } = this.props;
    if (this.state.error === null) return children;
    const type = block.type === 'unknown' ? (block.original_type ?? 'unknown') : block.type;
    return (
      <div data-slot="block-error" data-block-type={type} role="group" aria-label={labels.error}>
        <p data-slot="block-error-message">{labels.blockFailed(type)}</p>
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
}

export { BlockBoundary };
