import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromAgentScopeMsg } from '../../../src/core/protocols/agentscope/messages.js';
import { validateMsg } from '../../../src/core/model/parse/message-reader.js';

const anyValue = fc.jsonValue({ maxDepth: 2 });
const timestamp = fc.oneof(
  fc.constantFrom(
    '2026-09-01T12:34:56.123456',
    '2026-09-01T12:34:56.123Z',
    '2025-06-01 10:20:30.123',
  ),
  fc.double(),
  anyValue,
);
const source = fc.oneof(
  fc.record(
    {
      type: fc.constantFrom('base64', 'url'),
      data: anyValue,
      url: fc.oneof(fc.constantFrom('https://x/a.png', './a.wav', 'file:///a'), anyValue),
      media_type: anyValue,
    },
    { requiredKeys: ['type'] },
  ),
  anyValue,
);
const block = fc.oneof(
  fc.record(
    {
      type: fc.constantFrom(
        'text',
        'thinking',
        'data',
        'hint',
        'tool_call',
        'tool_result',
        'error',
        'unknown',
        'tool_use',
        'image',
        'audio',
        'video',
      ),
      id: fc.oneof(fc.constantFrom('b1', 'b2'), anyValue),
      text: anyValue,
      thinking: anyValue,
      source,
      name: anyValue,
      input: anyValue,
      raw_input: anyValue,
      output: fc.oneof(
        fc.array(
          fc.record({ type: fc.constantFrom('text', 'image', 'video'), text: anyValue, source }),
          { maxLength: 2 },
        ),
        anyValue,
      ),
      state: anyValue,
      is_error: anyValue,
      hint: anyValue,
      suggested_rules: anyValue,
      created_at: timestamp,
      finished_at: timestamp,
      raw: anyValue,
    },
    { requiredKeys: ['type'] },
  ),
  anyValue,
);
const message = fc.record(
  {
    name: anyValue,
    role: fc.oneof(fc.constantFrom('user', 'assistant', 'system'), anyValue),
    id: fc.oneof(fc.constantFrom('m1'), anyValue),
    content: fc.oneof(fc.array(block, { maxLength: 4 }), fc.string(), anyValue),
    metadata: anyValue,
    created_at: timestamp,
    timestamp,
    finished_at: timestamp,
    usage: fc.oneof(fc.record({ input_tokens: anyValue, output_tokens: anyValue }), anyValue),
    finished_reason: anyValue,
    structured_output: anyValue,
    error: anyValue,
    invocation_id: anyValue,
  },
  { requiredKeys: [] },
);

describe('fromAgentScopeMsg never throws and always returns a valid message', () => {
  it('on arbitrary JSON and on message-shaped JSON', () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), message), (value) => {
        const { message: converted } = fromAgentScopeMsg(value);
        expect(validateMsg(converted)).toEqual([]);
      }),
      { numRuns: 1000 },
    );
  }, 60_000);

  it('is idempotent: its own output comes back unchanged, with no diagnostics', () => {
    fc.assert(
      fc.property(message, (value) => {
        const first = fromAgentScopeMsg(value).message;
        const again = fromAgentScopeMsg(structuredClone(first));
        expect(again).toEqual({ message: first, diagnostics: [] });
      }),
      { numRuns: 500 },
    );
  }, 60_000);
});
