'use client';

import * as React from 'react';
import type { DataBlock } from '../../core/model/block.js';
import type { MediaKind } from '../../core/safety/media-type.js';
import { mediaKindOf, normalizeMediaType } from '../../core/safety/media-type.js';
import { useLabels } from '../provider/agent-messages-provider.js';
import type { BlockViewProps } from '../provider/block-props.js';
import { DataBlockAudio } from './audio-view.js';
import { DataBlockDocument, DataBlockPdf } from './document-view.js';
import { showFileName } from './file-name.js';
import { DataBlockFile, sourceMediaType } from './file-view.js';
import { DataBlockImage } from './image-view.js';
import type { MediaViewProps } from './media-view-props.js';
import type { MediaUse } from './use-media-source.js';
import { useMediaSource } from './use-media-source.js';
import { DataBlockVideo } from './video-view.js';

/* -------------------------------------------------------------------------------------------------
 * DataBlockView
 * -----------------------------------------------------------------------------------------------*/

const DATA_BLOCK_VIEW_NAME = 'DataBlockView';

type ViewKind = Exclude<MediaKind, 'document'> | 'pdf' | 'document';

const VIEWS: Record<ViewKind, React.ComponentType<MediaViewProps>> = {
  image: DataBlockImage,
  audio: DataBlockAudio,
  video: DataBlockVideo,
  pdf: DataBlockPdf,
  document: DataBlockDocument,
  file: DataBlockFile,
};

const USES: Record<ViewKind, MediaUse> = {
  image: 'image',
  audio: 'audio',
  video: 'video',
  pdf: 'document',
  document: 'download',
  file: 'download',
};

/** Props of `DataBlockView`. */
interface DataBlockViewProps extends BlockViewProps<DataBlock, 'role'> {
  /** An image, audio, video, document or file; `source.media_type` decides which. */
  block: DataBlock;
}

/**
 * A data block, shown by its media type: an image with a full-size viewer, audio or video with
 * native controls, a document with an inline PDF preview, or a download card. Every source goes
 * through the URL policy; remote media that may not load by itself waits for a click.
 * @selector [data-slot="data-block"] [data-media] `image | audio | video | document | file`
 * @selector [data-status] `loading | ready | click-to-load | bytes | blocked | unresolved | error`
 * @selector [data-streaming] present while the block streams
 */
const DataBlockView = React.memo(
  React.forwardRef<HTMLDivElement, DataBlockViewProps>(function DataBlockView(props, ref) {
    const { block, streaming = false, ...rootProps } = props;
    const labels = useLabels();
    const mediaType = sourceMediaType(block);
    const kind = mediaKindOf(mediaType);
    const view = viewKindOf(kind, mediaType);
    const source = useMediaSource(block, USES[view], { streaming });

    const [failedHref, setFailedHref] = React.useState<string | null>(null);
    const href = source.status === 'ready' ? source.href : null;
    const failed = href !== null && failedHref === href;
    const onError = React.useCallback(() => setFailedHref(href), [href]);

    // After "Load from …" the placeholder button disappears; focus moves to what replaced it.
    const [focusAfterLoad, setFocusAfterLoad] = React.useState(false);
    const onLoadRequest = React.useCallback(() => setFocusAfterLoad(true), []);
    const focusRef = React.useCallback(
      (element: HTMLElement | null) => {
        if (element && focusAfterLoad) element.focus();
      },
      [focusAfterLoad],
    );

    const name = displayName(block, labels.media[kind]);
    const View = VIEWS[view];
    return (
      <div
        data-slot="data-block"
        data-block-type="data"
        data-media={kind}
        data-status={failed ? 'error' : source.status}
        data-streaming={streaming ? '' : undefined}
        aria-busy={source.status === 'loading' ? true : undefined}
        {...rootProps}
        ref={ref}
      >
        <View
          block={block}
          source={source}
          failed={failed}
          name={name}
          streaming={streaming}
          onError={onError}
          onLoadRequest={onLoadRequest}
          focusRef={focusRef}
        />
      </div>
    );
  }),
);
DataBlockView.displayName = DATA_BLOCK_VIEW_NAME;

/* -----------------------------------------------------------------------------------------------*/

function viewKindOf(kind: MediaKind, mediaType: string): ViewKind {
  if (kind !== 'document') return kind;
  return normalizeMediaType(mediaType) === 'application/pdf' ? 'pdf' : 'document';
}

/** Characters of a file name carried into labels; the card cuts it further, keeping the extension. */
const MAX_NAME_CHARACTERS = 200;

/** The file name with invisible and bidi characters made visible, else the media label. */
function displayName(block: DataBlock, fallback: string): string {
  const name = typeof block.name === 'string' ? block.name.trim() : '';
  return name !== '' ? showFileName(name, MAX_NAME_CHARACTERS).text : fallback;
}

export { DataBlockView };
export type { DataBlockViewProps };
