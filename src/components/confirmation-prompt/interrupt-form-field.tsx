import * as React from 'react';
import type { AgUiFormError, AgUiFormField } from '../../core/protocols/ag-ui/response-form.js';
import { revealInvisible } from '../../core/safety/invisible.js';
import type { Labels } from '../labels.js';
import { clipText } from '../primitives/truncate.js';

interface InterruptFormFieldProps {
  field: AgUiFormField;
  /** Unique per field within the prompt, for the label, description and error ids. */
  id: string;
  value: string | boolean | undefined;
  error: AgUiFormError | undefined;
  disabled: boolean;
  labels: Labels;
  onChange(name: string, value: string | boolean): void;
}

/** What a field holds before the user touches it: the schema's default, else empty. */
export function initialValue(field: AgUiFormField): string | boolean {
  const fallback = field.default;
  if (field.kind === 'boolean') return fallback === true;
  if (fallback === undefined) return '';
  if (field.kind === 'enum') return String((field.options ?? []).indexOf(fallback));
  return String(fallback);
}

/**
 * One field of an interrupt's answer form: a text or number input, a checkbox, or a select for
 * an enum, labelled from the schema (shown as text, invisible characters revealed).
 */
export function InterruptFormField(props: InterruptFormFieldProps) {
  const { field, id, value, error, disabled, labels, onChange } = props;
  const title = revealInvisible(clipText(field.title));
  const describedBy =
    [field.description ? `${id}-description` : '', error ? `${id}-error` : '']
      .filter(Boolean)
      .join(' ') || undefined;
  const common = {
    id,
    name: field.name,
    disabled,
    'aria-describedby': describedBy,
    'aria-invalid': error ? true : undefined,
    'aria-required': field.required && field.kind !== 'boolean' ? true : undefined,
    'data-slot': 'interrupt-prompt-input',
  } as const;
  let control: React.ReactNode;
  if (field.kind === 'boolean') {
    control = (
      <input
        {...common}
        type="checkbox"
        checked={value === true}
        onChange={(event) => onChange(field.name, event.currentTarget.checked)}
      />
    );
  } else if (field.kind === 'enum') {
    control = (
      <select
        {...common}
        value={typeof value === 'string' ? value : ''}
        onChange={(event) => onChange(field.name, event.currentTarget.value)}
      >
        <option value="">{labels.interruptNoChoice}</option>
        {(field.options ?? []).map((option, index) => (
          <option key={index} value={String(index)}>
            {revealInvisible(clipText(String(option)))}
          </option>
        ))}
      </select>
    );
  } else {
    control = (
      <input
        {...common}
        type="text"
        inputMode={
          field.kind === 'integer' ? 'numeric' : field.kind === 'number' ? 'decimal' : undefined
        }
        value={typeof value === 'string' ? value : ''}
        onChange={(event) => onChange(field.name, event.currentTarget.value)}
      />
    );
  }
  return (
    <div data-slot="interrupt-prompt-field" data-kind={field.kind}>
      <label htmlFor={id} data-slot="interrupt-prompt-label">
        {title}
        {field.required && field.kind !== 'boolean' ? (
          <span data-slot="interrupt-prompt-required"> ({labels.interruptRequired})</span>
        ) : null}
      </label>
      {control}
      {field.description ? (
        <p id={`${id}-description`} data-slot="interrupt-prompt-description">
          {revealInvisible(clipText(field.description, 2000))}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} data-slot="interrupt-prompt-field-error">
          {error === 'number' ? labels.interruptInvalidNumber : labels.interruptRequired}
        </p>
      ) : null}
    </div>
  );
}
