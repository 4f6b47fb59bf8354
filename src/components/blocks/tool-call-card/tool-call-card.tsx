'use client';

import * as React from 'react';
import type { ToolCallBlock, ToolResultBlock } from '../../../core/model/block.js';
import { revealInvisible } from '../../../core/safety/invisible.js';
import {
  findTool,
  useAgentMessagesConfig,
  useLabels,
} from '../../provider/agent-messages-provider.js';
import { useClock } from '../../primitives/use-clock.js';
import { InlinePromptContext } from '../../provider/inline-prompt-context.js';
import type { BlockProps } from '../../provider/block-props.js';
import { ResettableBoundary } from '../../primitives/resettable-boundary.js';
import { clipText } from '../../primitives/truncate.js';
import { DisclosureTrigger } from '../../primitives/disclosure-trigger.js';
import { useControllableState } from '../../primitives/use-controllable-state.js';
import {
  getToolCallElapsed,
  getToolCallStatus,
  getToolCallStatusLabel,
  isToolRunning,
} from './status-label.js';
import type { ToolCallCardContextValue } from './tool-call-card-context.js';
import {
  CARD_NAME,
  ToolCallCardContext,
  useToolCallCardContext,
} from './tool-call-card-context.js';
import { ToolCallCardArgs, ToolCallCardResult } from './tool-call-card-sections.js';
import { ToolCallCardSummary } from './tool-call-card-summary.js';
import { ToolCallCardRule, useCallDecision } from './tool-call-card-rule.js';
import { useToolArguments } from './use-tool-arguments.js';
import { ToolCallMcpApp } from '../../mcp-app/tool-call-mcp-app.js';

/* -------------------------------------------------------------------------------------------------
 * ToolCallCard
 * -----------------------------------------------------------------------------------------------*/

/** Props of `ToolCallCard`. */
interface ToolCallCardProps
  extends React.ComponentPropsWithoutRef<'div'>, Partial<Omit<BlockProps<ToolCallBlock>, 'block'>> {
  /** The tool call to show. */
  block: ToolCallBlock;
  /** The call's result, shown inside the card. */
  result?: ToolResultBlock | undefined;
  /** Whether the details are shown (controlled). */
  open?: boolean;
  /**
   * Whether the details are shown at first. @default open while the arguments stream, or while
   * the call asks for approval and no prompt is shown with it
   */
  defaultOpen?: boolean;
  onOpenChange?(open: boolean): void;
}

/**
 * A tool call: its name, a one-line summary of its key argument, state and elapsed time in a
 * header that opens and closes the details (the arguments as they stream and the result, or the
 * app's renderer for this tool). While the call asks for approval inside a `<Message>` that
 * shows the prompt, the arguments are in the prompt only.
 * Without `children` it renders `ToolCallCardHeader` and `ToolCallCardContent`.
 * @selector [data-slot="tool-call-card"] [data-state] `pending | asking | allowed | submitted | finished`
 * @selector [data-status] what the badge shows: the call's state or its result's (`running | success | error | interrupted | denied`)
 * @selector [data-open] while the details are shown
 * @selector [data-streaming] while the arguments stream
 * @selector [data-remote] when the app, not the agent, runs the call
 * @selector [data-decided-by] `rule | user`, when the provider's `approvalPolicy` logged the decision
 */
const ToolCallCard = React.memo(
  React.forwardRef<HTMLDivElement, ToolCallCardProps>(function ToolCallCard(props, ref) {
    const {
      block,
      result,
      streaming = false,
      open: openProp,
      defaultOpen,
      onOpenChange,
      children,
      ...rootProps
    } = props;
    // The prompt next to the card shows what an asking call would run: the card need not.
    const argsInPrompt = React.useContext(InlinePromptContext) && block.state === 'asking';
    // Untouched, the card follows the call: open while it asks or streams, unless the prompt
    // already shows all of that.
    const [open, setOpen] = useControllableState({
      prop: openProp,
      defaultProp: defaultOpen,
      onChange: onOpenChange,
      automatic: !argsInPrompt && (block.state === 'asking' || streaming),
    });
    const onOpenToggle = React.useCallback(() => setOpen(!open), [open, setOpen]);
    const contentId = React.useId();
    const status = getToolCallStatus(block, result);
    const decision = useCallDecision(block);
    const args = useToolArguments(block.input);
    const context = React.useMemo<ToolCallCardContextValue>(
      () => ({
        block,
        result,
        streaming,
        status,
        args,
        argsInPrompt,
        open,
        onOpenToggle,
        contentId,
      }),
      [block, result, streaming, status, args, argsInPrompt, open, onOpenToggle, contentId],
    );
    return (
      <ToolCallCardContext.Provider value={context}>
        <div
          data-slot="tool-call-card"
          data-block-type="tool_call"
          data-state={block.state}
          data-status={status}
          data-open={open ? '' : undefined}
          data-streaming={streaming ? '' : undefined}
          data-remote={block.remote ? '' : undefined}
          data-decided-by={decision?.entry.decidedBy}
          {...rootProps}
          ref={ref}
        >
          {children ?? (
            <>
              <ToolCallCardHeader />
              {decision ? <ToolCallCardRule decision={decision} /> : null}
              <ToolCallCardContent />
              <ToolCallMcpApp
                block={block}
                result={result}
                args={args.value}
                argsComplete={args.complete}
              />
            </>
          )}
        </div>
      </ToolCallCardContext.Provider>
    );
  }),
);
ToolCallCard.displayName = CARD_NAME;

/* -------------------------------------------------------------------------------------------------
 * ToolCallCardHeader
 * -----------------------------------------------------------------------------------------------*/

const HEADER_NAME = 'ToolCallCardHeader';

/** Props of `ToolCallCardHeader` (the disclosure button). */
type ToolCallCardHeaderProps = React.ComponentPropsWithoutRef<'button'>;

/**
 * The disclosure button: tool name (invisible characters revealed), the call's summary, kind,
 * state badge, elapsed time and, for remote calls, that the app runs it. `children` replace that
 * default content.
 * @selector [data-slot="tool-call-card-header"]
 */
const ToolCallCardHeader = React.forwardRef<HTMLButtonElement, ToolCallCardHeaderProps>(
  function ToolCallCardHeader(props, ref) {
    const { children, onClick, ...buttonProps } = props;
    const { block, open, onOpenToggle, contentId } = useToolCallCardContext(HEADER_NAME);
    return (
      <DisclosureTrigger
        data-slot="tool-call-card-header"
        expanded={open}
        controls={contentId}
        {...buttonProps}
        ref={ref}
        onToggle={(event) => {
          onClick?.(event);
          if (!event.defaultPrevented) onOpenToggle();
        }}
      >
        {children ?? (
          <>
            <span data-slot="tool-call-card-name">
              <bdi>{revealInvisible(clipText(block.name))}</bdi>
            </span>
            {/* Keeps the name and the summary apart, unstyled and for screen readers. */}{' '}
            <ToolCallCardSummary />
            {block.kind && !(block.remote && block.kind === 'remote') ? (
              <span data-slot="tool-call-card-kind">
                <bdi>{revealInvisible(clipText(block.kind))}</bdi>
              </span>
            ) : null}
            <ToolCallCardStatus />
            <ToolCallCardElapsed />
          </>
        )}
      </DisclosureTrigger>
    );
  },
);
ToolCallCardHeader.displayName = HEADER_NAME;

/**
 * The state badge: the call's state, or its result's once there is one (with a running
 * indicator), and for remote calls a note that the app runs it. Use inside `ToolCallCard`.
 * @selector [data-slot="tool-call-card-status"] [data-status] what the badge shows
 */
function ToolCallCardStatus() {
  const labels = useLabels();
  const { block, status } = useToolCallCardContext('ToolCallCardStatus');
  return (
    <>
      <span data-slot="tool-call-card-status" data-status={status}>
        {status === 'running' || status === 'submitted' || status === 'pending' ? (
          <span data-slot="tool-call-card-indicator" aria-hidden="true" />
        ) : null}
        {getToolCallStatusLabel(status, labels)}
      </span>
      {block.remote ? <span data-slot="tool-call-card-remote">{labels.remoteTool}</span> : null}
    </>
  );
}

/**
 * How long the call ran: live (each second) while it runs, fixed once it finished; nothing before
 * the page is interactive. Use inside `ToolCallCard`.
 * @selector [data-slot="tool-call-card-elapsed"] [data-live] while it counts
 */
function ToolCallCardElapsed() {
  const labels = useLabels();
  const { block, result } = useToolCallCardContext('ToolCallCardElapsed');
  const running = isToolRunning(result);
  const label = (elapsed: number | null) =>
    elapsed === null || elapsed <= 0 ? null : labels.elapsed(elapsed / 1000);
  // A running call's counter appears once the page is interactive (a server cannot know how
  // long the call will have run by then); a finished call's duration is fixed.
  const live = useClock(
    (now) => (running ? label(getToolCallElapsed(block, result, now)) : null),
    running ? 'second' : null,
    null,
  );
  const text = running ? live : label(getToolCallElapsed(block, result, 0));
  if (text === null) return null;
  return (
    <span data-slot="tool-call-card-elapsed" data-live={running ? '' : undefined}>
      {text}
    </span>
  );
}

/* -------------------------------------------------------------------------------------------------
 * ToolCallCardContent
 * -----------------------------------------------------------------------------------------------*/

const CONTENT_NAME = 'ToolCallCardContent';

/** Props of `ToolCallCardContent` (the part the header opens). */
type ToolCallCardContentProps = React.ComponentPropsWithoutRef<'div'>;

/**
 * The details the header opens, `hidden` while closed (the result stays in the DOM; the
 * arguments are pretty-printed only once shown). Without `children` it shows the app's renderer
 * for this tool (`tools` on the provider) or `ToolCallCardArgs` and `ToolCallCardResult`.
 * @selector [data-slot="tool-call-card-content"]
 */
const ToolCallCardContent = React.forwardRef<HTMLDivElement, ToolCallCardContentProps>(
  function ToolCallCardContent(props, ref) {
    const { children, ...contentProps } = props;
    const { open, contentId } = useToolCallCardContext(CONTENT_NAME);
    return (
      <div
        data-slot="tool-call-card-content"
        id={contentId}
        hidden={!open}
        {...contentProps}
        ref={ref}
      >
        {children ?? <ToolCallCardBody />}
      </div>
    );
  },
);
ToolCallCardContent.displayName = CONTENT_NAME;

function ToolCallCardBody() {
  const { block, result, streaming, args, argsInPrompt } =
    useToolCallCardContext('ToolCallCardBody');
  const { tools } = useAgentMessagesConfig();
  // While the prompt shows the call, it shows the app's renderer too.
  const Renderer = argsInPrompt ? undefined : findTool(tools, block.name)?.render;
  const defaultBody = (
    <>
      <ToolCallCardArgs />
      <ToolCallCardResult />
    </>
  );
  if (!Renderer) return defaultBody;
  // The renderer gets another try when the call or its result moves on, not on every token.
  const resetKey = `${block.state}|${args.complete}|${result?.state ?? ''}|${result?.finished_at ?? ''}`;
  return (
    <ResettableBoundary fallback={defaultBody} resetKey={resetKey}>
      <Renderer
        call={block}
        args={args.value}
        argsComplete={args.complete}
        argsFields={args.fields}
        result={result}
        streaming={streaming}
      />
    </ResettableBoundary>
  );
}

export {
  ToolCallCard,
  ToolCallCardContent,
  ToolCallCardElapsed,
  ToolCallCardHeader,
  ToolCallCardStatus,
};
export { ToolCallCardArgs, ToolCallCardResult, ToolCallCardSummary };
export type { ToolCallCardContentProps, ToolCallCardHeaderProps, ToolCallCardProps };
export type { ToolCallCardSummaryProps } from './tool-call-card-summary.js';
export type { ToolCallCardArgsProps, ToolCallCardResultProps } from './tool-call-card-sections.js';
