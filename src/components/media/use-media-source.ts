'use client';

import * as React from 'react';
import type { DataBlock } from '../../core/model/block.js';
import { normalizeMediaType } from '../../core/safety/media-type.js';
import type { UrlDecision, UrlUse } from '../../core/safety/url-policy.js';
import { toDataUrl } from '../../core/safety/url-policy.js';
import { useAgentMessagesConfig, useUrlPolicy } from '../provider/agent-messages-provider.js';
import { useRenderOnSettle } from '../primitives/use-render-on-settle.js';
import { resolveFileId } from './resolve-media-cache.js';

/* -------------------------------------------------------------------------------------------------
 * useMediaSource
 * -----------------------------------------------------------------------------------------------*/

/** Where a data block's bytes are about to be used. */
export type MediaUse = Extract<UrlUse, 'image' | 'audio' | 'video' | 'document' | 'download'>;

/** What a view may do with a data block's source right now. */
export type MediaSource =
  /** Streaming base64, or a `file_id` the app is still resolving. */
  | { status: 'loading' }
  /** Put `href` on the element; `autoLoad` is false when the user asked for it (or for a download link). */
  | { status: 'ready'; href: string; autoLoad: boolean; host: string | null }
  /** Allowed, but remote and not allow-listed: nothing may be requested before `load()`. */
  | { status: 'click-to-load'; host: string; load(): void }
  /** Base64 bytes of a type that never goes into a URL (documents, files): offer a download made on click. */
  | { status: 'bytes'; data: string }
  /** Rejected by the URL policy or the media-type rules; `reason` says why. */
  | { status: 'blocked'; reason: string }
  /** Empty data, no resolver, or a resolver that gave nothing. */
  | { status: 'unresolved' };

export type MediaSourceStatus = MediaSource['status'];

export interface UseMediaSourceOptions {
  /** While true, base64 data is incomplete and is not shown. */
  streaming?: boolean;
}

type Decided =
  | Exclude<MediaSource, { status: 'click-to-load' }>
  | { status: 'click-to-load'; host: string; href: string };

const DEFAULT_MAX_DATA_LENGTH = 10 * 1024 * 1024;

/**
 * Resolves a data block's source (base64, URL or app `file_id`) through the URL policy for `use`:
 * the one place that decides what a media element may load and when.
 */
export function useMediaSource(
  block: DataBlock,
  use: MediaUse,
  options: UseMediaSourceOptions = {},
): MediaSource {
  const { resolveMedia, safety } = useAgentMessagesConfig();
  const policy = useUrlPolicy();
  const streaming = options.streaming ?? false;
  const source = block.source as DataBlock['source'] | undefined;

  const resolution =
    source?.type === 'file_id' && resolveMedia ? resolveFileId(resolveMedia, source, block) : null;
  useRenderOnSettle(resolution && !resolution.settled ? resolution.promise : null);
  const resolvedUrl = resolution?.settled ? resolution.url : undefined;
  const pending = resolution !== null && !resolution.settled;

  const decided = React.useMemo((): Decided => {
    if (!source || typeof source !== 'object') return { status: 'unresolved' };
    const mediaType = typeof source.media_type === 'string' ? source.media_type : '';
    switch (source.type) {
      case 'base64': {
        if (streaming) return { status: 'loading' };
        const data = typeof source.data === 'string' ? source.data : '';
        if (data.trim() === '') return { status: 'unresolved' };
        const maxLength = safety.maxDataUrlLength ?? DEFAULT_MAX_DATA_LENGTH;
        // The cap is checked on the base64 text, before anything is decoded.
        if (data.length > maxLength) return { status: 'blocked', reason: 'the data is too large' };
        if (use === 'document' || use === 'download') return { status: 'bytes', data };
        const href = toDataUrl(data, mediaType, use, safety);
        if (href === null) return { status: 'blocked', reason: base64Reason(data, mediaType, use) };
        return fromDecision(policy(href, use), use);
      }
      case 'url':
        return fromDecision(policy(typeof source.url === 'string' ? source.url : '', use), use);
      case 'file_id':
        if (pending) return { status: 'loading' };
        if (resolvedUrl === undefined || resolvedUrl === null) return { status: 'unresolved' };
        return fromDecision(policy(resolvedUrl, use), use);
      default:
        return { status: 'unresolved' };
    }
  }, [source, streaming, safety, use, policy, pending, resolvedUrl]);

  const [activatedHref, setActivatedHref] = React.useState<string | null>(null);
  const clickHref = decided.status === 'click-to-load' ? decided.href : null;
  const load = React.useCallback(() => setActivatedHref(clickHref), [clickHref]);

  return React.useMemo((): MediaSource => {
    if (decided.status !== 'click-to-load') return decided;
    if (activatedHref === decided.href)
      return { status: 'ready', href: decided.href, autoLoad: false, host: decided.host };
    return { status: 'click-to-load', host: decided.host, load };
  }, [decided, activatedHref, load]);
}

/* -----------------------------------------------------------------------------------------------*/

function fromDecision(decision: UrlDecision, use: MediaUse): Decided {
  if (!decision.allowed) return { status: 'blocked', reason: decision.reason };
  const { href, host, autoLoad } = decision;
  // A download link requests nothing until it is clicked, and the click is the user's act.
  if (autoLoad || use === 'download') return { status: 'ready', href, autoLoad, host };
  return { status: 'click-to-load', host: host ?? hostOf(href), href };
}

function hostOf(href: string): string {
  const base = typeof document === 'undefined' ? undefined : document.baseURI;
  try {
    return new URL(href, base).host;
  } catch {
    return href;
  }
}

function base64Reason(data: string, mediaType: string, use: 'image' | 'audio' | 'video'): string {
  const essence = normalizeMediaType(mediaType);
  if (essence === '') return 'the media type is not valid';
  if (/[^A-Za-z0-9+/=\s]/.test(data)) return 'the data is not valid base64';
  return `${essence} is not shown inline as ${use === 'image' ? 'an image' : use}`;
}
