'use client';

import * as React from 'react';
import type { Decision } from '../../core/fold/confirm-result.js';
import type { ToolCallBlock } from '../../core/model/block.js';
import type { PermissionRule } from '../../core/model/permission.js';
import { useAgentMessagesConfig } from '../provider/agent-messages-provider.js';
import type { DecisionStatus } from './confirmation-prompt-call.js';
import { ConfirmationPromptCall } from './confirmation-prompt-call.js';
import { DecisionButton, armingProps } from './decision-button.js';
import { needsReview } from './format-arguments.js';
import { useActivationGuard } from './use-activation-guard.js';

/* -------------------------------------------------------------------------------------------------
 * ConfirmationPrompt
 * -----------------------------------------------------------------------------------------------*/

const CONFIRMATION_PROMPT_NAME = 'ConfirmationPrompt';

/** How long a new prompt, or a call whose arguments or rules changed, ignores activation. */
const DEFAULT_ARM_DELAY_MS = 500;

/** Props of `ConfirmationPrompt`. */
interface ConfirmationPromptProps extends Omit<React.ComponentPropsWithoutRef<'div'>, 'children'> {
  /** The calls waiting for the user; only those in state `asking` are shown. */
  toolCalls: readonly ToolCallBlock[];
  /**
   * Sends one decision (once per call, also for "Allow all"). While a returned promise is
   * pending the call's buttons are disabled; a rejection re-enables them and shows an error.
   * The call stays on screen until the parent stops passing it.
   */
  onDecision(decision: Decision): void | Promise<void>;
  /**
   * Milliseconds a new prompt, or a call whose name, arguments or suggested rules changed,
   * ignores activation: its buttons look disabled (`aria-disabled`, still focusable) until then.
   * Set it for every prompt with `safety.confirmationArmDelayMs` on the provider, `<Message>` or
   * `<MessageList>`; `0` turns the delay off. @default 500
   */
  armDelayMs?: number;
}

/**
 * Approve or deny pending tool calls: each call's tool and exact arguments with Allow, one
 * "Always allow …" per suggested rule, and Deny; "Allow all" / "Deny all" when several wait.
 * For `armDelayMs` after a call appears or changes, its buttons ignore activation and say so.
 * @selector [data-slot="confirmation-prompt"] [data-armed] present once activation is accepted
 * @selector [data-slot="confirmation-prompt-button"] [aria-disabled="true"] during the arm delay, [data-armed] after it
 * @selector [data-slot="confirmation-prompt-call"] [data-status] `idle | sending | sent | failed`, with [data-slot="confirmation-prompt-question"] when the agent asks a question
 * @selector [data-slot="confirmation-prompt-button"] [data-action] `allow | always-allow | deny | allow-all | deny-all`
 */
const ConfirmationPrompt = React.memo(
  React.forwardRef<HTMLDivElement, ConfirmationPromptProps>(
    function ConfirmationPrompt(props, ref) {
      const { toolCalls, ...rest } = props;
      const asking = React.useMemo(
        () => toolCalls.filter((call) => call.state === 'asking'),
        [toolCalls],
      );
      // The body mounts when calls appear, which is when focus moves (or the title announces).
      if (asking.length === 0) return null;
      return <ConfirmationPromptBody {...rest} toolCalls={asking} ref={ref} />;
    },
  ),
);
ConfirmationPrompt.displayName = CONFIRMATION_PROMPT_NAME;

/* -------------------------------------------------------------------------------------------------
 * ConfirmationPromptBody
 * -----------------------------------------------------------------------------------------------*/

interface Decided {
  /** The input the decision was made on: a new input makes the call undecided again. */
  input: string;
  status: Exclude<DecisionStatus, 'idle'>;
  confirmed: boolean;
}

const ConfirmationPromptBody = React.forwardRef<HTMLDivElement, ConfirmationPromptProps>(
  function ConfirmationPromptBody(props, ref) {
    const { toolCalls, onDecision, armDelayMs: armDelayProp, style, ...rootProps } = props;
    const { labels, safety } = useAgentMessagesConfig();
    const armDelayMs = armDelay(armDelayProp ?? safety.confirmationArmDelayMs);
    const titleId = React.useId();
    const titleRef = React.useRef<HTMLDivElement>(null);
    const guard = useActivationGuard(toolCalls, armDelayMs);
    const [decided, setDecided] = React.useState<ReadonlyMap<string, Decided>>(() => new Map());
    // Calls whose long arguments the user has shown in full, with the input they saw.
    const [shownAll, setShownAll] = React.useState<ReadonlyMap<string, string>>(() => new Map());
    const reviewed = (call: ToolCallBlock) =>
      shownAll.get(call.id) === call.input || !needsReview(call.input);
    // Someone typing keeps their focus; the prompt is announced instead of focused.
    const [typing] = React.useState(isTyping);
    const refocus = React.useRef<{ button: HTMLButtonElement; holder: HTMLElement } | null>(null);

    // A new prompt takes focus, never scrolling to it: one out of view (a row far up the list,
    // loaded with history) leaves focus, and the scroll position, where they are.
    React.useEffect(() => {
      const title = titleRef.current;
      if (!title || typing || isTyping() || !isInView(title)) return;
      title.focus({ preventScroll: true });
    }, [typing]);

    // After a failure re-enables the button that was pressed, give it its focus back.
    React.useEffect(() => {
      const pending = refocus.current;
      if (!pending || pending.button.disabled) return;
      refocus.current = null;
      if (document.activeElement === pending.holder) pending.button.focus();
    }, [decided]);

    const statusOf = (call: ToolCallBlock): Decided | undefined => {
      const entry = decided.get(call.id);
      return entry && entry.input === call.input ? entry : undefined;
    };
    const open = toolCalls.filter((call) => {
      const status = statusOf(call)?.status;
      return status === undefined || status === 'failed';
    });

    const send = (decisions: Decision[]) => {
      const settle = (call: ToolCallBlock, status: Decided['status'], confirmed: boolean) =>
        setDecided((previous) => {
          const entry = previous.get(call.id);
          // A decision on arguments that have since changed says nothing about the new ones.
          if (status !== 'sending' && (!entry || entry.input !== call.input)) return previous;
          return new Map(previous).set(call.id, { input: call.input, status, confirmed });
        });
      for (const decision of decisions) {
        const { toolCall, confirmed } = decision;
        settle(toolCall, 'sending', confirmed);
        let result: void | Promise<void>;
        try {
          result = onDecision(decision);
        } catch {
          settle(toolCall, 'failed', confirmed);
          continue;
        }
        if (isPromiseLike(result)) {
          result.then(
            () => settle(toolCall, 'sent', confirmed),
            () => settle(toolCall, 'failed', confirmed),
          );
        } else {
          settle(toolCall, 'sent', confirmed);
        }
      }
    };

    const decideOne = (
      call: ToolCallBlock,
      confirmed: boolean,
      rules: PermissionRule[] | undefined,
      event: React.MouseEvent<HTMLButtonElement>,
      holder: HTMLElement | null,
    ) => {
      if (!guard.accepts([call], event.timeStamp)) return;
      if (confirmed && !reviewed(call)) return;
      holdFocus(event.currentTarget, holder);
      send([rules ? { toolCall: call, confirmed, rules } : { toolCall: call, confirmed }]);
    };

    const decideAll = (confirmed: boolean) => (event: React.MouseEvent<HTMLButtonElement>) => {
      if (!guard.accepts(open, event.timeStamp)) return;
      if (confirmed && !open.every(reviewed)) return;
      holdFocus(event.currentTarget, titleRef.current);
      send(open.map((call) => ({ toolCall: call, confirmed })));
    };

    const holdFocus = (button: HTMLButtonElement, holder: HTMLElement | null) => {
      // The pressed button is about to be disabled, which would drop keyboard focus to the body.
      if (!holder || document.activeElement !== button) return;
      holder.focus();
      refocus.current = { button, holder };
    };

    const allArmed = toolCalls.every(guard.isArmed);
    const bulkArming = armingProps(allArmed, `${titleId}-arming`);
    return (
      <div
        role="group"
        aria-labelledby={titleId}
        data-slot="confirmation-prompt"
        data-armed={allArmed ? '' : undefined}
        {...rootProps}
        style={
          { '--ram-confirmation-arm-delay': `${armDelayMs}ms`, ...style } as React.CSSProperties
        }
        ref={ref}
      >
        <div
          data-slot="confirmation-prompt-title"
          id={titleId}
          tabIndex={-1}
          role={typing ? 'alert' : undefined}
          ref={titleRef}
        >
          {labels.confirmationTitle(toolCalls.length)}
        </div>
        <span id={`${titleId}-arming`} hidden>
          {labels.confirmationArming}
        </span>
        {toolCalls.map((call) => {
          const entry = statusOf(call);
          return (
            <ConfirmationPromptCall
              key={call.id}
              call={call}
              status={entry?.status ?? 'idle'}
              confirmed={entry?.confirmed ?? false}
              armed={guard.isArmed(call)}
              shownAll={shownAll.get(call.id) === call.input}
              onShowAll={() =>
                setShownAll((previous) => new Map(previous).set(call.id, call.input))
              }
              onDecide={decideOne}
            />
          );
        })}
        {toolCalls.length > 1 ? (
          <div data-slot="confirmation-prompt-bulk-actions">
            <DecisionButton
              action="allow-all"
              disabled={open.length === 0 || !open.every(reviewed)}
              arming={bulkArming}
              onClick={decideAll(true)}
            >
              {labels.allowAll}
            </DecisionButton>
            <DecisionButton
              action="deny-all"
              disabled={open.length === 0}
              arming={bulkArming}
              onClick={decideAll(false)}
            >
              {labels.denyAll}
            </DecisionButton>
          </div>
        ) : null}
      </div>
    );
  },
);

/* -------------------------------------------------------------------------------------------------
 * Helpers
 * -----------------------------------------------------------------------------------------------*/

/** A usable delay: a number that is not finite (or is missing) gives the default. */
function armDelay(value: number | undefined): number {
  return value !== undefined && Number.isFinite(value) ? Math.max(0, value) : DEFAULT_ARM_DELAY_MS;
}

function isTyping(): boolean {
  if (typeof document === 'undefined') return false;
  const active = document.activeElement;
  if (!(active instanceof HTMLElement)) return false;
  if (active.isContentEditable || active instanceof HTMLTextAreaElement) return true;
  return active instanceof HTMLInputElement && !NON_TEXT_INPUTS.has(active.type);
}

/** True when some of `element` shows in the viewport and in every box around it that clips. */
function isInView(element: HTMLElement): boolean {
  const rect = element.getBoundingClientRect();
  let top = Math.max(rect.top, 0);
  let left = Math.max(rect.left, 0);
  let bottom = Math.min(rect.bottom, window.innerHeight);
  let right = Math.min(rect.right, window.innerWidth);
  for (
    let box = element.parentElement;
    box && box !== document.body && top < bottom && left < right;
    box = box.parentElement
  ) {
    const style = getComputedStyle(box);
    if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
    const clip = box.getBoundingClientRect();
    top = Math.max(top, clip.top);
    left = Math.max(left, clip.left);
    bottom = Math.min(bottom, clip.bottom);
    right = Math.min(right, clip.right);
  }
  return top < bottom && left < right;
}

const NON_TEXT_INPUTS = new Set([
  'button',
  'checkbox',
  'color',
  'file',
  'hidden',
  'image',
  'radio',
  'range',
  'reset',
  'submit',
]);

function isPromiseLike(value: unknown): value is PromiseLike<void> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

export { ConfirmationPrompt };
export type { ConfirmationPromptProps };
