import type * as React from 'react';
import type { MediaKind } from '../../core/safety/media-type.js';
import { normalizeMediaType } from '../../core/safety/media-type.js';

/* -------------------------------------------------------------------------------------------------
 * FileIcon
 * -----------------------------------------------------------------------------------------------*/

/** The shape drawn inside the page outline, chosen from the media type. */
export type FileIconVariant = MediaKind | 'pdf' | 'archive' | 'text';

const ARCHIVE_TYPES =
  /^application\/(zip|gzip|x-gzip|x-tar|x-7z-compressed|x-rar-compressed|vnd\.rar|x-bzip2)$/;

/** Which icon a media type gets; untrusted or unknown types get the generic file icon. */
export function fileIconVariant(mediaType: string, kind: MediaKind): FileIconVariant {
  const essence = normalizeMediaType(mediaType);
  if (essence === 'application/pdf') return 'pdf';
  if (essence.startsWith('text/')) return 'text';
  if (ARCHIVE_TYPES.test(essence)) return 'archive';
  return kind;
}

const GLYPHS: Record<FileIconVariant, React.ReactNode> = {
  image: (
    <>
      <circle cx="9.5" cy="12.5" r="1.5" />
      <path d="M7 19l3.5-3.5 2 2L15 15l2 4z" />
    </>
  ),
  audio: <path d="M10 18.5a1.5 1.5 0 1 1-1-1.4V11l6-1.5v6.5a1.5 1.5 0 1 1-1-1.4V11.3l-4 1z" />,
  video: <path d="M10 12v6l5-3z" />,
  document: <path d="M8 12h8M8 15h8M8 18h5" />,
  text: <path d="M8 12h8M8 15h8M8 18h5" />,
  pdf: <path d="M8 13h8M8 16h8M8 19h4" />,
  archive: <path d="M11 3v2h2v2h-2v2h2v2h-2v2h2" />,
  file: null,
};

interface FileIconProps {
  variant: FileIconVariant;
}

/** A small page outline with a glyph for the kind of file; decorative (`aria-hidden`). */
function FileIcon({ variant }: FileIconProps) {
  return (
    <svg
      data-slot="data-block-icon"
      data-variant={variant}
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M6 2.75h8l4.25 4.25v14.25H6z" />
      <path d="M14 2.75V7h4.25" />
      {GLYPHS[variant]}
    </svg>
  );
}

export { FileIcon };
export type { FileIconProps };
