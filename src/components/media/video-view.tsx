'use client';

import * as React from 'react';
import type { DataSource } from '../../core/model/block.js';
import { toDataUrl } from '../../core/safety/url-policy.js';
import { useAgentMessagesConfig, useUrlPolicy } from '../provider/agent-messages-provider.js';
import { TimedMedia } from './audio-view.js';
import { intrinsicSize } from './intrinsic-size.js';
import type { MediaViewProps } from './media-view-props.js';

/* -------------------------------------------------------------------------------------------------
 * DataBlockVideo
 * -----------------------------------------------------------------------------------------------*/

/**
 * Video with native controls that fetches nothing before play. Its thumbnail becomes the poster
 * only when the thumbnail itself may load without a click; otherwise there is no poster.
 */
function DataBlockVideo(view: MediaViewProps) {
  const poster = usePoster(view.block.thumbnail);
  return (
    <TimedMedia
      view={view}
      kind="video"
      playsInline
      {...(poster ? { poster } : {})}
      {...intrinsicSize(view.block)}
    />
  );
}

/* -----------------------------------------------------------------------------------------------*/

/** A poster URL that may load now (allow-listed, same-origin or a raster data URL), else none. */
function usePoster(thumbnail: DataSource | undefined): string | undefined {
  const { safety } = useAgentMessagesConfig();
  const policy = useUrlPolicy();
  return React.useMemo(() => {
    if (!thumbnail || typeof thumbnail !== 'object') return undefined;
    let url: string | null = null;
    if (thumbnail.type === 'url' && typeof thumbnail.url === 'string') url = thumbnail.url;
    else if (
      thumbnail.type === 'base64' &&
      typeof thumbnail.data === 'string' &&
      thumbnail.data !== ''
    )
      url = toDataUrl(thumbnail.data, thumbnail.media_type, 'image', safety);
    if (url === null) return undefined;
    const decision = policy(url, 'image');
    return decision.allowed && decision.autoLoad ? decision.href : undefined;
  }, [thumbnail, safety, policy]);
}

export { DataBlockVideo };
