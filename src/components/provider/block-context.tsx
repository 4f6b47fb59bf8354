'use client';

import * as React from 'react';
import type { Role } from '../../core/model/message.js';

/** What a block knows about where it is shown, from {@link useBlockContext}. */
export interface BlockContextValue {
  /** The id of the message that holds the block (the reply id); `''` outside a message. */
  messageId: string;
  /** The role of that message; `'assistant'` outside a message. */
  role: Role;
  /** True while the block still streams: its `finished_at` is null and the reply is open. */
  streaming: boolean;
}

const OUTSIDE_MESSAGE: BlockContextValue = { messageId: '', role: 'assistant', streaming: false };

/** Provided by `<Message>` around each block; a block rendered on its own sees the defaults. */
export const BlockContext = React.createContext<BlockContextValue>(OUTSIDE_MESSAGE);
BlockContext.displayName = 'BlockContext';

/**
 * The message a block is shown in, and whether the block still streams. Each block gets its own
 * value, which changes only when that block starts or stops streaming, so reading it does not
 * re-render a block while others stream.
 */
export function useBlockContext(): BlockContextValue {
  return React.useContext(BlockContext);
}

/** Props of {@link BlockContextProvider}. */
export interface BlockContextProviderProps extends BlockContextValue {
  children?: React.ReactNode;
}

/** Provides {@link useBlockContext} to one block, with a value stable across renders. */
export function BlockContextProvider({
  messageId,
  role,
  streaming,
  children,
}: BlockContextProviderProps) {
  const value = React.useMemo(() => ({ messageId, role, streaming }), [messageId, role, streaming]);
  return <BlockContext.Provider value={value}>{children}</BlockContext.Provider>;
}

/**
 * A block's `streaming`: the prop when given (a block rendered on its own), else the context's.
 */
export function useBlockStreaming(streaming: boolean | undefined): boolean {
  const context = useBlockContext();
  return streaming ?? context.streaming;
}
