import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldAiSdkStream, fromAiSdkMessages } from '../../../src/ai-sdk.js';
import { ADAPTER_CASES as CASES } from './adapter-cases.js';

/*
 * `__proto__`, `constructor` and `prototype` keys, as `JSON.parse` makes them (own keys), at any
 * level of any adapter's input: no global prototype changes, no object the adapter returns
 * inherits from model data, and nothing an inherited field would hide is lost.
 */

/* -------------------------------------------------------------------------------------------------
 * Hostile keys: written under stand-in names, made real by JSON.parse (as a server's JSON is)
 * -----------------------------------------------------------------------------------------------*/

// A Map, not an object literal: in a literal, `__proto__: ...` would set the prototype.
const STAND_INS = new Map([
  ['__proto__', '@@proto'],
  ['constructor', '@@constructor'],
  ['prototype', '@@prototype'],
] as const);
type HostileKey = '__proto__' | 'constructor' | 'prototype';
const HOSTILE_KEYS = [...STAND_INS.keys()];

/** What a hostile key carries: objects that look like the adapter's own, nested hostile keys. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant({
    polluted: 'yes',
    sourceId: 's9',
    id: 'x',
    type: 'text',
    role: 'assistant',
    text: 'injected',
    toolCallId: 'c1',
  }),
  fc.constant({ '@@proto': { polluted: 'deep', sourceId: 's9' } }),
  fc.constant({ '@@prototype': { polluted: 'prototype' } }),
  fc.constant([{ polluted: 'array' }]),
  fc.constantFrom('polluted', 1, null, true),
);

const injection = fc.record({
  at: fc.noBias(fc.nat({ max: 9999 })),
  key: fc.constantFrom(...HOSTILE_KEYS),
  value: hostileValue,
});

/** Every object in a JSON value, the root first, without recursion. */
function objectsOf(value: unknown): Record<string, unknown>[] {
  const found: Record<string, unknown>[] = [];
  const pending = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item !== 'object' || item === null) continue;
    if (!Array.isArray(item)) found.push(item as Record<string, unknown>);
    pending.push(...Object.values(item));
  }
  return found;
}

/** The input with hostile keys added where `injections` say, read back through JSON.parse. */
function withHostileKeys(
  input: unknown,
  injections: readonly { at: number; key: HostileKey; value: unknown }[],
): unknown {
  const copy = structuredClone(input);
  const objects = objectsOf(copy);
  for (const { at, key, value } of injections) {
    const target = objects[at % objects.length];
    if (target !== undefined) target[STAND_INS.get(key) as string] = value;
  }
  let text = JSON.stringify(copy);
  for (const key of HOSTILE_KEYS)
    text = text.replaceAll(`"${STAND_INS.get(key) as string}"`, JSON.stringify(key));
  return JSON.parse(text);
}

/* -------------------------------------------------------------------------------------------------
 * Checks
 * -----------------------------------------------------------------------------------------------*/

const GLOBALS = [Object.prototype, Array.prototype, Function.prototype, String.prototype];
const globalKeys = () => GLOBALS.map((proto) => Reflect.ownKeys(proto).length);

// What a result shows through getters (a fold state keeps its lists in private fields).
const SHOWN = ['messages', 'message', 'state', 'activities', 'runs', 'interrupts', 'diagnostics'];

/** Every prototype of an object reachable from `value` (Maps, Sets and getters looked into). */
function prototypesIn(value: unknown): Set<object | null> {
  const prototypes = new Set<object | null>();
  const seen = new Set<object>();
  const pending: unknown[] = [value];
  if (typeof value === 'object' && value !== null)
    for (const key of SHOWN)
      if (key in value) pending.push((value as Record<string, unknown>)[key]);
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item !== 'object' || item === null || seen.has(item)) continue;
    seen.add(item);
    prototypes.add(Object.getPrototypeOf(item) as object | null);
    if (item instanceof Map) pending.push(...item.keys(), ...item.values());
    else if (item instanceof Set) pending.push(...item.values());
    else
      for (const key of Reflect.ownKeys(item))
        pending.push((item as Record<PropertyKey, unknown>)[key]);
  }
  return prototypes;
}

/** A prototype as a test failure shows it: its own keys (printing it whole runs its getters). */
function describePrototype(prototype: object | null): string {
  return prototype === null ? 'null' : `{ ${Reflect.ownKeys(prototype).map(String).join(', ')} }`;
}

describe('prototype keys through every adapter', () => {
  it.each(CASES.map((entry) => [entry.name, entry] as const))(
    '%s: no global prototype changes, no returned object inherits from the input',
    (_, { input, read }) => {
      // The prototypes a clean read reaches (plain objects, arrays, the adapters' own classes).
      const allowed = prototypesIn(read(structuredClone(input)));
      const before = globalKeys();
      fc.assert(
        fc.property(fc.array(injection, { minLength: 1, maxLength: 8 }), (injections) => {
          const result = read(withHostileKeys(input, injections));
          expect(globalKeys()).toEqual(before);
          expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
          const foreign = [...prototypesIn(result)].filter((prototype) => !allowed.has(prototype));
          expect(foreign.map(describePrototype)).toEqual([]);
        }),
        { numRuns: 60 },
      );
    },
    30_000,
  );

  it('AI SDK: an inherited sourceId does not make a later real source "repeated"', () => {
    const hostile = JSON.parse(
      '{"type":"source-url","sourceId":"s1","url":"https://example.com/a","__proto__":{"sourceId":"s2"}}',
    ) as unknown;
    const real = { type: 'source-url', sourceId: 's2', url: 'https://example.com/b' };
    const stream = foldAiSdkStream([{ type: 'start', messageId: 'm1' }, hostile, real]);
    const sources = stream.messages[0]?.metadata['ai_sdk'] as { sources: object[] };
    expect(sources.sources.map((source) => Object.getPrototypeOf(source))).toEqual([
      Object.prototype,
      Object.prototype,
    ]);
    expect(sources.sources.map((source) => (source as { sourceId: string }).sourceId)).toEqual([
      's1',
      's2',
    ]);
    expect(stream.diagnostics.map((diagnostic) => diagnostic.code)).not.toContain(
      'repeated-source',
    );

    const history = fromAiSdkMessages([
      {
        id: 'm1',
        role: 'assistant',
        parts: [hostile, { ...real, type: 'source-url' }],
      },
    ] as never);
    const kept = history.messages[0]?.metadata['ai_sdk'] as { sources: object[] };
    expect(kept.sources).toHaveLength(2);
    expect(history.diagnostics.map((diagnostic) => diagnostic.code)).not.toContain(
      'repeated-source',
    );
  });
});
