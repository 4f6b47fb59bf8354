'use client';

import type { OpenFenceLines } from '../../../markdown/index.js';
import { readOpenFenceLines } from '../../../markdown/index.js';
import { useResumed } from '../../primitives/use-resumed.js';

/**
 * The streaming fence `source` read into line groups, resumed from the previous read so that a
 * token costs the fence's last lines (see `readOpenFenceLines`); the same source gives back the
 * same read.
 */
export function useOpenFenceLines(source: string): OpenFenceLines {
  return useResumed((previous) => readOpenFenceLines(previous, source), [source]);
}
