'use client';

import { useLabels } from '../../react/agent-messages-provider.js';
import type { MediaSource } from './use-media-source.js';

/* -------------------------------------------------------------------------------------------------
 * MediaPlaceholder
 * -----------------------------------------------------------------------------------------------*/

/** Every state in which a media element is not (yet) on the page. */
export type PlaceholderState = Exclude<MediaSource, { status: 'ready' }> | { status: 'error' };

interface MediaPlaceholderProps {
  state: PlaceholderState;
  /** What the media is called: its file name, alt text or kind, already made safe to show. */
  name: string;
  /** Called after the user asked for a click-to-load source. */
  onLoad?(): void;
}

/**
 * Stands in for an image, audio, video or preview that is not shown: still streaming, waiting for
 * the user's click, blocked, unavailable or failed. It never holds the source URL.
 */
function MediaPlaceholder({ state, name, onLoad }: MediaPlaceholderProps) {
  const labels = useLabels();
  switch (state.status) {
    case 'loading':
      return (
        <div data-slot="data-block-placeholder" data-status="loading">
          <bdi data-slot="data-block-placeholder-name">{name}</bdi>
          <span data-slot="data-block-placeholder-text">{labels.mediaLoading}</span>
        </div>
      );
    case 'click-to-load':
      return (
        <div data-slot="data-block-placeholder" data-status="click-to-load">
          <bdi data-slot="data-block-placeholder-name">{name}</bdi>
          <button
            type="button"
            data-slot="data-block-load"
            onClick={() => {
              state.load();
              onLoad?.();
            }}
          >
            {labels.loadMedia(state.host)}
          </button>
        </div>
      );
    case 'blocked':
      return (
        <div data-slot="data-block-placeholder" data-status="blocked">
          <bdi data-slot="data-block-placeholder-name">{name}</bdi>
          <span data-slot="data-block-placeholder-text">{labels.mediaBlocked(state.reason)}</span>
        </div>
      );
    case 'error':
      return (
        <div data-slot="data-block-placeholder" data-status="error">
          <span data-slot="data-block-placeholder-text">{labels.mediaFailed(name)}</span>
        </div>
      );
    case 'unresolved':
    case 'bytes':
      return (
        <div data-slot="data-block-placeholder" data-status="unresolved">
          <span data-slot="data-block-placeholder-text">{labels.unresolvedMedia(name)}</span>
        </div>
      );
    default:
      state satisfies never;
      return null;
  }
}

export { MediaPlaceholder };
export type { MediaPlaceholderProps };
