'use client';

import * as React from 'react';
import type { TailText } from '../../../markdown/index.js';

/** Text typed since the tail's anchor was parsed (see src/markdown/tail/tail-anchor.ts). */
export const TailTextContext = React.createContext<TailText | null>(null);
