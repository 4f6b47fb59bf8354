'use client';

import * as React from 'react';
import { revealInvisible } from '../../core/safety/invisible.js';
import { useAgentMessagesConfig } from '../provider/agent-messages-provider.js';
import { formatBytes } from '../media/format-bytes.js';
import { RevealedText } from '../primitives/revealed-text.js';
import { useFocusAfterRemoval } from '../primitives/use-focus-after-removal.js';
import type { ComposerAttachment } from './use-composer-attachments.js';

/* -------------------------------------------------------------------------------------------------
 * ComposerAttachments
 * -----------------------------------------------------------------------------------------------*/

interface ComposerAttachmentsProps {
  attachments: readonly ComposerAttachment[];
  onRemove(id: string): void;
  /** Where focus goes when the last chip is removed from the keyboard. */
  onEmptied(): void;
  disabled: boolean;
}

/**
 * The files waiting to be sent, as chips: a thumbnail for images, the name with its hidden
 * characters shown, the size, and a button that removes the file. Removing a chip moves focus to
 * the next chip's button (or the previous one, or the textarea), never to the page.
 */
function ComposerAttachments(props: ComposerAttachmentsProps) {
  const { attachments, onRemove, onEmptied, disabled } = props;
  const { labels } = useAgentMessagesConfig();
  const { containerRef, focusAt } = useFocusAfterRemoval<HTMLUListElement>(
    '[data-slot="composer-attachment-remove"]',
    attachments,
    onEmptied,
  );

  if (attachments.length === 0) return null;
  return (
    <ul ref={containerRef} data-slot="composer-attachments" aria-label={labels.attachments}>
      {attachments.map((attachment, index) => (
        <ComposerAttachmentChip
          key={attachment.id}
          file={attachment.file}
          disabled={disabled}
          onRemove={(event) => {
            // Focus follows only when the removed chip's button had it (a keyboard or a click).
            if (event.currentTarget === document.activeElement) focusAt.current = index;
            onRemove(attachment.id);
          }}
        />
      ))}
    </ul>
  );
}

/* -------------------------------------------------------------------------------------------------
 * ComposerAttachmentChip
 * -----------------------------------------------------------------------------------------------*/

interface ComposerAttachmentChipProps {
  file: File;
  disabled: boolean;
  onRemove(event: React.MouseEvent<HTMLButtonElement>): void;
}

function ComposerAttachmentChip({ file, disabled, onRemove }: ComposerAttachmentChipProps) {
  const { labels, locale } = useAgentMessagesConfig();
  const image = file.type.toLowerCase().startsWith('image/');
  const revealed = revealInvisible(file.name);
  return (
    <li data-slot="composer-attachment" data-kind={image ? 'image' : 'file'}>
      {image ? <AttachmentThumbnail file={file} /> : <FileIcon />}
      <span data-slot="composer-attachment-name" title={revealed}>
        <bdi>
          <RevealedText text={file.name} />
        </bdi>
      </span>
      <span data-slot="composer-attachment-size">{formatBytes(file.size, locale)}</span>
      <button
        type="button"
        data-slot="composer-attachment-remove"
        aria-label={labels.removeAttachment(revealed)}
        title={labels.removeAttachment(revealed)}
        disabled={disabled}
        onClick={onRemove}
      >
        <svg data-slot="composer-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          <path d="M4 4l8 8M12 4l-8 8" />
        </svg>
      </button>
    </li>
  );
}

/* -------------------------------------------------------------------------------------------------
 * AttachmentThumbnail
 * -----------------------------------------------------------------------------------------------*/

/**
 * A preview of an image file through an object URL, made after mount and revoked when the chip
 * goes (removed, sent, or the composer unmounts): nothing runs on a server, and nothing leaks. An
 * image the browser cannot decode (HEIC, a broken file) hides its preview.
 */
function AttachmentThumbnail({ file }: { file: File }) {
  const imageRef = React.useRef<HTMLImageElement>(null);
  React.useEffect(() => {
    const image = imageRef.current;
    if (!image) return undefined;
    const url = URL.createObjectURL(file);
    image.src = url;
    return () => {
      image.removeAttribute('src');
      URL.revokeObjectURL(url);
    };
  }, [file]);
  return (
    <img
      ref={imageRef}
      data-slot="composer-attachment-thumbnail"
      alt=""
      onError={(event) => event.currentTarget.setAttribute('data-failed', '')}
    />
  );
}

function FileIcon() {
  return (
    <svg data-slot="composer-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d="M4 1.5h5l3 3v10H4zM9 1.5v3h3" />
    </svg>
  );
}

export { ComposerAttachments };
export type { ComposerAttachmentsProps };
