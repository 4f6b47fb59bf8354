import type * as React from 'react';
import { useLabels } from '../../react/agent-messages-provider.js';
import { DataBlockFileCard } from './file-view.js';
import { MediaPlaceholder } from './media-placeholder.js';
import type { MediaViewProps } from './media-view-props.js';
import { useMediaSource } from './use-media-source.js';

/* -------------------------------------------------------------------------------------------------
 * DataBlockPdf
 * -----------------------------------------------------------------------------------------------*/

/**
 * A PDF: the document card, plus an inline preview in the browser's own viewer. A remote PDF
 * that may not load by itself waits behind "Load from …"; base64 PDFs get no preview.
 */
function DataBlockPdf({
  block,
  source,
  failed,
  name,
  streaming,
  onLoadRequest,
  focusRef,
}: MediaViewProps) {
  const labels = useLabels();
  const download = useMediaSource(block, 'download', { streaming });
  let preview: React.ReactNode = null;
  if (source.status === 'ready' && !failed) {
    preview = (
      // No `sandbox`: Chromium refuses to show a PDF in any sandboxed frame. The policy only lets
      // http(s) and same-origin URLs through for 'document' (never data: or blob:), so the frame
      // runs in the document's own origin, as if the user had opened it in a tab.
      <iframe
        ref={focusRef}
        data-slot="data-block-preview"
        src={atPage(source.href, block)}
        title={labels.documentPreview(name)}
        loading="lazy"
        referrerPolicy="no-referrer"
      />
    );
  } else if (source.status === 'click-to-load' || source.status === 'loading') {
    preview = (
      <MediaPlaceholder state={source} name={labels.documentPreview(name)} onLoad={onLoadRequest} />
    );
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
