import type { JsonFields } from '../../core/partial-json/partial-json-types.js';
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
import type { JsonValue } from '../../core/model/json.js';

/**
 * What every block component receives: the block, and whether it still streams. Both stay the
 * same while other blocks stream, so `React.memo` skips every block a token did not touch. The
 * message the block is in (`messageId`, `role`) comes from `useBlockContext()`.
 */
export interface BlockProps<B extends ContentBlock = ContentBlock> {
  /** The block to show. */
  block: B;
  /**
   * True while the block still streams: its `finished_at` is null and the reply is open. Always
   * passed by `<Message>`; a block rendered on its own reads it from `useBlockContext()` when
   * omitted (false outside a message).
   */
  streaming?: boolean | undefined;
}

/**
 * The props of a built-in block view (`HintBlockView`, `ErrorBlockView`…): a `div`'s own, less
 * `children` and the `Taken` ones the view sets itself, and `BlockProps` (the view's interface
 * says what its `block` is).
 */
export type BlockViewProps<
  B extends ContentBlock,
  Taken extends keyof React.ComponentPropsWithoutRef<'div'> = never,
> = Omit<React.ComponentPropsWithoutRef<'div'>, 'children' | Taken> & BlockProps<B>;

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
  /** The call to show. */
  call: ToolCallBlock;
  /** The arguments parsed so far (partial JSON while they stream); `undefined` when unreadable. */
  args: unknown;
  /** True once the arguments are complete, valid JSON. */
  argsComplete: boolean;
  /**
   * Which arguments are whole and which still stream, while `args` grows: for a streaming
   * `write_file`, `argsFields.state('path')` is `'done'` once the path's string closed while
   * `argsFields.state('content')` is `'streaming'`; `undefined` for a field not begun yet.
   */
  argsFields: JsonFields;
  /** The paired result, once there is one. */
  result: ToolResultBlock | undefined;
  /** True while the call still streams. */
  streaming: boolean;
}

/** A per-tool renderer: the component `tools` maps a tool name to. */
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

/** What a data-part renderer (`dataRenderers={{ weather: WeatherCard }}`) receives. */
export interface DataRendererProps {
  /** The part's name: `weather` for an AI SDK `data-weather` part. */
  name: string;
  /** The part's data as sent: untrusted JSON, check its shape before use. */
  data: JsonValue;
  /** The part's id (a later part with the same id replaces this data), or `null`. */
  id: string | null;
  /** The block that holds the part. */
  block: UnknownBlock;
}

/** A data-part renderer: the component `dataRenderers` maps a part's name to. */
export type DataRenderer = React.ComponentType<DataRendererProps>;
