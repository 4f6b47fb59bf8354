'use client';

import * as React from 'react';
import type { DataBlock } from '../../core/model/block.js';
import type { MediaKind } from '../../core/safety/media-type.js';
import { normalizeMediaType } from '../../core/safety/media-type.js';
import { useAgentMessagesConfig, useLabels } from '../provider/agent-messages-provider.js';
import { downloadBase64 } from './download-base64.js';
import { FileIcon, fileIconVariant } from './file-icon.js';
import { sanitizeDownloadName, showFileName } from './file-name.js';
import { clipText } from '../primitives/truncate.js';
import { formatBytes } from './format-bytes.js';
import { MediaPlaceholder } from './media-placeholder.js';
import type { MediaViewProps } from './media-view-props.js';
import type { MediaSource } from './use-media-source.js';

/* -------------------------------------------------------------------------------------------------
 * DataBlockFileCard
 * -----------------------------------------------------------------------------------------------*/

/** Longest page list shown; a hostile block could declare millions. */
const MAX_PAGES_SHOWN = 50;

interface DataBlockFileCardProps {
  block: DataBlock;
  kind: MediaKind;
  /** The file name (or the media label), with invisible characters revealed. */
  name: string;
  /** The source decided for `download`. */
  download: MediaSource;
  /** A preview shown under the card (a PDF's). */
  children?: React.ReactNode;
}

/**
 * A file as a card: type icon, name, media type, size, cited pages, excerpt and a download
 * control that goes through the URL policy.
 */
function DataBlockFileCard({ block, kind, name, download, children }: DataBlockFileCardProps) {
  const labels = useLabels();
  const { locale } = useAgentMessagesConfig();
  const mediaType = normalizeMediaType(sourceMediaType(block));
  const size = typeof block.size_bytes === 'number' ? formatBytes(block.size_bytes, locale) : '';
  const pages = pageNumbers(block);
  const excerpt = typeof block.excerpt === 'string' ? clipText(block.excerpt.trim(), 4000) : '';
  return (
    <>
      <div data-slot="data-block-card">
        <FileIcon variant={fileIconVariant(mediaType, kind)} />
        <div data-slot="data-block-card-body">
          <FileName name={name} />
          <div data-slot="data-block-meta">
            <span data-slot="data-block-type">{mediaType || labels.media.file}</span>
            {size !== '' ? <span data-slot="data-block-size">{size}</span> : null}
            {pages.length > 0 ? (
              <span data-slot="data-block-pages">{labels.pageList(pages)}</span>
            ) : null}
          </div>
        </div>
        <DownloadControl
          source={download}
          name={name}
          fileName={sanitizeDownloadName(block.name)}
        />
      </div>
      {excerpt !== '' ? <blockquote data-slot="data-block-excerpt">{excerpt}</blockquote> : null}
      {children}
    </>
  );
}

/* -------------------------------------------------------------------------------------------------
 * DataBlockFile
 * -----------------------------------------------------------------------------------------------*/

/** Any type that is not shown inline: a download card. */
function DataBlockFile({ block, source, name }: MediaViewProps) {
  return <DataBlockFileCard block={block} kind="file" name={name} download={source} />;
}

/* -------------------------------------------------------------------------------------------------
 * FileName, DownloadControl
 * -----------------------------------------------------------------------------------------------*/

function FileName({ name }: { name: string }) {
  const shown = showFileName(name);
  return (
    <bdi data-slot="data-block-name" dir="ltr" {...(shown.truncated ? { title: shown.full } : {})}>
      {shown.text}
    </bdi>
  );
}

interface DownloadControlProps {
  source: MediaSource;
  name: string;
  fileName: string;
}

function DownloadControl({ source, name, fileName }: DownloadControlProps) {
  const labels = useLabels();
  const [failed, setFailed] = React.useState(false);
  if (failed) return <MediaPlaceholder state={{ status: 'error' }} name={name} />;
  switch (source.status) {
    case 'ready':
      return (
        <a
          data-slot="data-block-download"
          href={source.href}
          download={fileName}
          target="_blank"
          rel="noopener noreferrer"
          referrerPolicy="no-referrer"
          aria-label={labels.downloadFile(name)}
        >
          {labels.download}
        </a>
      );
    case 'bytes':
      return (
        <button
          type="button"
          data-slot="data-block-download"
          aria-label={labels.downloadFile(name)}
          onClick={() => setFailed(!downloadBase64(source.data, fileName))}
        >
          {labels.download}
        </button>
      );
    default:
      return <MediaPlaceholder state={source} name={name} />;
  }
}

/* -----------------------------------------------------------------------------------------------*/

function sourceMediaType(block: DataBlock): string {
  const mediaType = (block.source as { media_type?: unknown } | undefined)?.media_type;
  return typeof mediaType === 'string' ? mediaType : '';
}

function pageNumbers(block: DataBlock): number[] {
  const raw = Array.isArray(block.pages)
    ? block.pages
    : typeof block.page === 'number'
      ? [block.page]
      : [];
  const pages: number[] = [];
  for (const page of raw) {
    if (pages.length === MAX_PAGES_SHOWN) break;
    if (Number.isInteger(page) && page >= 0) pages.push(page);
  }
  return pages;
}

export { DataBlockFile, DataBlockFileCard, sourceMediaType };
export type { DataBlockFileCardProps };
