import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Msg } from '../../src/core.js';
import { arrangeTurns } from '../../src/components/message-list/group-turns.js';
import { chatMessage, messageOf, streamingReply, toolResult } from './helpers.js';

const roles = ['user', 'assistant', 'tool', 'system', 'compaction_summary'] as const;

/** Messages with unique ids, random roles and names, some open. */
const conversations = fc
  .array(
    fc.record({
      role: fc.constantFrom(...roles),
      name: fc.constantFrom('Friday', 'Critic'),
      open: fc.boolean(),
    }),
    { maxLength: 40 },
  )
  .map((specs) =>
    specs.map((spec, index): Msg => ({
      ...messageOf(`m${index}`, spec.role, [], spec.open),
      name: spec.name,
    })),
  );

/** The turns as [start, end] ranges, checking that positions make well-formed runs. */
function ranges(turns: readonly (string | undefined)[]): [number, number][] {
  const out: [number, number][] = [];
  let start = -1;
  turns.forEach((position, index) => {
    if (position === 'first') {
      expect(start).toBe(-1);
      start = index;
    } else if (position === 'middle') {
      expect(start).not.toBe(-1);
    } else if (position === 'last') {
      expect(start).not.toBe(-1);
      out.push([start, index]);
      start = -1;
    } else {
      expect(start).toBe(-1);
    }
  });
  expect(start).toBe(-1);
  return out;
}

describe('arrangeTurns', () => {
  it('never drops, adds or reorders a row, and gives each turn well-formed positions', () => {
    fc.assert(
      fc.property(conversations, (messages) => {
        const grouping = arrangeTurns(messages, null);
        expect(grouping.messages).toBe(messages);
        expect(grouping.turns).toHaveLength(messages.length);
        for (const [start, end] of ranges(grouping.turns.map((turn) => turn?.position))) {
          const members = messages.slice(start, end + 1);
          expect(members.every((m) => m.role === 'assistant' || m.role === 'tool')).toBe(true);
          const speakers = new Set(
            members.filter((m) => m.role === 'assistant').map((m) => m.name),
          );
          expect(speakers.size).toBeLessThanOrEqual(1);
          const last = grouping.turns[end];
          expect(last?.position === 'last' && last.messages).toEqual(members);
        }
      }),
    );
  });

  it('joins a member to the turn before it unless another agent speaks', () => {
    const member = (m: Msg) => m.role === 'assistant' || m.role === 'tool';
    fc.assert(
      fc.property(conversations, (messages) => {
        const turns = arrangeTurns(messages, null).turns;
        const joined = (i: number) => ['middle', 'last'].includes(turns[i]?.position ?? '');
        for (let i = 0; i + 1 < messages.length; i++) {
          const [a, b] = [messages[i] as Msg, messages[i + 1] as Msg];
          if (!member(a) || !member(b)) expect(joined(i + 1)).toBe(false);
          else if (b.role === 'tool') expect(joined(i + 1)).toBe(true);
          else if (a.role === 'assistant') expect(joined(i + 1)).toBe(a.name === b.name);
        }
      }),
    );
  });

  it('keeps the identity of every row a change did not touch', () => {
    fc.assert(
      fc.property(conversations, fc.nat(), (messages, pick) => {
        const before = arrangeTurns(messages, null);
        if (messages.length === 0) return;
        const at = pick % messages.length;
        const changed = messages.map((m, i) => (i === at ? { ...m, content: [] } : m));
        const after = arrangeTurns(changed, before);
        const [start, end] = ranges(before.turns.map((turn) => turn?.position)).find(
          ([s, e]) => s <= at && at <= e,
        ) ?? [at, at];
        after.turns.forEach((turn, index) => {
          // Only the last row of the changed message's turn holds that message.
          if (index === end && end !== start) return;
          expect(turn).toBe(before.turns[index]);
        });
        // Same rows and nothing changed: the same array.
        expect(arrangeTurns(changed, after).turns).toBe(after.turns);
      }),
    );
  });

  it('shows a call, its result and the answer as one turn, and a streaming token touches only the last row', () => {
    const call = messageOf('a1', 'assistant', []);
    const result = messageOf('t1', 'tool', [toolResult('c1', 'search', 'ok')]);
    const answer = streamingReply('a2', 'The answer');
    const messages = [chatMessage(0), call, result, answer];
    const grouping = arrangeTurns(messages, null);
    expect(grouping.turns.map((turn) => turn?.position)).toEqual([
      undefined,
      'first',
      'middle',
      'last',
    ]);
    expect(grouping.turns[1]).toMatchObject({ status: 'streaming', finishedAt: null });
    const next = arrangeTurns(
      [...messages.slice(0, 3), streamingReply('a2', 'The answer grows')],
      grouping,
    );
    expect(next.turns[1]).toBe(grouping.turns[1]);
    expect(next.turns[2]).toBe(grouping.turns[2]);
    expect(next.turns[3]).not.toBe(grouping.turns[3]);
  });
});
