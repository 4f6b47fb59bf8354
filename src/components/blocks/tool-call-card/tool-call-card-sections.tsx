'use client';

import * as React from 'react';
import { useLabels } from '../../provider/agent-messages-provider.js';
import { ToolResultText } from '../../primitives/tool-result-text.js';
import type { ToolResultViewProps } from './tool-result-view.js';
import { ToolResultView } from './tool-result-view.js';
import { formatJson } from '../../primitives/json/parse-arguments.js';
import { streamingArgsText } from './streaming-args-text.js';
import { isToolRunning } from './status-label.js';
import { useToolCallCardContext } from './tool-call-card-context.js';

/* -------------------------------------------------------------------------------------------------
 * ToolCallCardArgs
 * -----------------------------------------------------------------------------------------------*/

const ARGS_NAME = 'ToolCallCardArgs';

/** Props of `ToolCallCardArgs` (the arguments part of a composed card). */
type ToolCallCardArgsProps = Omit<React.ComponentPropsWithoutRef<'div'>, 'children'>;

/**
 * The arguments, pretty-printed as they stream (partial JSON is read as far as it goes; of a long
 * text, its first 20,000 characters until it is whole), or the raw text with a note when it is
 * not JSON; invisible characters are shown as markers. While the call asks for approval in a
 * prompt shown with the card, a note points to the prompt instead.
 * @selector [data-slot="tool-call-card-args"] [data-invalid] when the arguments are not JSON
 * @selector [data-in-prompt] while the prompt shows them instead
 */
const ToolCallCardArgs = React.forwardRef<HTMLDivElement, ToolCallCardArgsProps>(
  function ToolCallCardArgs(props, ref) {
    const labels = useLabels();
    const { block, streaming, args, open, argsInPrompt } = useToolCallCardContext(ARGS_NAME);
    const empty = block.input.trim() === '';
    // A finished call whose text is not complete JSON is shown as received, not as a guess.
    const readable = args.value !== undefined && (args.complete || streaming);
    // Pretty-printing is the costly part: it waits until the card is opened. Finished arguments
    // are printed from their text, as the confirmation prompt shows them: every number as sent.
    const text = React.useMemo(() => {
      if (!open || argsInPrompt) return '';
      if (!readable) return block.input;
      return args.complete
        ? formatJson(block.input).text
        : streamingArgsText(block.input, args.value);
    }, [open, argsInPrompt, readable, args, block.input]);
    const invalid = !empty && !readable && !streaming;
    if (argsInPrompt) {
      return (
        <CardSection
          data-slot="tool-call-card-args"
          data-in-prompt=""
          label={labels.arguments}
          {...props}
          ref={ref}
        >
          <p data-slot="tool-call-card-args-in-prompt">{labels.argumentsInPrompt}</p>
        </CardSection>
      );
    }
    return (
      <CardSection
        data-slot="tool-call-card-args"
        data-invalid={invalid ? '' : undefined}
        label={labels.arguments}
        {...props}
        ref={ref}
      >
        {empty ? (
          streaming ? null : (
            <p data-slot="tool-call-card-args-empty">{labels.noArguments}</p>
          )
        ) : (
          <>
            {invalid ? (
              <p data-slot="tool-call-card-args-invalid">{labels.invalidArguments}</p>
            ) : null}
            {open ? <ToolResultText text={text} stripAnsi={false} /> : null}
          </>
        )}
      </CardSection>
    );
  },
);
ToolCallCardArgs.displayName = ARGS_NAME;

/* -------------------------------------------------------------------------------------------------
 * ToolCallCardResult
 * -----------------------------------------------------------------------------------------------*/

const RESULT_NAME = 'ToolCallCardResult';

/** Props of `ToolCallCardResult` (the paired result in a composed card). */
type ToolCallCardResultProps = Omit<React.ComponentPropsWithoutRef<'div'>, 'children'> &
  Pick<ToolResultViewProps, 'renderData'>;

/**
 * The paired result through `ToolResultView`; renders nothing until there is one.
 * @selector [data-slot="tool-call-card-result"]
 */
const ToolCallCardResult = React.forwardRef<HTMLDivElement, ToolCallCardResultProps>(
  function ToolCallCardResult(props, ref) {
    const { renderData, ...resultProps } = props;
    const labels = useLabels();
    const { result } = useToolCallCardContext(RESULT_NAME);
    if (result === undefined) return null;
    return (
      <CardSection
        data-slot="tool-call-card-result"
        label={labels.result}
        {...resultProps}
        ref={ref}
      >
        <ToolResultView
          block={result}
          streaming={isToolRunning(result)}
          hideHeader
          {...(renderData ? { renderData } : {})}
        />
      </CardSection>
    );
  },
);
ToolCallCardResult.displayName = RESULT_NAME;

/* -------------------------------------------------------------------------------------------------
 * CardSection
 * -----------------------------------------------------------------------------------------------*/

interface CardSectionProps extends React.ComponentPropsWithoutRef<'div'> {
  /** The section's name, shown above it and naming the group. */
  label: string;
}

/** A labelled group of the card's details (arguments, result): its name, then its content. */
const CardSection = React.forwardRef<HTMLDivElement, CardSectionProps>(
  function CardSection(props, ref) {
    const { label, children, ...groupProps } = props;
    const labelId = React.useId();
    return (
      <div role="group" aria-labelledby={labelId} {...groupProps} ref={ref}>
        <div data-slot="tool-call-card-section-label" id={labelId}>
          {label}
        </div>
        {children}
      </div>
    );
  },
);

export { ToolCallCardArgs, ToolCallCardResult };
export type { ToolCallCardArgsProps, ToolCallCardResultProps };
