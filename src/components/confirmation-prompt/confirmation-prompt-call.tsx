'use client';

import * as React from 'react';
import type { ToolCallBlock } from '../../core/model/block.js';
import type { PermissionRule } from '../../core/model/permission.js';
import { revealInvisible } from '../../core/safety/invisible.js';
import { findTool, useAgentMessagesConfig } from '../provider/agent-messages-provider.js';
import { clipText } from '../primitives/truncate.js';
import { jsonFields } from '../../core/partial-json/json-fields.js';
import { formatJson } from '../primitives/json/parse-arguments.js';
import { ResettableBoundary } from '../primitives/resettable-boundary.js';
import { argumentsShown } from './format-arguments.js';
import { DecisionButton, armingProps } from './decision-button.js';
import { allowRule, ruleLabel } from './rule-label.js';

/* -------------------------------------------------------------------------------------------------
 * ConfirmationPromptCall
 * -----------------------------------------------------------------------------------------------*/

/** Where one call's decision stands; `idle` until the user decides (and after a new input). */
type DecisionStatus = 'idle' | 'sending' | 'sent' | 'failed';

interface ConfirmationPromptCallProps {
  call: ToolCallBlock;
  status: DecisionStatus;
  /** What was decided, while `sending` or `sent`. */
  confirmed: boolean;
  /** False during the arm delay: the buttons look disabled and ignore activation. */
  armed: boolean;
  /** True once the user asked to see long arguments whole (for the current input). */
  shownAll: boolean;
  onShowAll(): void;
  /** Called by every button; the prompt checks the activation guard and sends the decision. */
  onDecide(
    call: ToolCallBlock,
    confirmed: boolean,
    rules: PermissionRule[] | undefined,
    event: React.MouseEvent<HTMLButtonElement>,
    holdFocus: HTMLElement | null,
  ): void;
}

/**
 * One pending call: its tool, the app's renderer for it (if any), the exact arguments, and the
 * Allow / Always allow / Deny buttons.
 */
function ConfirmationPromptCall(props: ConfirmationPromptCallProps) {
  const { call, status, confirmed, armed, shownAll, onShowAll, onDecide } = props;
  const { labels, tools } = useAgentMessagesConfig();
  const id = React.useId();
  const statusRef = React.useRef<HTMLParagraphElement>(null);
  const argumentsRef = React.useRef<HTMLPreElement>(null);
  const args = React.useMemo(() => formatJson(call.input), [call.input]);
  const Renderer = findTool(tools, call.name)?.render;
  const rendererArgs = args.complete ? args.value : undefined;
  const fields = React.useMemo(() => jsonFields(rendererArgs, null), [rendererArgs]);
  const preview = React.useMemo(() => argumentsShown(args.text, false), [args.text]);
  const full = React.useMemo(
    () => (shownAll ? argumentsShown(args.text, true) : null),
    [shownAll, args.text],
  );
  const shown = full ?? preview;
  // Allow waits until everything that will run has been shown (Deny never waits).
  const unreviewed = preview.truncated && !shownAll;
  const busy = status === 'sending' || status === 'sent';
  const decide =
    (allow: boolean, rules?: PermissionRule[]) => (event: React.MouseEvent<HTMLButtonElement>) =>
      onDecide(call, allow, rules, event, statusRef.current);
  // While arming the buttons stay focusable (aria-disabled, not disabled), and say why they wait.
  const arming = armingProps(armed, `${id}-arming`);

  return (
    <div
      role="group"
      aria-labelledby={`${id}-tool`}
      aria-describedby={call.question ? `${id}-question` : undefined}
      data-slot="confirmation-prompt-call"
      data-status={status}
      data-armed={armed ? '' : undefined}
    >
      <div data-slot="confirmation-prompt-tool" id={`${id}-tool`}>
        <bdi>{revealInvisible(clipText(call.name))}</bdi>
      </div>
      {call.question ? (
        <p data-slot="confirmation-prompt-question" id={`${id}-question`}>
          {revealInvisible(clipText(call.question, 4000))}
        </p>
      ) : null}
      <span id={`${id}-arming`} hidden>
        {labels.confirmationArming}
      </span>
      {Renderer ? (
        <div data-slot="confirmation-prompt-renderer">
          {/* A renderer that throws must not take the approval buttons down with it: the raw
              arguments below it are what the user approves anyway. A new call gets another try. */}
          <ResettableBoundary resetKey={call} fallback={null}>
            <Renderer
              call={call}
              args={rendererArgs}
              argsComplete
              argsFields={fields}
              result={undefined}
              streaming={false}
            />
          </ResettableBoundary>
        </div>
      ) : null}
      <div
        role="group"
        aria-labelledby={`${id}-arguments`}
        data-slot="confirmation-prompt-arguments"
        data-parsed={args.complete ? '' : undefined}
      >
        <div data-slot="confirmation-prompt-arguments-label" id={`${id}-arguments`}>
          {labels.arguments}
        </div>
        {args.duplicateKeys ? (
          <p data-slot="confirmation-prompt-duplicate-keys">{labels.duplicateKeys}</p>
        ) : null}
        {/* Focusable so that long arguments can be scrolled from the keyboard. */}
        <pre
          data-slot="confirmation-prompt-arguments-text"
          data-truncated={shown.truncated ? '' : undefined}
          dir="ltr"
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          ref={argumentsRef}
        >
          {shown.truncated ? `${shown.text}…` : shown.text}
        </pre>
        {unreviewed ? (
          <p data-slot="confirmation-prompt-review">
            {labels.reviewArguments}{' '}
            <button
              type="button"
              data-slot="confirmation-prompt-show-all"
              onClick={() => {
                onShowAll();
                // The button goes away: keep keyboard focus on what it revealed.
                argumentsRef.current?.focus();
              }}
            >
              {labels.showAll(args.text.length)}
            </button>
          </p>
        ) : null}
        {full?.truncated ? (
          <p data-slot="confirmation-prompt-capped">
            {labels.outputCapped(full.text.length, args.text.length)}
          </p>
        ) : null}
      </div>
      <div data-slot="confirmation-prompt-actions">
        <DecisionButton
          action="allow"
          disabled={busy || unreviewed}
          arming={arming}
          onClick={decide(true)}
        >
          {labels.allow}
        </DecisionButton>
        {call.suggested_rules.map((rule, index) => (
          <DecisionButton
            key={index}
            action="always-allow"
            disabled={busy || unreviewed}
            arming={arming}
            onClick={decide(true, [allowRule(rule, call)])}
          >
            {ruleLabel(labels, rule, call)}
          </DecisionButton>
        ))}
        <DecisionButton action="deny" disabled={busy} arming={arming} onClick={decide(false)}>
          {labels.deny}
        </DecisionButton>
      </div>
      <p data-slot="confirmation-prompt-status" role="status" tabIndex={-1} ref={statusRef}>
        {status === 'sending'
          ? labels.sending
          : status === 'sent'
            ? labels.decisionSent(confirmed)
            : null}
      </p>
      {status === 'failed' ? (
        <p data-slot="confirmation-prompt-error" role="alert">
          {labels.decisionFailed}
        </p>
      ) : null}
    </div>
  );
}

export { ConfirmationPromptCall };
export type { ConfirmationPromptCallProps, DecisionStatus };
