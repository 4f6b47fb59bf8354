import { revealInvisible } from '../../../core/safety/invisible.js';

/** How much of a value {@link formatJsonValue} writes before it elides the rest. */
export interface JsonValueLimits {
  /** Containers nested deeper than this are written as `[…]` or `{…}`. */
  maxDepth: number;
  /** Characters written at most; past them the text ends with `cutMark`. */
  maxLength: number;
  /** What follows text cut at `maxLength`. */
  cutMark: string;
}

/**
 * Pretty JSON (two-space indent) of an untrusted value, for display, at bounded cost: deep
 * nesting is elided and output stops at `maxLength`, so a 10,000-level or 10 MB payload can
 * neither overflow the stack nor freeze the page. Only own keys are read; never throws.
 */
export function formatJsonValue(value: unknown, limits: JsonValueLimits): string {
  const { maxDepth, maxLength, cutMark } = limits;
  const out: string[] = [];
  let length = 0;
  const write = (text: string) => {
    out.push(text);
    length += text.length;
  };
  const visit = (node: unknown, depth: number, indent: string): void => {
    if (length >= maxLength) return;
    if (node === null || typeof node !== 'object') {
      write(formatAtom(node));
      return;
    }
    const array = Array.isArray(node);
    const [open, close] = array ? ['[', ']'] : ['{', '}'];
    const keys = array ? null : Object.keys(node);
    const size = keys === null ? (node as unknown[]).length : keys.length;
    if (size === 0) return write(open + close);
    if (depth >= maxDepth) return write(`${open}…${close}`);
    const inner = `${indent}  `;
    write(`${open}\n`);
    for (let index = 0; index < size && length < maxLength; index++) {
      const key = keys === null ? null : (keys[index] as string);
      write(key === null ? inner : `${inner}${JSON.stringify(key)}: `);
      const descriptor = Object.getOwnPropertyDescriptor(node, key ?? index);
      visit(descriptor && 'value' in descriptor ? descriptor.value : undefined, depth + 1, inner);
      write(index < size - 1 ? ',\n' : '\n');
    }
    write(indent + close);
  };
  visit(value, 0, '');
  const text = out.join('');
  return length >= maxLength ? `${text.slice(0, maxLength)}${cutMark}` : text;
}

function formatAtom(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null)
    return String(value);
  return typeof value === 'undefined' ? 'undefined' : typeof value;
}

const RAW_LIMITS: JsonValueLimits = {
  maxDepth: 64,
  maxLength: 200_000,
  cutMark: '\n… (truncated)',
};

/**
 * A block, hint or error payload shown raw: nesting deeper than 64 levels is elided and output
 * stops at 200,000 characters.
 */
export function formatRawJson(value: unknown): string {
  return formatJsonValue(value, RAW_LIMITS);
}

const ARGUMENT_LIMITS: JsonValueLimits = { maxDepth: 100, maxLength: 2_000_000, cutMark: '\n…' };

/**
 * Parsed (possibly partial) arguments as indented JSON text with invisible and bidi-control
 * characters shown as markers: nesting past 100 levels is elided and the text stops at
 * 2,000,000 characters.
 */
export function stringifyArgs(value: unknown): string {
  return revealInvisible(formatJsonValue(value, ARGUMENT_LIMITS));
}
