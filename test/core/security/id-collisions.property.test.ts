import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Msg } from '../../../src/core.js';
import { foldAgUiEvents } from '../../../src/ag-ui.js';

/*
 * Colliding ids, generated: text messages of every role and tool results share one small pool of
 * message ids. Whatever collides, every text and every result that arrived is still shown.
 */

const IDS = ['m1', 'm2', 'm3'];
const ROLES = ['user', 'assistant', 'system', 'developer'] as const;

const step = fc.oneof(
  fc.record({
    kind: fc.constant('text' as const),
    id: fc.constantFrom(...IDS),
    role: fc.constantFrom(...ROLES),
  }),
  fc.record({
    kind: fc.constant('result' as const),
    id: fc.constantFrom(...IDS),
    parent: fc.option(fc.constantFrom(...IDS), { nil: undefined }),
  }),
);

/** Every text a reader can see in the messages. */
function shownTexts(messages: readonly Msg[]): string[] {
  return messages.flatMap((msg) =>
    msg.content.flatMap((block) =>
      block.type === 'text'
        ? [block.text]
        : block.type === 'tool_result' && typeof block.output === 'string'
          ? [block.output]
          : [],
    ),
  );
}

describe('AG-UI: colliding message ids', () => {
  it('every text and tool result that arrived is shown, whatever ids they share', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 12 }), (steps) => {
        const events: unknown[] = [{ type: 'RUN_STARTED', threadId: 't1', runId: 'r1' }];
        const sent: string[] = [];
        const used = new Set<string>();
        steps.forEach((item, index) => {
          if (item.kind === 'text') {
            // One message per id and role: the same pair again is a replay, by design.
            if (used.has(`${item.id}/${item.role}`)) return;
            used.add(`${item.id}/${item.role}`);
            const text = `text ${index}`;
            sent.push(text);
            events.push(
              { type: 'TEXT_MESSAGE_START', messageId: item.id, role: item.role },
              { type: 'TEXT_MESSAGE_CONTENT', messageId: item.id, delta: text },
              { type: 'TEXT_MESSAGE_END', messageId: item.id },
            );
          } else {
            const output = `output ${index}`;
            sent.push(output);
            events.push(
              {
                type: 'TOOL_CALL_START',
                toolCallId: `c${index}`,
                toolCallName: 'bash',
                ...(item.parent === undefined ? {} : { parentMessageId: item.parent }),
              },
              { type: 'TOOL_CALL_END', toolCallId: `c${index}` },
              {
                type: 'TOOL_CALL_RESULT',
                toolCallId: `c${index}`,
                messageId: item.id,
                content: output,
              },
            );
          }
        });
        const state = foldAgUiEvents(events);
        const shown = shownTexts(state.messages);
        for (const text of sent) expect(shown).toContain(text);
        expect(new Set(state.messages.map((msg) => msg.id)).size).toBe(state.messages.length);
      }),
      { numRuns: 300 },
    );
  }, 30_000);
});
