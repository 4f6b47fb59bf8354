import type * as React from 'react';

/**
 * How an image from an untrusted source loads in place: once it nears the viewport, decoded off
 * the main thread, and without a `Referer` that would tell its host which page shows it.
 */
export const REMOTE_IMAGE_LOADING = {
  loading: 'lazy',
  decoding: 'async',
  referrerPolicy: 'no-referrer',
} as const satisfies React.ImgHTMLAttributes<HTMLImageElement>;
