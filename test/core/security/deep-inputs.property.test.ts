import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stringifyDeep } from '../../../src/core/model/json-walk.js';
import { ADAPTER_CASES } from './adapter-cases.js';

/*
 * Fuzz with depth and width, not random strings: any value of any adapter's input replaced by
 * JSON nested thousands of levels deep, or by a very wide object, is read without a stack
 * overflow and without an internal error; whatever a message kept can still be serialized.
 */

/** What replaces a value: described, and built in the test (a counterexample prints small). */
const replacement = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('deep' as const),
      size: fc.constantFrom(2_000, 6_000, 12_000),
      shape: fc.constantFrom('object', 'array', 'mixed'),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('wide' as const),
      size: fc.constantFrom(5_000, 20_000),
      shape: fc.constant('object'),
    }),
  },
);

/** A value nested `size` levels (objects, arrays or both), or an object of `size` keys. */
function build({ kind, size, shape }: { kind: 'deep' | 'wide'; size: number; shape: string }) {
  if (kind === 'wide')
    return Object.fromEntries(Array.from({ length: size }, (_, index) => [`k${index}`, index]));
  const open = shape === 'object' ? '{"a":' : shape === 'array' ? '[' : '{"a":[';
  const close = shape === 'object' ? '}' : shape === 'array' ? ']' : ']}';
  const levels = shape === 'mixed' ? Math.floor(size / 2) : size;
  return JSON.parse(open.repeat(levels) + '"rm -rf ~"' + close.repeat(levels)) as unknown;
}

/** Every place in a JSON value (objects' and arrays' slots), without recursion. */
function slotsOf(value: unknown): [Record<string | number, unknown>, string | number][] {
  const slots: [Record<string | number, unknown>, string | number][] = [];
  const pending = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item !== 'object' || item === null) continue;
    for (const key of Object.keys(item)) {
      const slot = Array.isArray(item) ? Number(key) : key;
      slots.push([item as Record<string | number, unknown>, slot]);
      pending.push((item as Record<string, unknown>)[key]);
    }
  }
  return slots;
}

const OVERFLOW = /call stack|RangeError|too much recursion/i;

describe('deep and wide values anywhere in any adapter input', () => {
  it.each(ADAPTER_CASES.map((entry) => [entry.name, entry] as const))(
    '%s: no stack overflow, no internal error, and the result serializes',
    (_, { input, read }) => {
      const slots = slotsOf(input).length;
      fc.assert(
        fc.property(
          fc.array(fc.record({ at: fc.noBias(fc.nat({ max: slots - 1 })), value: replacement }), {
            minLength: 1,
            maxLength: 3,
          }),
          (changes) => {
            const copy = structuredClone(input);
            const places = slotsOf(copy);
            for (const { at, value } of changes) {
              const place = places[at];
              if (place !== undefined) place[0][place[1]] = build(value);
            }
            const result = read(copy) as {
              diagnostics?: { message: string; code: string }[];
              messages?: unknown;
              message?: unknown;
            };
            const reported = (result.diagnostics ?? []).filter(
              (diagnostic) =>
                OVERFLOW.test(diagnostic.message) || diagnostic.code === 'internal-error',
            );
            expect(reported).toEqual([]);
            // What is shown can be saved: the messages are plain JSON, however deep.
            expect(() => stringifyDeep(result.messages ?? result.message)).not.toThrow();
          },
        ),
        { numRuns: 15 },
      );
    },
    60_000,
  );
});
