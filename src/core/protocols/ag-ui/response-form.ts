/*
 * An interrupt's `responseSchema`, when it is simple enough to ask for as a small form: a flat
 * object of string, number, integer, boolean and enum properties. The schema is untrusted JSON:
 * anything else gives no form, never an exception.
 */
import type { JsonObject, JsonValue } from '../../model/json.js';
import type { Msg } from '../../model/message.js';
import { isRecord, readText } from '../common/read.js';
import { readStrings } from './wire-event.js';
import type { AgUiInterrupt } from './types.js';

/** A value an enum field offers. */
export type AgUiFormOption = string | number | boolean;

/** One field of an interrupt's answer form, read from its `responseSchema`. */
export interface AgUiFormField {
  /** The property name: the key of this field's value in the payload. */
  name: string;
  /** What the field holds; `enum` offers `options` to choose from. */
  kind: 'string' | 'number' | 'integer' | 'boolean' | 'enum';
  /** The schema's `title`, else the property name. */
  title: string;
  /** The schema's `description`, when it has one. */
  description?: string;
  /** True when the schema lists the property in `required`. */
  required: boolean;
  /** The choices of an `enum` field, in the schema's order. */
  options?: readonly AgUiFormOption[];
  /** The schema's `default`, when it fits the field. */
  default?: AgUiFormOption;
}

/** More fields than this is not a small form. */
const MAX_FIELDS = 20;
/** More options than this is not a small enum. */
const MAX_OPTIONS = 50;

const isOption = (value: unknown): value is AgUiFormOption =>
  typeof value === 'string' ||
  typeof value === 'boolean' ||
  (typeof value === 'number' && Number.isFinite(value));

function readField(name: string, schema: unknown, required: boolean): AgUiFormField | null {
  if (!isRecord(schema)) return null;
  const field: AgUiFormField = {
    name,
    kind: 'string',
    title: readText(schema['title']) ?? name,
    required,
  };
  const description = readText(schema['description']);
  if (description !== null) field.description = description;
  const choices = schema['enum'];
  const type = schema['type'];
  if (Array.isArray(choices)) {
    if (choices.length === 0 || choices.length > MAX_OPTIONS || !choices.every(isOption))
      return null;
    field.kind = 'enum';
    field.options = choices;
  } else if (type === 'string' || type === 'number' || type === 'integer' || type === 'boolean') {
    field.kind = type;
  } else {
    return null;
  }
  const fallback = schema['default'];
  if (isOption(fallback) && fits(field, fallback)) field.default = fallback;
  return field;
}

function fits(field: AgUiFormField, value: AgUiFormOption): boolean {
  if (field.kind === 'enum') return (field.options ?? []).includes(value);
  if (field.kind === 'integer') return Number.isInteger(value);
  // The other kinds are named as `typeof` names them.
  return typeof value === field.kind;
}

/**
 * The form an interrupt's `responseSchema` asks for, or `null` when the schema is missing or not
 * simple: an object (`type: 'object'`, or `properties` alone) with 1 to 20 properties, each a
 * `string`, `number`, `integer` or `boolean`, or an `enum` of such values. Never throws.
 * @example readAgUiResponseForm({ type: 'object', properties: { reason: { type: 'string' } } })
 */
export function readAgUiResponseForm(schema: unknown): AgUiFormField[] | null {
  try {
    if (!isRecord(schema)) return null;
    if (schema['type'] !== undefined && schema['type'] !== 'object') return null;
    const properties = schema['properties'];
    if (!isRecord(properties)) return null;
    const names = Object.keys(properties);
    if (names.length === 0 || names.length > MAX_FIELDS) return null;
    const required = new Set(readStrings(schema['required']));
    const fields: AgUiFormField[] = [];
    for (const name of names) {
      const field = readField(name, properties[name], required.has(name));
      if (field === null) return null;
      fields.push(field);
    }
    return fields;
  } catch {
    // A hostile object (a throwing getter, a proxy) is not a simple schema.
    return null;
  }
}

/** Why a field's value cannot go into the payload. */
export type AgUiFormError = 'required' | 'number';

/** The payload built from a form's values, or the errors by field name. */
export type AgUiFormResult =
  { ok: true; payload: JsonObject } | { ok: false; errors: ReadonlyMap<string, AgUiFormError> };

/**
 * The answer's payload from a form's raw values (the text of each input, `true`/`false` for a
 * checkbox, the chosen option's index as text for an enum): numbers parsed, empty optional
 * fields left out, a required empty field or an unreadable number reported. Never throws.
 */
export function buildAgUiFormPayload(
  fields: readonly AgUiFormField[],
  values: ReadonlyMap<string, string | boolean>,
): AgUiFormResult {
  const entries: [string, JsonValue][] = [];
  const errors = new Map<string, AgUiFormError>();
  for (const field of fields) {
    const raw = values.get(field.name);
    if (field.kind === 'boolean') {
      entries.push([field.name, raw === true]);
      continue;
    }
    const text = typeof raw === 'string' ? raw.trim() : '';
    if (text === '') {
      if (field.required) errors.set(field.name, 'required');
      continue;
    }
    if (field.kind === 'enum') {
      const option = (field.options ?? [])[Number(text)];
      if (option === undefined) errors.set(field.name, 'required');
      else entries.push([field.name, option]);
    } else if (field.kind === 'string') {
      entries.push([field.name, typeof raw === 'string' ? raw : '']);
    } else {
      const number = Number(text);
      const valid =
        Number.isFinite(number) && (field.kind === 'number' || Number.isInteger(number));
      if (valid) entries.push([field.name, number]);
      else errors.set(field.name, 'number');
    }
  }
  // Object.fromEntries defines own properties: a field named `__proto__` stays a plain key.
  return errors.size > 0
    ? { ok: false, errors }
    : { ok: true, payload: Object.fromEntries(entries) as JsonObject };
}

/**
 * The interrupts that need a prompt of their own: those that name no tool call, or name one
 * that is not among `messages` (an interrupt about a call shows on that call's card instead).
 */
export function standaloneAgUiInterrupts(
  interrupts: readonly AgUiInterrupt[],
  messages: readonly Msg[],
): AgUiInterrupt[] {
  if (!Array.isArray(interrupts)) return [];
  const calls = new Set<string>();
  for (const message of Array.isArray(messages) ? messages : [])
    for (const block of Array.isArray(message.content) ? message.content : [])
      if (block.type === 'tool_call') calls.add(block.id);
  return interrupts.filter(
    (interrupt) =>
      isRecord(interrupt) &&
      (typeof interrupt.toolCallId !== 'string' || !calls.has(interrupt.toolCallId)),
  );
}
