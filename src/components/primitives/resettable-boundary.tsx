'use client';

import * as React from 'react';

/** Props of {@link ResettableBoundary}. */
export interface ResettableBoundaryProps {
  /**
   * When this changes (compared with `!==`), a failed subtree gets another try. Pass what moves
   * the content on (the block object, the source text, a state key), not something that changes
   * on every render.
   */
  resetKey: unknown;
  /** Shown instead of the children while they fail. An element is only rendered on failure. */
  fallback: React.ReactNode;
  children?: React.ReactNode;
}

interface ResettableBoundaryState {
  failed: boolean;
  /** The key the children were last rendered with: a new key clears the failure. */
  resetKey: unknown;
}

/**
 * An error boundary that contains a throwing subtree behind `fallback`, and retries it when
 * `resetKey` changes: a streamed block that failed on one version gets another chance on the next.
 */
export class ResettableBoundary extends React.Component<
  ResettableBoundaryProps,
  ResettableBoundaryState
> {
  override state: ResettableBoundaryState = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<ResettableBoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(
    props: ResettableBoundaryProps,
    state: ResettableBoundaryState,
  ): Partial<ResettableBoundaryState> | null {
    return props.resetKey !== state.resetKey ? { failed: false, resetKey: props.resetKey } : null;
  }

  override render(): React.ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
