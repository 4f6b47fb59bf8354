import type { DiagnosticCode } from '../../../src/core/fold/diagnostic-code.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldAgentFlowStream } from '../../../src/core/protocols/agentflow/stream.js';
import {
  fromAgentFlowMessage,
  fromAgentFlowMessages,
} from '../../../src/core/protocols/agentflow/messages.js';
import { fromAgentScopeMsg } from '../../../src/core/protocols/agentscope/messages.js';
import { foldOperatorUseEvents } from '../../../src/core/protocols/operator-use/events.js';
import { fromOperatorUseMessage } from '../../../src/core/protocols/operator-use/messages.js';
import { fromOperatorUseSession } from '../../../src/core/protocols/operator-use/session.js';
import { foldEvents } from '../../../src/core/fold/conversation.js';
import type { AgentEvent } from '../../../src/core/model/event.js';
import { MAX_DIAGNOSTIC_RAW_LENGTH, type Diagnostic } from '../../../src/core/model/diagnostic.js';

// The adapters' codes are API: a new one is a decision, so this list changes with it.
const ADAPTER_CODES: readonly DiagnosticCode[] = [
  'invalid-input',
  'unknown-block',
  'unknown-event',
  'repaired',
  'converted',
  'dropped',
  'invalid-data',
  'implicit-start',
  'out-of-order',
];

/* -------------------------------------------------------------------------------------------------
 * Input that looks enough like each wire format to get past the first type check
 * -----------------------------------------------------------------------------------------------*/

const FIELDS = [
  'type',
  'role',
  'id',
  'message_id',
  'content',
  'contents',
  'text',
  'summary',
  'timestamp',
  'created_at',
  'finished_at',
  'name',
  'args',
  'input',
  'output',
  'images',
  'audio',
  'source',
  'media',
  'url',
  'data',
  'event',
  'message',
  'parent_id',
  'tool_call',
  'tool_result',
  'usage',
  'usages',
  'metadata',
  'spans',
  'delta',
];
const TYPES = [
  'text',
  'thinking',
  'reasoning',
  'image',
  'audio',
  'tool_call',
  'tool_use',
  'tool_result',
  'annotation',
  'message',
  'message_start',
  'message_update',
  'message_end',
  'tool_execution_end',
  'session',
  'compaction',
  'updates',
  'mystery',
];
// Long text reaches every `raw` a diagnostic keeps, so the cap is exercised.
const longText = fc.string({ maxLength: 8 }).map((tail) => `${'x'.repeat(2500)}${tail}`);
const scalar = fc.oneof(
  fc.constantFrom(...TYPES),
  fc.string({ maxLength: 8 }),
  longText,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
);
const { value: wireValue } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom(...FIELDS), tie('value'), { maxKeys: 6 }),
  ),
}));
const jsonlText = fc
  .array(
    fc.oneof(
      wireValue.map((value) => JSON.stringify(value)),
      longText,
    ),
    { maxLength: 6 },
  )
  .map((lines) => lines.join('\n'));

/** Everything each adapter reports for one input, as a JSON value and as JSONL text. */
function adapterDiagnostics(input: unknown, text: string): readonly Diagnostic[][] {
  const list = Array.isArray(input) ? input : [input];
  return [
    fromAgentFlowMessage(input).diagnostics,
    fromAgentFlowMessages(input).diagnostics,
    [...foldAgentFlowStream(list).diagnostics],
    [...foldAgentFlowStream(text).diagnostics],
    fromAgentScopeMsg(input).diagnostics,
    fromOperatorUseMessage(input).diagnostics,
    fromOperatorUseSession(list).diagnostics,
    fromOperatorUseSession(text).diagnostics,
    [...foldOperatorUseEvents(list).diagnostics],
    [...foldOperatorUseEvents(text).diagnostics],
  ];
}

function expectWellFormed(diagnostic: Diagnostic): void {
  expect(diagnostic.code).toMatch(/^[a-z]+(-[a-z]+)*$/);
  expect(diagnostic.message.trim()).not.toBe('');
  if (diagnostic.path !== undefined) expect(diagnostic.path).toMatch(/^\$/);
  if (typeof diagnostic.raw === 'string')
    expect(diagnostic.raw.length).toBeLessThanOrEqual(MAX_DIAGNOSTIC_RAW_LENGTH);
}

describe('diagnostics: one shape everywhere', () => {
  it('any input gives diagnostics with a code, a message, a $-path and a capped raw text', () => {
    fc.assert(
      fc.property(wireValue, jsonlText, (input, text) => {
        for (const diagnostics of adapterDiagnostics(input, text)) {
          for (const diagnostic of diagnostics) {
            expectWellFormed(diagnostic);
            expect(ADAPTER_CODES).toContain(diagnostic.code);
          }
        }
        const list = Array.isArray(input) ? input : [input];
        for (const diagnostic of foldEvents(list as AgentEvent[]).diagnostics)
          expectWellFormed(diagnostic);
      }),
      { numRuns: 300 },
    );
  }, 60_000);
});

describe('diagnostics: codes, paths and raw values', () => {
  it('names a session line by its index and keeps the unreadable text, cut to the cap', () => {
    const junk = `{${'y'.repeat(5000)}`;
    const { diagnostics } = fromOperatorUseSession(
      `{"type":"session","version":3,"id":"s","timestamp":1}\n${junk}`,
    );
    expect(diagnostics).toEqual([
      {
        code: 'invalid-input',
        message: 'line 2: not valid JSON; skipped',
        path: '$[1]',
        raw: junk.slice(0, MAX_DIAGNOSTIC_RAW_LENGTH),
      },
    ]);
  });

  it('points at the field an Operator-Use message repaired, keeping its value', () => {
    const { diagnostics } = fromOperatorUseMessage({
      role: 'user',
      timestamp: 1,
      contents: [{ type: 'text', content: 7 }, { type: 'video' }],
    });
    expect(diagnostics).toEqual([
      {
        code: 'repaired',
        message: 'message.contents[0].content is not a string; kept as JSON text',
        path: '$.contents[0].content',
        raw: 7,
      },
      {
        code: 'unknown-block',
        message:
          'message.contents[1]: content type "video" is not an Operator-Use content; kept as an unknown block',
        path: '$.contents[1]',
        raw: 'video',
      },
    ]);
  });

  it('keeps the Operator-Use event a diagnostic is about as its raw value', () => {
    const event = { type: 'mystery_event' };
    expect(foldOperatorUseEvents([event]).diagnostics).toEqual([
      {
        code: 'unknown-event',
        message: 'event type "mystery_event" is not an Operator-Use event; skipped',
        raw: event,
      },
    ]);
  });

  it('gives AgentScope repairs a JSONPath and a code, legacy conversion included', () => {
    const { diagnostics } = fromAgentScopeMsg({
      name: 'a',
      role: 'assistant',
      timestamp: '2024-01-01 10:00:00.000',
      content: [{ type: 'telepathy' }],
    });
    expect(diagnostics).toEqual([
      {
        code: 'converted',
        message: 'msg: read as an AgentScope 1.x message and converted to 2.x',
        path: '$',
      },
      {
        code: 'unknown-block',
        message:
          'msg.content[0]: block type "telepathy" is not an AgentScope block; kept as an unknown block',
        path: '$.content[0]',
        raw: 'telepathy',
      },
    ]);
  });

  it('keeps the event the fold could not use as its raw value', () => {
    const event = { type: 'TEXT_BLOCK_DELTA', reply_id: 'r' };
    expect(foldEvents([event as unknown as AgentEvent]).diagnostics).toEqual([
      expect.objectContaining({ code: 'invalid-input', detail: 'invalid-event', raw: event }),
    ]);
  });
});
