'use client';

import * as React from 'react';

interface ToolRendererBoundaryProps {
  /** What to show instead of a renderer that threw: the card's default body. */
  fallback: React.ReactNode;
  /**
   * Changes when the call or its result moves on (state, arguments complete, result settled):
   * the renderer gets another try then, but not on every streamed token.
   */
  resetKey: string;
  children: React.ReactNode;
}

interface ToolRendererBoundaryState {
  failed: boolean;
  failedKey: string | null;
}

/**
 * Contains an app's per-tool renderer: if it throws, the card falls back to its default body
 * and keeps its header and state badge, instead of the whole block failing.
 */
class ToolRendererBoundary extends React.Component<
  ToolRendererBoundaryProps,
  ToolRendererBoundaryState
> {
  override state: ToolRendererBoundaryState = { failed: false, failedKey: null };

  static getDerivedStateFromError(): Partial<ToolRendererBoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(
    props: ToolRendererBoundaryProps,
    state: ToolRendererBoundaryState,
  ): Partial<ToolRendererBoundaryState> | null {
    if (state.failed && state.failedKey !== null && state.failedKey !== props.resetKey) {
      return { failed: false, failedKey: null };
    }
    return null;
  }

  override componentDidCatch(): void {
    if (this.state.failedKey !== this.props.resetKey)
      this.setState({ failedKey: this.props.resetKey });
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export { ToolRendererBoundary };
