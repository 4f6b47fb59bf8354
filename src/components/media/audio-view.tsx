'use client';

import type * as React from 'react';
import { useLabels } from '../provider/agent-messages-provider.js';
import { PlainText } from '../primitives/plain-text.js';
import { formatDuration, isoDuration } from './format-bytes.js';
import { MediaGate } from './media-placeholder.js';
import type { MediaViewProps } from './media-view-props.js';

/* -------------------------------------------------------------------------------------------------
 * DataBlockAudio
 * -----------------------------------------------------------------------------------------------*/

/** Audio with native controls that fetches nothing before play, its duration and transcript. */
function DataBlockAudio(view: MediaViewProps) {
  return <TimedMedia view={view} kind="audio" />;
}

/* -------------------------------------------------------------------------------------------------
 * TimedMedia (shared with video)
 * -----------------------------------------------------------------------------------------------*/

interface TimedMediaProps extends Omit<
  React.VideoHTMLAttributes<HTMLVideoElement>,
  'src' | 'controls' | 'preload' | 'onError'
> {
  view: MediaViewProps;
  kind: 'audio' | 'video';
}

/**
 * Audio or video: its name and duration, then the element with native controls that fetches
 * nothing before play (or its placeholder), then its transcript.
 */
function TimedMedia({ view, kind: Element, ...elementProps }: TimedMediaProps) {
  return (
    <>
      <MediaHeading name={view.name} durationMs={view.block.duration_ms} />
      <MediaGate view={view}>
        {(href) => (
          // Content brings no caption track; its transcript, when it has one, is shown below.
          <Element
            ref={view.focusRef}
            data-slot={`data-block-${Element}`}
            src={href}
            controls
            preload="none"
            aria-label={view.name}
            {...elementProps}
            onError={view.onError}
          />
        )}
      </MediaGate>
      <Transcript text={view.block.transcript} />
    </>
  );
}

/* -------------------------------------------------------------------------------------------------
 * MediaHeading, Transcript
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

export { DataBlockAudio, TimedMedia };
