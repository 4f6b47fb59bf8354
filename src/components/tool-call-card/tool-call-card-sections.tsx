'use client';

import * as React from 'react';
import { useLabels } from '../../react/agent-messages-provider.js';
import { ToolResultText } from '../tool-result/tool-result-text.js';
import type { ToolResultViewProps } from '../tool-result/tool-result-view.js';
import { ToolResultView } from '../tool-result/tool-result-view.js';
import { formatArguments } from '../confirmation-prompt/format-arguments.js';
import { formatArgs, stringifyArgs } from './format-args.js';
import { isToolRunning } from './status-label.js';
import { useToolCallCardContext } from './tool-call-card-context.js';

/* -------------------------------------------------------------------------------------------------
 * ToolCallCardArgs
 * -----------------------------------------------------------------------------------------------*/

const ARGS_NAME = 'ToolCallCardArgs';

type ToolCallCardArgsProps = Omit<React.ComponentPropsWithoutRef<'div'>, 'children'>;

/**
 * The arguments, pretty-printed as they stream (partial JSON is read as far as it goes), or the
 * raw text with a note when it is not JSON; invisible characters are shown as markers. While the
 * call asks for approval in a prompt shown with the card, a note points to the prompt instead.
 * @selector [data-slot="tool-call-card-args"] [data-invalid] when the arguments are not JSON
 * @selector [data-in-prompt] while the prompt shows them instead
 */
const ToolCallCardArgs = React.forwardRef<HTMLDivElement, ToolCallCardArgsProps>(
  function ToolCallCardArgs(props, ref) {
    const labels = useLabels();
    const { block, streaming, open, argsInPrompt } = useToolCallCardContext(ARGS_NAME);
    const labelId = React.useId();
    const args = React.useMemo(() => formatArgs(block.input), [block.input]);
    const empty = block.input.trim() === '';
    // A finished call whose text is not complete JSON is shown as received, not as a guess.
    const readable = args.value !== undefined && (args.complete || streaming);
    // Pretty-printing is the costly part: it waits until the card is opened. Finished arguments
    // are printed from their text, as the confirmation prompt shows them: every number as sent.
    const text = React.useMemo(() => {
      if (!open || argsInPrompt) return '';
      if (!readable) return block.input;
      return args.complete ? formatArguments(block.input).text : stringifyArgs(args.value);
    }, [open, argsInPrompt, readable, args, block.input]);
    const invalid = !empty && !readable && !streaming;
    if (argsInPrompt) {
      return (
        <div
          data-slot="tool-call-card-args"
          data-in-prompt=""
          role="group"
          aria-labelledby={labelId}
          {...props}
          ref={ref}
        >
          <div data-slot="tool-call-card-section-label" id={labelId}>
            {labels.arguments}
          </div>
          <p data-slot="tool-call-card-args-in-prompt">{labels.argumentsInPrompt}</p>
        </div>
      );
    }
    return (
      <div
        data-slot="tool-call-card-args"
        data-invalid={invalid ? '' : undefined}
        role="group"
        aria-labelledby={labelId}
        {...props}
        ref={ref}
      >
        <div data-slot="tool-call-card-section-label" id={labelId}>
          {labels.arguments}
        </div>
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
      </div>
    );
  },
);
ToolCallCardArgs.displayName = ARGS_NAME;

/* -------------------------------------------------------------------------------------------------
 * ToolCallCardResult
 * -----------------------------------------------------------------------------------------------*/

const RESULT_NAME = 'ToolCallCardResult';

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
    const { result, messageId, messageRole } = useToolCallCardContext(RESULT_NAME);
    const labelId = React.useId();
    if (result === undefined) return null;
    return (
      <div
        data-slot="tool-call-card-result"
        role="group"
        aria-labelledby={labelId}
        {...resultProps}
        ref={ref}
      >
        <div data-slot="tool-call-card-section-label" id={labelId}>
          {labels.result}
        </div>
        <ToolResultView
          block={result}
          streaming={isToolRunning(result)}
          messageId={messageId}
          messageRole={messageRole}
          hideHeader
          {...(renderData ? { renderData } : {})}
        />
      </div>
    );
  },
);
ToolCallCardResult.displayName = RESULT_NAME;

export { ToolCallCardArgs, ToolCallCardResult };
export type { ToolCallCardArgsProps, ToolCallCardResultProps };
