import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  foldAgentFlowStream,
  foldAgUiEvents,
  foldAiSdkStream,
  foldOperatorUseEvents,
  fromAgentFlowMessages,
  fromAgentScopeMsg,
  fromAgUiMessages,
  fromAiSdkMessages,
  fromOperatorUseMessage,
  fromOperatorUseSession,
} from '../../../src/core.js';

/*
 * `__proto__`, `constructor` and `prototype` keys, as `JSON.parse` makes them (own keys), at any
 * level of any adapter's input: no global prototype changes, no object the adapter returns
 * inherits from model data, and nothing an inherited field would hide is lost.
 */

const json = (path: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8'));
const jsonl = (path: string): unknown[] =>
  readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as unknown);

const AI_SDK_CHUNKS: unknown[] = [
  { type: 'start', messageId: 'm1', messageMetadata: { trace: { id: 't' } } },
  { type: 'source-url', sourceId: 's1', url: 'https://example.com/a', title: 'A' },
  { type: 'text-start', id: 't1' },
  { type: 'text-delta', id: 't1', delta: 'See [1].' },
  { type: 'text-end', id: 't1' },
  { type: 'source-document', sourceId: 's2', mediaType: 'text/plain', title: 'B' },
  { type: 'data-weather', id: 'd1', data: { city: 'Paris', temperature: { value: 20 } } },
  { type: 'tool-input-available', toolCallId: 'c1', toolName: 'bash', input: { command: 'ls' } },
  { type: 'tool-approval-request', approvalId: 'ap1', toolCallId: 'c1' },
  { type: 'message-metadata', messageMetadata: { usage: { inputTokens: 1 } } },
  { type: 'finish', finishReason: 'stop' },
];

const AG_UI_EVENTS = json('fixtures/ag-ui/full-conversation.json') as unknown[];
const AG_UI_STATE_EVENTS: unknown[] = [
  { type: 'RUN_STARTED', threadId: 't1', runId: 'r1' },
  { type: 'STATE_SNAPSHOT', snapshot: { todos: [{ title: 'a' }], meta: { owner: 'x' } } },
  { type: 'STATE_DELTA', delta: [{ op: 'add', path: '/meta/next', value: { n: 1 } }] },
  { type: 'CUSTOM', name: 'note', value: { text: 'hi' } },
  { type: 'RUN_FINISHED', threadId: 't1', runId: 'r1' },
];

interface AdapterCase {
  readonly name: string;
  readonly input: unknown;
  readonly read: (input: unknown) => unknown;
}

const CASES: readonly AdapterCase[] = [
  {
    name: 'AgentScope 1.x',
    input: json('fixtures/agentscope/legacy-1x-assistant.json'),
    read: fromAgentScopeMsg,
  },
  {
    name: 'AgentScope 2.x',
    input: json('fixtures/agentscope/v2-complete-utc.json'),
    read: fromAgentScopeMsg,
  },
  {
    name: 'AI SDK messages',
    input: json('fixtures/ai-sdk/every-part.json'),
    read: (input) => fromAiSdkMessages(input as never),
  },
  { name: 'AI SDK stream', input: AI_SDK_CHUNKS, read: (input) => foldAiSdkStream(input as never) },
  { name: 'AG-UI events', input: AG_UI_EVENTS, read: (input) => foldAgUiEvents(input as never) },
  {
    name: 'AG-UI state',
    input: AG_UI_STATE_EVENTS,
    read: (input) => foldAgUiEvents(input as never),
  },
  {
    name: 'AG-UI messages',
    input: (AG_UI_EVENTS[1] as { messages: unknown[] }).messages,
    read: fromAgUiMessages,
  },
  {
    name: 'AgentFlow messages',
    input: [json('../demo/fixtures/agentflow-message.json')],
    read: fromAgentFlowMessages,
  },
  {
    name: 'AgentFlow stream',
    input: jsonl('../demo/fixtures/agentflow-stream.ndjson'),
    read: (input) => foldAgentFlowStream(input as never),
  },
  {
    name: 'Operator-Use message',
    input: json('fixtures/operator-use/message-assistant-tool-calls.json'),
    read: fromOperatorUseMessage,
  },
  {
    name: 'Operator-Use events',
    input: jsonl('fixtures/operator-use/rpc-events-tools.jsonl'),
    read: (input) => foldOperatorUseEvents(input as never),
  },
  {
    name: 'Operator-Use session',
    input: jsonl('fixtures/operator-use/session-branch-summary.jsonl'),
    read: (input) => fromOperatorUseSession(input as never),
  },
];

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
  injections: readonly fc.RecordValue<{ at: number; key: HostileKey; value: unknown }>[],
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
