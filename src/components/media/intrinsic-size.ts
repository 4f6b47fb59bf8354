import type { DataBlock } from '../../core/model/block.js';

/**
 * The declared dimensions as `width`/`height` attributes, so the browser reserves the box (and
 * the aspect ratio) before the bytes arrive; nothing when either is missing or not a size.
 */
export function intrinsicSize(block: DataBlock): { width?: number; height?: number } {
  const width = dimension(block.width);
  const height = dimension(block.height);
  return width !== undefined && height !== undefined ? { width, height } : {};
}

function dimension(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 1
    ? Math.round(value)
    : undefined;
}
