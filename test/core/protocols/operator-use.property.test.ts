import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createOperatorUseEventState,
  foldOperatorUseEvents,
  reduceOperatorUseEvent,
} from '../../../src/core/protocols/operator-use/events.js';
import { fromOperatorUseMessage } from '../../../src/core/protocols/operator-use/messages.js';
import { fromOperatorUseSession } from '../../../src/core/protocols/operator-use/session.js';
import type { Msg } from '../../../src/core/model/message.js';
import { validateMsg } from '../../../src/core/model/parse/message-reader.js';
import { fuzzRuns, fuzzTimeout } from '../../fuzz-runs.js';

function allValid(messages: readonly Msg[]): boolean {
  return messages.every((message) => validateMsg(message).length === 0);
}

/* -------------------------------------------------------------------------------------------------
 * Arbitraries shaped like the wire, so the properties reach past the first type check
 * -----------------------------------------------------------------------------------------------*/

const anyValue = fc.jsonValue({ maxDepth: 2 });
const mediaString = fc.oneof(
  fc.constantFrom(
    'https://example.com/a.png',
    'file:/tmp/a.wav',
    'data:image/png;base64,iVBORw0KGgo=',
    'iVBORw0KGgo=',
    'SUQzAw==',
    'data:,x',
    'file:',
  ),
  fc.string(),
);
const content = fc.oneof(
  fc.record(
    { type: fc.constant('text'), content: fc.oneof(fc.string(), anyValue) },
    { requiredKeys: ['type'] },
  ),
  fc.record(
    {
      type: fc.constant('thinking'),
      content: fc.string(),
      signature: fc.oneof(fc.string(), anyValue),
    },
    { requiredKeys: ['type'] },
  ),
  fc.record(
    {
      type: fc.constant('image'),
      images: fc.oneof(fc.array(fc.oneof(mediaString, anyValue), { maxLength: 3 }), anyValue),
    },
    { requiredKeys: ['type'] },
  ),
  fc.record(
    {
      type: fc.constant('audio'),
      audio: fc.oneof(fc.array(fc.oneof(mediaString, anyValue), { maxLength: 3 }), anyValue),
    },
    { requiredKeys: ['type'] },
  ),
  fc.record(
    {
      type: fc.constant('tool_call'),
      id: fc.oneof(fc.constantFrom('c1', 'c2'), anyValue),
      name: anyValue,
      kind: anyValue,
      args: anyValue,
      metadata: anyValue,
    },
    { requiredKeys: ['type'] },
  ),
  fc.record(
    {
      type: fc.constant('tool_result'),
      id: fc.oneof(fc.constantFrom('c1', 'c2'), anyValue),
      content: anyValue,
      is_error: anyValue,
      metadata: anyValue,
      terminate: anyValue,
    },
    { requiredKeys: ['type'] },
  ),
  anyValue,
);
const message = fc.record(
  {
    role: fc.oneof(
      fc.constantFrom(
        'system',
        'user',
        'assistant',
        'tool',
        'custom',
        'branch_summary',
        'compaction_summary',
      ),
      anyValue,
    ),
    contents: fc.oneof(fc.array(content, { maxLength: 4 }), anyValue),
    id: fc.oneof(fc.constantFrom('m1', 'm2', 'm3'), anyValue),
    timestamp: fc.oneof(fc.double(), fc.integer(), fc.string(), anyValue),
    usage: fc.oneof(
      fc.record({
        input_tokens: anyValue,
        cost: fc.oneof(fc.record({ total: anyValue }), anyValue),
      }),
      anyValue,
    ),
    stop_reason: fc.oneof(fc.constantFrom('stop', 'error', 'abort', 'tool_calls'), anyValue),
    error: anyValue,
    summary: anyValue,
    tokens_before: anyValue,
    custom_type: anyValue,
    details: anyValue,
  },
  { requiredKeys: [] },
);
const entryId = fc.constantFrom('e1', 'e2', 'e3', 'e4', 'e5');
const entry = fc.record(
  {
    id: fc.oneof(entryId, anyValue),
    parent_id: fc.oneof(entryId, anyValue),
    timestamp: fc.oneof(fc.double(), anyValue),
    type: fc.oneof(
      fc.constantFrom(
        'message',
        'compaction',
        'branch_summary',
        'custom_message',
        'leaf',
        'label',
        'model_change',
      ),
      anyValue,
    ),
    message,
    target_id: fc.oneof(entryId, anyValue),
    first_kept_entry_id: fc.oneof(entryId, anyValue),
    summary: anyValue,
    tokens_before: anyValue,
    content: fc.oneof(fc.array(content, { maxLength: 2 }), anyValue),
    label: anyValue,
  },
  { requiredKeys: [] },
);
const event = fc.oneof(
  fc.record(
    {
      type: fc.constantFrom(
        'message_start',
        'message_update',
        'message_end',
        'agent_start',
        'agent_end',
        'agent_error',
        'turn_end',
      ),
      message: fc.oneof(message, fc.constant(null), anyValue),
      delta: anyValue,
      thinking_delta: anyValue,
      reason: anyValue,
      error: anyValue,
    },
    { requiredKeys: ['type'] },
  ),
  fc.record(
    {
      type: fc.constantFrom(
        'tool_execution_start',
        'tool_execution_update',
        'tool_execution_end',
        'tool_execution_failure',
      ),
      tool_call: fc.oneof(content, anyValue),
      partial_tool_result: fc.oneof(content, anyValue),
      tool_result: fc.oneof(content, anyValue),
      tool_call_id: fc.oneof(fc.constantFrom('c1', 'c2'), anyValue),
      error: anyValue,
    },
    { requiredKeys: ['type'] },
  ),
  anyValue,
);

/* ---------------------------------------------------------------------------------------------- */

/** Property tests: a modest number of runs, none timed in a deep run (`npm run fuzz`). */
const FUZZ = { timeout: fuzzTimeout(60_000) };

describe('Operator-Use adapters never throw and always return valid messages', FUZZ, () => {
  it('fromOperatorUseMessage on arbitrary JSON', () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), message), (value) => {
        const { message: converted, diagnostics } = fromOperatorUseMessage(value);
        expect(validateMsg(converted)).toEqual([]);
        expect(diagnostics.every((d) => typeof d.message === 'string')).toBe(true);
      }),
      { numRuns: fuzzRuns(500) },
    );
  });

  it('fromOperatorUseMessage is deterministic when the message has an id', () => {
    fc.assert(
      fc.property(message, (value) => {
        fc.pre(typeof value.id === 'string');
        expect(fromOperatorUseMessage(value)).toEqual(
          fromOperatorUseMessage(structuredClone(value)),
        );
      }),
    );
  });

  it('fromOperatorUseSession on arbitrary strings as JSONL', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        expect(allValid(fromOperatorUseSession(text).messages)).toBe(true);
      }),
      { numRuns: fuzzRuns(150) },
    );
  });

  it('fromOperatorUseSession on arbitrary entry trees', () => {
    const header = fc.oneof(
      fc.constant({ type: 'session', version: 3, id: 's', timestamp: 1, cwd: '/' }),
      anyValue,
    );
    fc.assert(
      fc.property(
        header,
        fc.array(fc.oneof(entry, anyValue), { maxLength: 8 }),
        fc.boolean(),
        (first, entries, asText) => {
          const lines = [first, ...entries];
          const input = asText ? lines.map((line) => JSON.stringify(line)).join('\n') : lines;
          const result = fromOperatorUseSession(input);
          expect(allValid(result.messages)).toBe(true);
        },
      ),
      { numRuns: fuzzRuns(500) },
    );
  });

  it('foldOperatorUseEvents on arbitrary strings as JSONL', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => {
        expect(allValid(foldOperatorUseEvents(text).messages)).toBe(true);
      }),
      { numRuns: fuzzRuns(300) },
    );
  });

  it('folding events equals reducing them one by one, and equals folding any split', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 12 }), fc.nat(), (events, at) => {
        const folded = foldOperatorUseEvents(events);
        expect(allValid(folded.messages)).toBe(true);
        let state = createOperatorUseEventState();
        for (const item of events) state = reduceOperatorUseEvent(state, item);
        expect(state.messages).toEqual(folded.messages);
        expect(state.diagnostics).toEqual(folded.diagnostics);
        const split = at % (events.length + 1);
        const resumed = foldOperatorUseEvents(
          events.slice(split),
          foldOperatorUseEvents(events.slice(0, split)),
        );
        expect(resumed.messages).toEqual(folded.messages);
        expect(resumed.status).toBe(folded.status);
      }),
      { numRuns: fuzzRuns(500) },
    );
  });

  it('reducing never changes the state it was given', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 8 }), event, (events, last) => {
        const before = foldOperatorUseEvents(events);
        const snapshot = JSON.stringify(before);
        reduceOperatorUseEvent(before, last);
        expect(JSON.stringify(before)).toBe(snapshot);
      }),
      { numRuns: fuzzRuns(300) },
    );
  });
});
