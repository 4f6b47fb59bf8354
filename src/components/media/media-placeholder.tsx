'use client';

import type * as React from 'react';
import { useLabels } from '../provider/agent-messages-provider.js';
import type { MediaViewProps } from './media-view-props.js';
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

/* -------------------------------------------------------------------------------------------------
 * MediaGate
 * -----------------------------------------------------------------------------------------------*/

interface MediaGateProps {
  /** The view's props: its source, whether the element failed, its name and load request. */
  view: MediaViewProps;
  /** Renders the media element once its source is ready and has not failed. */
  children(href: string): React.ReactNode;
}

/**
 * The media element when its source is ready and loaded, otherwise the placeholder for its
 * state: the one branch every image, audio and video view takes.
 */
function MediaGate({ view, children }: MediaGateProps) {
  const { source, failed, name, onLoadRequest } = view;
  if (source.status === 'ready' && !failed) return <>{children(source.href)}</>;
  const state: PlaceholderState =
    failed || source.status === 'ready' ? { status: 'error' } : source;
  return <MediaPlaceholder state={state} name={name} onLoad={onLoadRequest} />;
}

export { MediaGate, MediaPlaceholder };
export type { MediaGateProps, MediaPlaceholderProps };
