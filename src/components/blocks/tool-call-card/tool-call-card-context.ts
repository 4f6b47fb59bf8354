'use client';

import * as React from 'react';
import type { ToolCallBlock, ToolResultBlock } from '../../../core/model/block.js';
import type { ToolCallStatus } from './status-label.js';
import type { CardArguments } from './use-tool-arguments.js';

export const CARD_NAME = 'ToolCallCard';

export interface ToolCallCardContextValue {
  block: ToolCallBlock;
  result: ToolResultBlock | undefined;
  streaming: boolean;
  status: ToolCallStatus;
  /** The call's arguments read so far, resumed per token: the summary, view and renderer share them. */
  args: CardArguments;
  /** True while the call asks for approval in a prompt shown with it: the prompt has the arguments. */
  argsInPrompt: boolean;
  open: boolean;
  onOpenToggle(): void;
  contentId: string;
}

export const ToolCallCardContext = React.createContext<ToolCallCardContextValue | null>(null);

/** The card's state for one of its parts; a part outside a card throws, naming both. */
export function useToolCallCardContext(consumerName: string): ToolCallCardContextValue {
  const context = React.useContext(ToolCallCardContext);
  if (context === null) throw new Error(`\`${consumerName}\` must be used within \`${CARD_NAME}\``);
  return context;
}
