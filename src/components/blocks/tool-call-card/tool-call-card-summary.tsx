'use client';

import * as React from 'react';
import type { ToolCallBlock } from '../../../core/model/block.js';
import { findTool, useAgentMessagesConfig } from '../../provider/agent-messages-provider.js';
import type { ToolDisplay } from '../../provider/block-props.js';
import { summarizeArguments, summaryText } from './summarize-args.js';
import { useToolCallCardContext } from './tool-call-card-context.js';

const SUMMARY_NAME = 'ToolCallCardSummary';

/** Props of `ToolCallCardSummary` (the one-line summary of the key argument). */
type ToolCallCardSummaryProps = Omit<React.ComponentPropsWithoutRef<'span'>, 'children'>;

/**
 * One line after the tool name that says what the call acts on: the app's `summarize` for this
 * tool (`tools` on the provider), or the command, path, query… read from the arguments as they
 * stream, cut with an ellipsis and with invisible characters marked. Renders nothing without one.
 * @selector [data-slot="tool-call-card-summary"]
 */
const ToolCallCardSummary = React.forwardRef<HTMLSpanElement, ToolCallCardSummaryProps>(
  function ToolCallCardSummary(props, ref) {
    const { block, streaming, args } = useToolCallCardContext(SUMMARY_NAME);
    const { tools } = useAgentMessagesConfig();
    const summarize = findTool(tools, block.name)?.summarize;
    const custom = React.useMemo(
      () => (summarize ? appSummary(summarize, block, args.value) : undefined),
      [summarize, block, args.value],
    );
    const builtIn = React.useMemo(
      () => (custom === undefined ? summarizeArguments(args, streaming) : null),
      [custom, args, streaming],
    );
    const summary = custom === undefined ? builtIn : custom;
    if (summary === null) return null;
    return (
      <span data-slot="tool-call-card-summary" {...props} ref={ref}>
        <bdi>{summary}</bdi>
      </span>
    );
  },
);
ToolCallCardSummary.displayName = SUMMARY_NAME;

/**
 * What the app's `summarize` says for `call`: `undefined` to keep the built-in summary (also
 * when it throws: a summary is not worth losing the card), `null` for none. Its strings come
 * from the model as often as not: they get the built-in summary's treatment.
 */
function appSummary(
  summarize: NonNullable<ToolDisplay['summarize']>,
  call: ToolCallBlock,
  args: unknown,
): React.ReactNode {
  let node: React.ReactNode;
  try {
    node = summarize(call, args);
  } catch {
    return undefined;
  }
  if (node === undefined) return undefined;
  if (node === null || typeof node === 'boolean') return null;
  if (typeof node === 'string' || typeof node === 'number' || typeof node === 'bigint') {
    return summaryText(String(node));
  }
  return node;
}

export { ToolCallCardSummary };
export type { ToolCallCardSummaryProps };
