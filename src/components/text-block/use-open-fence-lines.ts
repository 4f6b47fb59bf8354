'use client';

import * as React from 'react';
import type { OpenFenceLines } from '../../markdown/index.js';
import { readOpenFenceLines } from '../../markdown/index.js';

/**
 * The streaming fence `source` read into line groups, resumed from the previous render's read so
 * that a token costs the fence's last lines (see `readOpenFenceLines`). The previous read is kept
 * as state and derived during render, as React documents for information from previous renders:
 * a render React throws away changes nothing, and the same source gives back the same read.
 */
export function useOpenFenceLines(source: string): OpenFenceLines {
  const [previous, setPrevious] = React.useState<OpenFenceLines | null>(null);
  const read = React.useMemo(() => readOpenFenceLines(previous, source), [previous, source]);
  if (read !== previous) setPrevious(read);
  return read;
}
