import type * as React from 'react';
import type {
  ContentBlock,
  DataBlock,
  ErrorBlock,
  HintBlock,
  TextBlock,
  ThinkingBlock,
  ToolCallBlock,
  ToolResultBlock,
  UnknownBlock,
} from '../../core/model/block.js';
import type { Role } from '../../core/model/message.js';

/**
 * What every block component receives: only values that stay the same while other blocks
 * stream, so that `React.memo` skips every block a token did not touch.
 */
export interface BlockProps<B extends ContentBlock = ContentBlock> {
  block: B;
  /** True while the block still streams: its `finished_at` is null and the reply is open. */
  streaming: boolean;
  /** The id of the message that holds the block (the reply id). */
  messageId: string;
  /** The role of that message (not `role`, which is the ARIA attribute on elements). */
  messageRole: Role;
}

/** The component for each block type; `components` on `<Message>` overrides any of them. */
export interface BlockComponents {
  text: React.ComponentType<BlockProps<TextBlock>>;
  thinking: React.ComponentType<BlockProps<ThinkingBlock>>;
  data: React.ComponentType<BlockProps<DataBlock>>;
  hint: React.ComponentType<BlockProps<HintBlock>>;
  tool_call: React.ComponentType<
    BlockProps<ToolCallBlock> & { result?: ToolResultBlock | undefined }
  >;
  tool_result: React.ComponentType<BlockProps<ToolResultBlock>>;
  error: React.ComponentType<BlockProps<ErrorBlock>>;
  unknown: React.ComponentType<BlockProps<UnknownBlock>>;
}

/** What a per-tool renderer (`tools={{ get_weather: WeatherCard }}`) receives. */
export interface ToolRendererProps {
  call: ToolCallBlock;
  /** The arguments parsed so far (partial JSON while they stream); `undefined` when unreadable. */
  args: unknown;
  /** True once the arguments are complete, valid JSON. */
  argsComplete: boolean;
  /** The paired result, once there is one. */
  result: ToolResultBlock | undefined;
  streaming: boolean;
}

export type ToolRenderer = React.ComponentType<ToolRendererProps>;

/**
 * How a tool's calls are shown, registered by tool name like a renderer
 * (`tools={{ Bash: { summarize: (call, args) => … } }}`).
 */
export interface ToolDisplay {
  /** Renders the call's details in its card, and previews it in the confirmation prompt. */
  render?: ToolRenderer;
  /**
   * The one-line summary in the collapsed card's header, next to the tool name. `args` are the
   * arguments parsed so far (partial while they stream; `undefined` when unreadable). A string
   * is shown on one line, shortened and with invisible characters marked; any other node as
   * is; `null` shows no summary; `undefined` keeps the built-in one (the command, path, query…).
   */
  summarize?(call: ToolCallBlock, args: unknown): React.ReactNode;
}

/** What `tools` maps a tool name to: its renderer, or a `ToolDisplay`. */
export type ToolEntry = ToolRenderer | ToolDisplay;
