import { describe, expect, it } from 'vitest';
import type { AgentEvent, Msg } from '../../../src/core.js';
import { createConversation, foldEvents, getReplyStatus } from '../../../src/core.js';
import { ReplayFilter } from '../../../src/core/protocols/agentscope/replay-filter.js';
import { must } from '../fold/helpers.js';
import { createEventFactory } from '../../fixtures/events.js';
import {
  askingCall,
  confirmResult,
  externalParkedReply,
  externalResumedReply,
  interruptedReply,
  parkedReply,
  recordedSession,
  resumedReply,
} from '../../fixtures/stream-events.js';

/** What the filter lets through of `events`, for a conversation that starts from `history`. */
function admit(history: readonly Msg[], events: readonly AgentEvent[], filter?: ReplayFilter) {
  const replays = filter ?? new ReplayFilter(history);
  const out: AgentEvent[] = [];
  for (const event of events) replays.admit(event, out);
  return out;
}

/** The history message after folding what the filter let through. */
function continued(history: readonly Msg[], events: readonly AgentEvent[]): Msg {
  const conversation = foldEvents(
    admit(history, events),
    createConversation({ messages: history }),
  );
  expect(conversation.messages).toHaveLength(1);
  return must(conversation.messages[0]);
}

function ids(events: readonly AgentEvent[]): string[] {
  return events.map((event) => event.id);
}

/** Block ids in order: a replayed start shows up as a repeated id. */
function blockIds(message: Msg): string[] {
  return message.content.map((block) => `${block.type}:${block.id}`);
}

describe('ReplayFilter', () => {
  const parked = parkedReply();
  const history = foldEvents(parked).messages;
  const whole = foldEvents([...parked, ...resumedReply(confirmResult())]).messages[0];

  it('skips every event of a finished reply from history, and lets other replies and CUSTOM through', () => {
    const log = recordedSession();
    const f = createEventFactory('n');
    const later = [f.replyStart('r3'), f.textStart('r3', 'tx'), f.custom('team_updated')];

    expect(admit(foldEvents(log).messages, [...log, ...later])).toEqual([
      ...log.filter((event) => event.type === 'CUSTOM'),
      ...later,
    ]);
  });

  it('(a) a trimmed log: the re-published decision starts the resume, which all applies', () => {
    const resumed = resumedReply(confirmResult());

    expect(ids(admit(history, resumed))).toEqual(ids(resumed));
    expect(continued(history, resumed)).toEqual(whole);
  });

  it('(b) the whole run up to the park point is skipped, with nothing after it', () => {
    expect(admit(history, parked)).toEqual([]);
    const decisionAfter = [...parked, confirmResult()];
    expect(ids(admit(history, decisionAfter))).toEqual(ids([confirmResult()]));
  });

  it('(b) the whole run followed by the resume: only the resume applies, usage counted once', () => {
    const resumed = resumedReply(confirmResult());

    expect(ids(admit(history, [...parked, ...resumed]))).toEqual(ids(resumed));
    const message = continued(history, [...parked, ...resumed]);
    expect(message).toEqual(whole);
    expect(new Set(blockIds(message)).size).toBe(message.content.length);
    expect(message.usage).toMatchObject({ input_tokens: 320, output_tokens: 52 });
  });

  it.each([
    ['alone (a trimmed log)', [] as AgentEvent[]],
    ['after the whole run', parkedReply()],
  ])('(c) an interrupt %s: the reply start is held until the new result block', (_name, before) => {
    const interrupt = interruptedReply();

    expect(ids(admit(history, [...before, ...interrupt]))).toEqual(ids(interrupt));
    const message = continued(history, [...before, ...interrupt]);
    expect(message).toEqual(must(foldEvents([...parked, ...interrupt]).messages[0]));
    expect(getReplyStatus(message)).toBe('interrupted');
  });

  describe('(d) a reply parked on an external tool', () => {
    const external = externalParkedReply();
    const externalHistory = foldEvents(external).messages;

    it.each([
      ['a trimmed log with the re-published result', [] as AgentEvent[], true],
      ['the whole run, then the re-published result', externalParkedReply(), true],
      ['a trimmed log without it: deltas for the open result', [] as AgentEvent[], false],
    ])('%s', (_name, before, withResult) => {
      expect(getReplyStatus(must(externalHistory[0]))).toBe('awaiting-external');
      const resumed = externalResumedReply(withResult);

      expect(ids(admit(externalHistory, [...before, ...resumed]))).toEqual(ids(resumed));
      const message = continued(externalHistory, [...before, ...resumed]);
      expect(message).toEqual(must(foldEvents([...external, ...resumed]).messages[0]));
      expect(getReplyStatus(message)).toBe('done');
      expect(message.usage).toMatchObject({ input_tokens: 240, output_tokens: 38 });
    });
  });

  it('skips a run that parked twice up to its second park point', () => {
    const f = createEventFactory('t');
    const secondCall = { ...askingCall('call-2'), input: '{"command": "git diff"}' };
    const firstResume = [
      confirmResult(),
      f.replyStart('r1'),
      f.toolResultStart('r1', 'call-1', 'Bash'),
      f.toolResultText('r1', 'call-1', 'clean'),
      f.toolResultEnd('r1', 'call-1', 'success'),
      f.modelCallStart('r1'),
      f.toolCallStart('r1', 'call-2', 'Bash'),
      f.toolCallDelta('r1', 'call-2', secondCall.input),
      f.toolCallEnd('r1', 'call-2'),
      f.modelCallEnd('r1', 50, 5),
      f.make('REQUIRE_USER_CONFIRM', { reply_id: 'r1', tool_calls: [secondCall] }),
    ];
    const run = [...parked, ...firstResume];
    const twiceParked = foldEvents(run).messages;
    const g = createEventFactory('u');
    const secondResume = [
      g.make('USER_CONFIRM_RESULT', {
        reply_id: 'r1',
        confirm_results: [{ confirmed: false, tool_call: secondCall, rules: null }],
      }),
      g.replyStart('r1'),
      g.toolResultStart('r1', 'call-2', 'Bash'),
      g.toolResultEnd('r1', 'call-2', 'denied'),
      g.replyEnd('r1'),
    ];

    expect(ids(admit(twiceParked, [...run, ...secondResume]))).toEqual(ids(secondResume));
    expect(continued(twiceParked, [...run, ...secondResume])).toEqual(
      foldEvents([...run, ...secondResume]).messages[0],
    );
  });

  it('skips the same replay again after a reconnect, once the reply went on', () => {
    const resumed = resumedReply(confirmResult());
    const filter = new ReplayFilter(history);
    const first = admit(history, [...parked, ...resumed], filter);
    // The reconnect replays the log from its start: the fold ignores the resume it has seen.
    const again = admit(history, [...parked, ...resumed], filter);

    expect(ids(first)).toEqual(ids(resumed));
    expect(ids(again)).toEqual(ids(resumed));
    const conversation = foldEvents(
      [...first, ...again],
      createConversation({ messages: history }),
    );
    expect(conversation.messages[0]).toEqual(whole);
  });

  it('does not ask again for a decided call when the run is replayed after the decision', () => {
    // The user decided before any replay came (an optimistic confirm): the reply is live.
    const filter = new ReplayFilter(history);
    const decision = confirmResult();
    expect(admit(history, [decision], filter)).toEqual([decision]);

    expect(admit(history, parked, filter)).toEqual([]);
  });

  it('leaves replies it does not know alone, and a streaming (not parked) one from history', () => {
    const streaming = foldEvents(parked.slice(0, 10)).messages;
    expect(getReplyStatus(must(streaming[0]))).toBe('streaming');
    const rest = parked.slice(10);

    expect(admit(streaming, rest)).toEqual(rest);
    expect(admit([], parked)).toEqual(parked);
  });
});
