'use client';

import * as React from 'react';
import { createAgUiResume } from '../../core/protocols/ag-ui/resume.js';
import type { AgUiFormError } from '../../core/protocols/ag-ui/response-form.js';
import {
  buildAgUiFormPayload,
  readAgUiResponseForm,
} from '../../core/protocols/ag-ui/response-form.js';
import type { AgUiInterrupt, AgUiResumeEntry } from '../../core/protocols/ag-ui/types.js';
import type { JsonValue } from '../../core/model/json.js';
import { isRecord } from '../../core/model/parse/field-reader.js';
import { revealInvisible } from '../../core/safety/invisible.js';
import { useLabels } from '../provider/agent-messages-provider.js';
import { clipText } from '../primitives/truncate.js';
import { InterruptFormField, initialValue } from './interrupt-form-field.js';

/* -------------------------------------------------------------------------------------------------
 * InterruptPrompt
 * -----------------------------------------------------------------------------------------------*/

const INTERRUPT_PROMPT_NAME = 'InterruptPrompt';

/** What `InterruptPrompt` hands to `onResolve`. */
interface InterruptAnswer {
  /** The interrupt answered. */
  interrupt: AgUiInterrupt;
  /** The answer, for `createAgUiResume` when several interrupts wait. */
  entry: AgUiResumeEntry;
  /** This interrupt's `resume` list for the next `RunAgentInput` (one entry). */
  resume: AgUiResumeEntry[];
}

/** Props of `InterruptPrompt`. */
interface InterruptPromptProps extends Omit<
  React.ComponentPropsWithoutRef<'form'>,
  'children' | 'onSubmit'
> {
  /** An AG-UI interrupt from the fold's `state.interrupts` (see `standaloneAgUiInterrupts`). */
  interrupt: AgUiInterrupt;
  /**
   * Sends the answer. While a returned promise is pending the buttons are disabled; a rejection
   * re-enables them and shows an error. The prompt stays until the parent stops rendering it.
   */
  onResolve(answer: InterruptAnswer): void | Promise<void>;
}

type Status = 'idle' | 'sending' | 'sent' | 'failed';

/**
 * The prompt of an AG-UI interrupt that asks the user for something other than a tool approval:
 * its message, a small form when its `responseSchema` is a flat object of strings, numbers,
 * booleans and enums (a JSON box when it is more complex), and Submit / Cancel. The answer is
 * handed over as `resume` entries for the next run.
 * @selector [data-slot="interrupt-prompt"] [data-status] `idle | sending | sent | failed`
 * @selector [data-slot="interrupt-prompt-button"] [data-action] `submit | cancel`
 */
const InterruptPrompt = React.forwardRef<HTMLFormElement, InterruptPromptProps>(
  function InterruptPrompt(props, ref) {
    // Another interrupt starts afresh: its own form values and status.
    const key = isRecord(props.interrupt) ? props.interrupt.id : '';
    return <InterruptPromptBody key={key} {...props} ref={ref} />;
  },
);
InterruptPrompt.displayName = INTERRUPT_PROMPT_NAME;

const InterruptPromptBody = React.forwardRef<HTMLFormElement, InterruptPromptProps>(
  function InterruptPromptBody(props, ref) {
    const { interrupt, onResolve, ...rootProps } = props;
    const labels = useLabels();
    const id = React.useId();
    const schema = isRecord(interrupt) ? interrupt.responseSchema : undefined;
    const fields = React.useMemo(() => readAgUiResponseForm(schema), [schema]);
    // An answer schema too complex for a form is answered as JSON.
    const asJson = fields === null && schema !== undefined;
    const [values, setValues] = React.useState<ReadonlyMap<string, string | boolean>>(
      () => new Map((fields ?? []).map((field) => [field.name, initialValue(field)])),
    );
    const [errors, setErrors] = React.useState<ReadonlyMap<string, AgUiFormError | 'json'>>(
      () => new Map(),
    );
    const [status, setStatus] = React.useState<Status>('idle');
    const formRef = React.useRef<HTMLFormElement | null>(null);
    const busy = status === 'sending' || status === 'sent';

    const send = (response: Omit<AgUiResumeEntry, 'interruptId'>) => {
      setStatus('sending');
      const entry: AgUiResumeEntry = { interruptId: interrupt.id, ...response };
      const answer: InterruptAnswer = {
        interrupt,
        entry,
        resume: createAgUiResume([interrupt], [entry]),
      };
      let result: void | Promise<void>;
      try {
        result = onResolve(answer);
      } catch {
        setStatus('failed');
        return;
      }
      if (result && typeof (result as Promise<void>).then === 'function')
        (result as Promise<void>).then(
          () => setStatus('sent'),
          () => setStatus('failed'),
        );
      else setStatus('sent');
    };

    const submit = (event: React.FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (busy) return;
      const found = readAnswer();
      setErrors(found.errors);
      if (found.errors.size > 0) {
        // Once the errors render, focus the first field to fix, which reads out its error.
        requestAnimationFrame(() => firstInvalid(formRef.current)?.focus());
        return;
      }
      send(
        found.payload === undefined
          ? { status: 'resolved' }
          : { status: 'resolved', payload: found.payload },
      );
    };

    const readAnswer = (): {
      status: 'resolved';
      payload?: JsonValue;
      errors: ReadonlyMap<string, AgUiFormError | 'json'>;
    } => {
      if (fields !== null) {
        const built = buildAgUiFormPayload(fields, values);
        return built.ok
          ? { status: 'resolved', payload: built.payload, errors: new Map() }
          : { status: 'resolved', errors: built.errors };
      }
      if (!asJson) return { status: 'resolved', errors: new Map() };
      const text = values.get('');
      try {
        const payload = JSON.parse(typeof text === 'string' ? text : '') as JsonValue;
        return { status: 'resolved', payload, errors: new Map() };
      } catch {
        return { status: 'resolved', errors: new Map([['', 'json' as const]]) };
      }
    };

    const change = (name: string, value: string | boolean) => {
      setValues((previous) => new Map(previous).set(name, value));
      setErrors((previous) => {
        if (!previous.has(name)) return previous;
        const next = new Map(previous);
        next.delete(name);
        return next;
      });
      if (status === 'failed') setStatus('idle');
    };

    const message =
      isRecord(interrupt) && typeof interrupt.message === 'string' ? interrupt.message : '';
    const jsonError = errors.get('');
    return (
      <form
        noValidate
        aria-labelledby={`${id}-title`}
        aria-describedby={message ? `${id}-message` : undefined}
        data-slot="interrupt-prompt"
        data-status={status}
        {...rootProps}
        ref={(node) => {
          formRef.current = node;
          if (typeof ref === 'function') ref(node);
          else if (ref) ref.current = node;
        }}
        onSubmit={submit}
      >
        <div data-slot="interrupt-prompt-title" id={`${id}-title`}>
          {labels.interruptTitle}
        </div>
        {message ? (
          <p data-slot="interrupt-prompt-message" id={`${id}-message`}>
            {revealInvisible(clipText(message, 4000))}
          </p>
        ) : null}
        {(fields ?? []).map((field, index) => (
          <InterruptFormField
            key={`${index}:${field.name}`}
            field={field}
            id={`${id}-field-${index}`}
            value={values.get(field.name)}
            error={errorOf(errors.get(field.name))}
            disabled={busy}
            labels={labels}
            onChange={change}
          />
        ))}
        {asJson ? (
          <div data-slot="interrupt-prompt-field" data-kind="json">
            <label htmlFor={`${id}-json`} data-slot="interrupt-prompt-label">
              {labels.interruptJsonAnswer}
            </label>
            <textarea
              id={`${id}-json`}
              data-slot="interrupt-prompt-input"
              disabled={busy}
              aria-invalid={jsonError ? true : undefined}
              aria-describedby={jsonError ? `${id}-json-error` : undefined}
              value={String(values.get('') ?? '')}
              onChange={(event) => change('', event.currentTarget.value)}
            />
            {jsonError ? (
              <p id={`${id}-json-error`} data-slot="interrupt-prompt-field-error">
                {labels.interruptInvalidJson}
              </p>
            ) : null}
          </div>
        ) : null}
        <div data-slot="interrupt-prompt-actions">
          <button
            type="submit"
            data-slot="interrupt-prompt-button"
            data-action="submit"
            disabled={busy}
          >
            {labels.interruptSubmit}
          </button>
          <button
            type="button"
            data-slot="interrupt-prompt-button"
            data-action="cancel"
            disabled={busy}
            onClick={() => send({ status: 'cancelled' })}
          >
            {labels.interruptCancel}
          </button>
        </div>
        <p data-slot="interrupt-prompt-status" role="status">
          {status === 'sending'
            ? labels.interruptSending
            : status === 'sent'
              ? labels.interruptSent
              : status === 'failed'
                ? labels.interruptFailed
                : null}
        </p>
      </form>
    );
  },
);

/* -------------------------------------------------------------------------------------------------
 * Helpers
 * -----------------------------------------------------------------------------------------------*/

function errorOf(error: AgUiFormError | 'json' | undefined): AgUiFormError | undefined {
  return error === 'json' ? undefined : error;
}

function firstInvalid(form: HTMLFormElement | null): HTMLElement | null {
  return form?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? null;
}

export { InterruptPrompt };
export type { InterruptAnswer, InterruptPromptProps };
