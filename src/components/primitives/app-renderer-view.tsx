import * as React from 'react';
import { ResettableBoundary } from './resettable-boundary.js';

/** Props of {@link AppRendererView}. */
export interface AppRendererViewProps {
  /** The app's renderer as an element; null when the app registers none, and `json` shows. */
  custom: React.ReactElement | null;
  /** The content as JSON: what shows without a renderer. */
  json: React.ReactNode;
  /** What shows while the renderer throws (the JSON with a note). Only rendered on failure. */
  failed: React.ReactNode;
  /** A new one (the next version of the content) gives a failed renderer another try. */
  resetKey: unknown;
}

/**
 * Content through the app's own renderer, else as JSON. The renderer is contained: one that
 * throws shows `failed` instead of taking the message down, and gets another try on the next
 * `resetKey`.
 */
export function AppRendererView({ custom, json, failed, resetKey }: AppRendererViewProps) {
  return custom === null ? (
    json
  ) : (
    <ResettableBoundary resetKey={resetKey} fallback={failed}>
      {custom}
    </ResettableBoundary>
  );
}
