import type { DataBlock } from '../../core/model/block.js';
import type { MediaSource } from './use-media-source.js';

/** What `DataBlockView` hands to the view for each media kind. */
export interface MediaViewProps {
  block: DataBlock;
  /** The source, decided by the URL policy for this kind's use. */
  source: MediaSource;
  /** True once the element reported that the ready source could not be loaded. */
  failed: boolean;
  /** The file name, alt text or media label, with invisible characters revealed. */
  name: string;
  /** True while the block still streams. */
  streaming: boolean;
  onError(): void;
  /** Called after the user clicked "Load from …"; the view then focuses what appeared. */
  onLoadRequest(): void;
  /** Ref for the element that should take focus when the media appears after a click. */
  focusRef(element: HTMLElement | null): void;
}
