'use client';

import type * as React from 'react';
import { revealInvisible } from '../../core/safety/invisible.js';
import { useLabels } from '../provider/agent-messages-provider.js';
import { DataBlockFileCard } from './file-view.js';
import { MediaPlaceholder } from './media-placeholder.js';
import type { MediaViewProps } from './media-view-props.js';
import { useMediaSource } from './use-media-source.js';

/* -------------------------------------------------------------------------------------------------
 * DataBlockPdf
 * -----------------------------------------------------------------------------------------------*/

/**
 * A PDF: the document card, plus an inline preview in the browser's own viewer when the app's
 * allow-list covers its URL. Any other URL was chosen by content, and a frame would run whatever
 * that server sends (an HTML page labelled `application/pdf`, in this page's origin when it is
 * same-origin): a remote one gets an "Open on host" link to a new tab instead, and a same-origin
 * one only the download. Base64 PDFs get no preview.
 */
function DataBlockPdf({ block, source, failed, name, streaming }: MediaViewProps) {
  const labels = useLabels();
  const download = useMediaSource(block, 'download', { streaming });
  let preview: React.ReactNode = null;
  if (source.status === 'ready' && source.autoLoad && !failed) {
    preview = (
      // No `sandbox`: Chromium refuses to show a PDF in any sandboxed frame. Only URLs under the
      // app's allow-list get here (never data:, blob: or a same-origin URL content chose).
      <iframe
        data-slot="data-block-preview"
        src={atPage(source.href, block)}
        title={labels.documentPreview(name)}
        loading="lazy"
        referrerPolicy="no-referrer"
      />
    );
  } else if (source.status === 'loading') {
    preview = <MediaPlaceholder state={source} name={labels.documentPreview(name)} />;
  } else if (download.status === 'ready' && source.status !== 'blocked') {
    const host = otherOriginHost(download.href);
    if (host !== null) {
      preview = (
        <div data-slot="data-block-placeholder" data-status="external">
          <bdi data-slot="data-block-placeholder-name">{name}</bdi>
          <a
            data-slot="data-block-open"
            href={download.href}
            target="_blank"
            rel="noopener noreferrer nofollow ugc"
            referrerPolicy="no-referrer"
            aria-label={`${labels.openDocument(host)} ${labels.opensInNewTab}`}
          >
            {labels.openDocument(host)}
          </a>
        </div>
      );
    }
  }
  return (
    <DataBlockFileCard block={block} kind="document" name={name} download={download}>
      {preview}
    </DataBlockFileCard>
  );
}

/* -------------------------------------------------------------------------------------------------
 * DataBlockDocument
 * -----------------------------------------------------------------------------------------------*/

/** Any other document (office, text, JSON…): a card with a download link, never rendered inline. */
function DataBlockDocument({ block, source, name }: MediaViewProps) {
  return <DataBlockFileCard block={block} kind="document" name={name} download={source} />;
}

/* -----------------------------------------------------------------------------------------------*/

/** The host of `href` when it is not this page's origin (shown with invisible characters marked). */
function otherOriginHost(href: string): string | null {
  let url: URL;
  try {
    url = new URL(href, document.baseURI);
  } catch {
    return null;
  }
  return url.origin === window.location.origin ? null : revealInvisible(url.host);
}

/** Opens the viewer at the cited page (`#page=N`, understood by Chromium's and Firefox's viewers). */
function atPage(href: string, block: MediaViewProps['block']): string {
  const page =
    typeof block.page === 'number'
      ? block.page
      : Array.isArray(block.pages)
        ? block.pages[0]
        : undefined;
  if (page === undefined || !Number.isInteger(page) || page < 1 || href.includes('#')) return href;
  return `${href}#page=${page}`;
}

export { DataBlockDocument, DataBlockPdf };
