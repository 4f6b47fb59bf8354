import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import branched from '../../fixtures/operator-use/session-branch-summary.jsonl?raw';
import { operatorUseBranches } from '../../../src/core/protocols/operator-use/session-branches.js';
import { fromOperatorUseSession } from '../../../src/core/protocols/operator-use/session.js';
import type { Msg } from '../../../src/core/model/message.js';

const entryIds = (messages: readonly Msg[]) =>
  messages.map((message) => (message.metadata as { entry_id?: string } | undefined)?.entry_id);

function byId(messages: readonly Msg[], id: string): Msg {
  const found = messages.find((message) => message.id === id);
  if (found === undefined) throw new Error(`no message ${id}`);
  return found;
}

describe('fromOperatorUseSession: branches', () => {
  it('lists the branch a summary left as the alternative of the summary, and walks to it', () => {
    const shown = fromOperatorUseSession(branched);
    const branches = operatorUseBranches(shown);
    const summary = byId(shown.messages, 'b0000006');
    expect(branches.branchOf(summary)).toEqual({ index: 1, count: 2 });
    // Messages that nothing branches off at have no picker.
    expect(branches.branchOf(byId(shown.messages, 'n-u1'))).toBeUndefined();

    const leaf = branches.leafFor(summary, 0);
    expect(leaf).toBe('b0000005');
    const other = fromOperatorUseSession(branched, { leaf });
    expect(other.leafId).toBe('b0000005');
    expect(other.messages.map((message) => message.id)).toEqual(['n-u1', 'n-a1', 'n-u2', 'n-a2']);
    const regex = byId(other.messages, 'n-u2');
    expect(operatorUseBranches(other).branchOf(regex)).toEqual({ index: 0, count: 2 });

    // And back: the other alternative shows the session's latest turn again.
    const back = fromOperatorUseSession(branched, {
      leaf: operatorUseBranches(other).leafFor(regex, 1),
    });
    expect(back.messages.map((message) => message.id)).toEqual(
      shown.messages.map((message) => message.id),
    );
  });

  it('shows the session’s own leaf, and says so, when asked for a leaf that is not an entry', () => {
    const result = fromOperatorUseSession(branched, { leaf: 'nope' });
    expect(result.leafId).toBe('b0000014');
    expect(result.diagnostics.map((d) => d.message)).toEqual([
      `the leaf "nope" is not an entry of this session; the session's own leaf is shown`,
    ]);
  });

  it('gives no position and no leaf for messages it does not know', () => {
    const branches = operatorUseBranches(fromOperatorUseSession(branched));
    const stranger = { ...byId(fromOperatorUseSession(branched).messages, 'n-u1'), metadata: {} };
    expect(branches.branchOf(stranger)).toBeUndefined();
    expect(branches.leafFor(stranger, 0)).toBeUndefined();
    expect(operatorUseBranches({} as never).branchOf(stranger)).toBeUndefined();
  });
});

/* -------------------------------------------------------------------------------------------------
 * Properties over random session trees
 * -----------------------------------------------------------------------------------------------*/

interface Node {
  id: string;
  parent: number | null;
  message: boolean;
}

/** A tree in file order: each entry's parent comes before it (or it is a root). */
const tree = fc
  .array(fc.record({ parent: fc.nat(), root: fc.boolean(), message: fc.boolean() }), {
    minLength: 1,
    maxLength: 25,
  })
  .map((raw) =>
    raw.map((node, index): Node => ({
      id: `e${index}`,
      parent: index === 0 || (node.root && index % 5 === 0) ? null : node.parent % index,
      message: node.message || index === 0,
    })),
  );

function jsonl(nodes: readonly Node[]): string {
  const header = { type: 'session', version: 3, id: 's', timestamp: 1718000000, cwd: '/' };
  const lines = nodes.map((node, index) => {
    const parent = node.parent === null ? {} : { parent_id: `e${node.parent}` };
    const at = 1718000001 + index;
    return node.message
      ? {
          id: node.id,
          timestamp: at,
          ...parent,
          type: 'message',
          message: {
            role: index % 2 === 0 ? 'user' : 'assistant',
            contents: [{ type: 'text', content: node.id }],
            id: `m-${node.id}`,
            timestamp: at,
          },
        }
      : { id: node.id, timestamp: at, ...parent, type: 'model_change', model_id: 'm' };
  });
  return [header, ...lines].map((line) => JSON.stringify(line)).join('\n');
}

/** The message entries from the root to `leaf`. */
function pathTo(nodes: readonly Node[], leaf: number): string[] {
  const path: string[] = [];
  for (let at: number | null = leaf; at !== null; at = (nodes[at] as Node).parent) {
    if ((nodes[at] as Node).message) path.push(`e${at}`);
  }
  return path.reverse();
}

/** The nearest message entry above entry `index`, or null: messages branch off at it. */
function messageParent(nodes: readonly Node[], index: number): number | null {
  let at = (nodes[index] as Node).parent;
  while (at !== null && !(nodes[at] as Node).message) at = (nodes[at] as Node).parent;
  return at;
}

/** Every message entry that branches off where entry `index` does, in file order. */
function siblingsOf(nodes: readonly Node[], index: number): string[] {
  const parent = messageParent(nodes, index);
  return nodes
    .map((node, at) => (node.message && messageParent(nodes, at) === parent ? node.id : null))
    .filter((id): id is string => id !== null);
}

describe('fromOperatorUseSession: any branch of any tree', () => {
  it('any leaf gives the path from the root to it', () => {
    fc.assert(
      fc.property(tree, fc.nat(), (nodes, pick) => {
        const leaf = pick % nodes.length;
        const result = fromOperatorUseSession(jsonl(nodes), { leaf: `e${leaf}` });
        expect(result.leafId).toBe(`e${leaf}`);
        expect(entryIds(result.messages)).toEqual(pathTo(nodes, leaf));
        expect(result.diagnostics).toEqual([]);
      }),
    );
  });

  it('walking to alternative i of a message gives a leaf whose path holds that alternative after the same history', () => {
    fc.assert(
      fc.property(tree, fc.nat(), (nodes, pick) => {
        const text = jsonl(nodes);
        const result = fromOperatorUseSession(text, { leaf: `e${pick % nodes.length}` });
        const branches = operatorUseBranches(result);
        result.messages.forEach((message, position) => {
          const entryId = entryIds([message])[0] as string;
          const alternatives = result.alternatives.get(entryId) ?? [];
          expect(alternatives.map((alternative) => alternative.entryId)).toEqual(
            siblingsOf(nodes, Number(entryId.slice(1))),
          );
          const at = branches.branchOf(message);
          if (alternatives.length > 1) expect(at?.count).toBe(alternatives.length);
          else expect(at).toBeUndefined();
          alternatives.forEach((alternative, index) => {
            const leaf = branches.leafFor(message, index);
            const walked = entryIds(fromOperatorUseSession(text, { leaf }).messages);
            // Same history up to the message, then the alternative in its place.
            expect(walked.slice(0, position)).toEqual(entryIds(result.messages.slice(0, position)));
            expect(walked[position]).toBe(alternative.entryId);
          });
        });
      }),
    );
  });
});
