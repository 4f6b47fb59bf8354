import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Msg } from '../../src/core.js';
import {
  hiddenMessageIds,
  isHiddenMessage,
} from '../../src/components/message-list/hidden-messages.js';
import { placeSubagents, subagentsOf } from '../../src/components/message-list/subagents.js';
import { chatMessages, messageOf, toolCall } from './helpers.js';

/** A message tagged as the AG-UI adapter tags a subagent's messages. */
function subagentMessage(
  id: string,
  run: string,
  parent: string | null,
  calls: string[] = [],
): Msg {
  const message = messageOf(
    id,
    'assistant',
    calls.map((call) => toolCall(call, 'search')),
  );
  return {
    ...message,
    metadata: {
      ag_ui: {
        role: 'assistant',
        subagent_run_id: run,
        ...(parent !== null ? { parent_tool_call_id: parent } : {}),
      },
    },
  };
}

describe('placeSubagents', () => {
  const parent = messageOf('p', 'assistant', [toolCall('spawn', 'research')]);

  it('places a run under the call that started it, known from any of its messages', () => {
    const a = subagentMessage('s1', 'run-1', null);
    const b = subagentMessage('s2', 'run-1', 'spawn');
    const placement = placeSubagents([...chatMessages(0, 2), parent, a, b], null);
    expect([...placement.nested]).toEqual(['s1', 's2']);
    expect(placement.byCall.get('spawn')).toEqual([a, b]);
    expect(subagentsOf(parent, placement, undefined)?.get('spawn')).toEqual([a, b]);
  });

  it('keeps a message whose parent call is missing or that would sit under itself as a row', () => {
    const orphan = subagentMessage('o', 'run-x', 'nowhere');
    const selfish = subagentMessage('self', 'run-self', 'own-call', ['own-call']);
    const loopA = subagentMessage('la', 'run-a', 'call-b', ['call-a']);
    const loopB = subagentMessage('lb', 'run-b', 'call-a', ['call-b']);
    const placement = placeSubagents([orphan, selfish, loopA, loopB], null);
    expect(placement.nested.size).toBe(0);
  });

  it('nests a subagent of a subagent, and hands the same map back while nothing changed', () => {
    const child = subagentMessage('c', 'run-1', 'spawn', ['deeper']);
    const grandchild = subagentMessage('g', 'run-2', 'deeper');
    const messages = [parent, child, grandchild];
    const placement = placeSubagents(messages, null);
    const map = subagentsOf(parent, placement, undefined);
    expect(map?.get('deeper')).toEqual([grandchild]);
    const again = placeSubagents([...messages], placement);
    expect(again).toBe(placement);
    expect(subagentsOf(parent, again, map)).toBe(map);
  });

  it('never loses a message: each is a row or under a call of a row, whatever the tags', () => {
    const ids = fc.constantFrom('x', 'y', 'z', 'spawn');
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            run: fc.constantFrom('r1', 'r2', ''),
            parent: fc.option(ids),
            calls: fc.array(ids, { maxLength: 2 }),
          }),
          { maxLength: 12 },
        ),
        (specs) => {
          const messages = specs.map((spec, i) =>
            spec.run === ''
              ? messageOf(
                  `m${i}`,
                  'assistant',
                  spec.calls.map((c) => toolCall(c, 't')),
                )
              : subagentMessage(`m${i}`, spec.run, spec.parent, spec.calls),
          );
          const placement = placeSubagents(messages, null);
          const rows = messages.filter((m) => !placement.nested.has(m.id));
          const reached = new Set<string>();
          for (const row of rows) {
            reached.add(row.id);
            for (const list of subagentsOf(row, placement, undefined)?.values() ?? [])
              for (const m of list) reached.add(m.id);
          }
          expect(reached.size).toBe(messages.length);
        },
      ),
    );
  });
});

describe('hidden messages', () => {
  it('hides system and developer instructions marked hidden, never a reply', () => {
    const system = { ...messageOf('s', 'system', []), metadata: { hidden: true } };
    const developer = { ...messageOf('d', 'developer', []), metadata: { hidden: true } };
    const reply = { ...messageOf('r', 'assistant', []), metadata: { hidden: true } };
    const plain = messageOf('p', 'system', []);
    expect([system, developer, reply, plain].map(isHiddenMessage)).toEqual([
      true,
      true,
      false,
      false,
    ]);
    const ids = hiddenMessageIds([system, reply, developer], null);
    expect([...ids]).toEqual(['s', 'd']);
    expect(hiddenMessageIds([system, developer], ids)).toBe(ids);
  });
});
