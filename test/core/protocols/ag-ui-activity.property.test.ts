/*
 * An activity's content after its snapshot and deltas, however the events arrive: folded at
 * once, from any prefix on, or replayed (a reconnect sends the snapshot and deltas again), it is
 * the content fast-json-patch computes, held by one activity block where the activity occurred;
 * and it is what `@ag-ui/client`'s own fold holds.
 */
import fc from 'fast-check';
import jsonpatch from 'fast-json-patch';
import { describe, expect, it } from 'vitest';
import type { JsonValue, Msg } from '../../../src/core.js';
import {
  type AgUiState,
  createAgUiState,
  foldAgUiEvents,
  reduceAgUiEvent,
} from '../../../src/ag-ui.js';
import { readActivity } from '../../../src/core/model/activity.js';
import { clientFold } from './ag-ui-oracle-helpers.js';

type Event = Record<string, unknown>;
type Content = { title: string; items: JsonValue[]; meta: Record<string, JsonValue> };

const value: fc.Arbitrary<JsonValue> = fc.oneof(
  fc.string({ maxLength: 6 }),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.dictionary(fc.constantFrom('a', 'b', 'ü'), fc.string({ maxLength: 3 }), { maxKeys: 2 }),
);

/** What a delta means to do; made into a valid JSON Patch against the content it applies to. */
const intent = fc.oneof(
  fc.record({ op: fc.constant('push' as const), value }),
  fc.record({ op: fc.constant('replace-item' as const), at: fc.nat(), value }),
  fc.record({ op: fc.constant('remove-item' as const), at: fc.nat() }),
  fc.record({ op: fc.constant('title' as const), value: fc.string({ maxLength: 8 }) }),
  fc.record({ op: fc.constant('meta' as const), key: fc.constantFrom('x', 'y', 'z'), value }),
);
type Intent = typeof intent extends fc.Arbitrary<infer T> ? T : never;

function patchFor(content: Content, change: Intent): object[] {
  const size = content.items.length;
  switch (change.op) {
    case 'push':
      return [{ op: 'add', path: '/items/-', value: change.value }];
    case 'replace-item':
      return size === 0
        ? [{ op: 'add', path: '/items/0', value: change.value }]
        : [{ op: 'replace', path: `/items/${change.at % size}`, value: change.value }];
    case 'remove-item':
      return size === 0 ? [] : [{ op: 'remove', path: `/items/${change.at % size}` }];
    case 'title':
      return [{ op: 'replace', path: '/title', value: change.value }];
    case 'meta':
      return [{ op: 'add', path: `/meta/${change.key}`, value: change.value }];
  }
}

const start: Content = { title: 'plan', items: [], meta: {} };

/** The activity events, and the content after each of them by fast-json-patch. */
function activityEvents(changes: Intent[]): { events: Event[]; contents: Content[] } {
  let content = structuredClone(start);
  const events: Event[] = [
    { type: 'ACTIVITY_SNAPSHOT', messageId: 'act', activityType: 'plan', content },
  ];
  const contents = [structuredClone(content)];
  for (const change of changes) {
    const patch = patchFor(content, change);
    content = jsonpatch.applyPatch(structuredClone(content), patch as never, true, false)
      .newDocument as Content;
    events.push({ type: 'ACTIVITY_DELTA', messageId: 'act', activityType: 'plan', patch });
    contents.push(structuredClone(content));
  }
  return { events, contents };
}

const run = (id: string, events: Event[]): Event[] => [
  { type: 'RUN_STARTED', threadId: 't', runId: id },
  ...events,
  { type: 'RUN_FINISHED', threadId: 't', runId: id },
];
const before: Event[] = [
  { type: 'TEXT_MESSAGE_START', messageId: 'm0', role: 'assistant' },
  { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm0', delta: 'Here is the plan.' },
  { type: 'TEXT_MESSAGE_END', messageId: 'm0' },
];

/** The activities the messages hold, in order, with the message each is in. */
function activitiesOf(messages: readonly Msg[]) {
  return messages.flatMap((msg, position) =>
    msg.content.flatMap((block) => {
      const activity = readActivity(block);
      return activity ? [{ position, ...activity }] : [];
    }),
  );
}

const changeLists = fc.array(intent, { minLength: 0, maxLength: 12 });

describe('AG-UI activities, property-based', () => {
  it('fold the same content at once, from any prefix on, and when replayed', () => {
    fc.assert(
      fc.property(changeLists, fc.nat(), (changes, cut) => {
        const { events, contents } = activityEvents(changes);
        const all = run('r1', [...before, ...events]);
        const final = contents.at(-1);
        // At once.
        const once = activitiesOf(foldAgUiEvents(all).messages);
        expect(once).toEqual([
          { position: 1, activityType: 'plan', messageId: 'act', content: final },
        ]);
        // From a prefix on, event by event, the content after each delta as fast-json-patch has it.
        const k = cut % (all.length + 1);
        let state: AgUiState = k === 0 ? createAgUiState() : foldAgUiEvents(all.slice(0, k));
        for (let index = k; index < all.length; index += 1) {
          state = reduceAgUiEvent(state, all[index]);
          const shown = activitiesOf(state.messages);
          const seen = index - before.length; // the events of the activity folded so far
          if (seen >= 1 && seen <= events.length)
            expect(shown.map((activity) => activity.content)).toEqual([contents[seen - 1]]);
        }
        expect(activitiesOf(state.messages)).toEqual(once);
        // Replayed after a cut: the snapshot starts the activity over, the deltas bring it back.
        let replayed = foldAgUiEvents(all.slice(0, k));
        for (const event of run('r2', events)) replayed = reduceAgUiEvent(replayed, event);
        const again = activitiesOf(replayed.messages);
        expect(again.map((activity) => activity.content)).toEqual([final]);
        expect(again.map((activity) => activity.messageId)).toEqual(['act']);
      }),
      { numRuns: 150 },
    );
  }, 60_000);

  it("hold what @ag-ui/client's own fold holds", async () => {
    await fc.assert(
      fc.asyncProperty(changeLists, async (changes) => {
        const { events } = activityEvents(changes);
        const all = run('r1', [...before, ...events]);
        const oracle = await clientFold(all);
        const theirs = oracle.messages.filter((message) => message.role === 'activity');
        const ours = activitiesOf(foldAgUiEvents(all).messages);
        expect(
          ours.map(({ messageId, activityType, content }) => ({
            messageId,
            activityType,
            content,
          })),
        ).toEqual(
          theirs.map((message) => ({
            messageId: message.id,
            activityType: (message as { activityType: string }).activityType,
            content: (message as { content: unknown }).content,
          })),
        );
      }),
      { numRuns: 40 },
    );
  }, 60_000);
});
