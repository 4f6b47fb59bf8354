'use client';

import { useLabels } from '../../react/agent-messages-provider.js';
import { PlainText } from '../thinking-block/plain-text.js';
import { formatDuration, isoDuration } from './format-bytes.js';
import { MediaPlaceholder } from './media-placeholder.js';
import type { MediaViewProps } from './media-view-props.js';

/* -------------------------------------------------------------------------------------------------
 * DataBlockAudio
 * -----------------------------------------------------------------------------------------------*/

/** Audio with native controls that fetches nothing before play, its duration and transcript. */
function DataBlockAudio({
  block,
  source,
  failed,
  name,
  onError,
  onLoadRequest,
  focusRef,
}: MediaViewProps) {
  return (
    <>
      <MediaHeading name={name} durationMs={block.duration_ms} />
      {source.status === 'ready' && !failed ? (
        // Content brings no caption track; its transcript, when it has one, is shown below.
        // eslint-disable-next-line jsx-a11y/media-has-caption
        <audio
          ref={focusRef}
          data-slot="data-block-audio"
          src={source.href}
          controls
          preload="none"
          aria-label={name}
          onError={onError}
        />
      ) : (
        <MediaPlaceholder
          state={
            failed ? { status: 'error' } : (source as Exclude<typeof source, { status: 'ready' }>)
          }
          name={name}
          onLoad={onLoadRequest}
        />
      )}
      <Transcript text={block.transcript} />
    </>
  );
}

/* -------------------------------------------------------------------------------------------------
 * MediaHeading, Transcript (shared with video)
 * -----------------------------------------------------------------------------------------------*/

interface MediaHeadingProps {
  name: string;
  durationMs: number | undefined;
}

function MediaHeading({ name, durationMs }: MediaHeadingProps) {
  const duration = typeof durationMs === 'number' ? formatDuration(durationMs) : '';
  return (
    <div data-slot="data-block-heading">
      <bdi data-slot="data-block-name">{name}</bdi>
      {duration !== '' && durationMs !== undefined ? (
        <time data-slot="data-block-duration" dateTime={isoDuration(durationMs)}>
          {duration}
        </time>
      ) : null}
    </div>
  );
}

function Transcript({ text }: { text: string | undefined }) {
  const labels = useLabels();
  if (typeof text !== 'string' || text.trim() === '') return null;
  return (
    <details data-slot="data-block-transcript">
      <summary data-slot="data-block-transcript-summary">{labels.transcript}</summary>
      <PlainText data-slot="data-block-transcript-text" text={text} />
    </details>
  );
}

export { DataBlockAudio, MediaHeading, Transcript };
