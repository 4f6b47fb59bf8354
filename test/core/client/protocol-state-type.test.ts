import { describe, expect, expectTypeOf, it } from 'vitest';
import type { AgentScopeConversation } from '../../../src/core.js';
import { createMessageStreamStore, foldEvents } from '../../../src/core.js';
import { agentScopeProtocol } from '../../../src/agentscope.js';
import { agUiProtocol } from '../../../src/core/protocols/ag-ui/driver.js';
import type { AgUiState } from '../../../src/core/protocols/ag-ui/types.js';
import { operatorUseProtocol } from '../../../src/core/protocols/operator-use/driver.js';
import type { OperatorUseEventState } from '../../../src/core/protocols/operator-use/event-state.js';
import { createEventFactory } from '../../fixtures/events.js';
import { must } from '../fold/helpers.js';

describe('protocolState is typed by the driver', () => {
  it("reads a driver's own fields without a cast", () => {
    const store = createMessageStreamStore({ protocol: agUiProtocol });
    const state = store.getSnapshot().protocolState;
    expectTypeOf(state).toEqualTypeOf<AgUiState | null>();
    expect(state?.interrupts).toEqual([]);
    const other = createMessageStreamStore({ protocol: operatorUseProtocol });
    expectTypeOf(other.getSnapshot().protocolState).toEqualTypeOf<OperatorUseEventState | null>();
    expect(other.getSnapshot().protocolState?.status).toBe('idle');
  });

  it("is AgentScope's conversation, with its custom events and last event id", async () => {
    const f = createEventFactory('a');
    const events = [f.replyStart('r1'), f.custom('state_updated', { step: 2 }), f.replyEnd('r1')];
    const store = createMessageStreamStore({ protocol: agentScopeProtocol });
    store.append(events);
    await expect.poll(() => store.getSnapshot().conversation.eventCount).toBe(events.length);

    const { protocolState, conversation } = store.getSnapshot();
    expectTypeOf(protocolState).toEqualTypeOf<AgentScopeConversation | null>();
    expect(protocolState).toBe(conversation);
    expect(protocolState?.customEvents).toEqual([events[1]]);
    expect(protocolState?.lastEventId).toBe(must(events[2]).id);
    store.close();
  });

  it('resumes an initialConversation after its last event id', async () => {
    const f = createEventFactory('b');
    const initialConversation = foldEvents([f.replyStart('r1'), f.textStart('r1', 't1')]);
    const opened: (string | null)[] = [];
    const store = createMessageStreamStore({
      initialConversation,
      source: (_signal, lastEventId) => {
        opened.push(lastEventId);
        return [];
      },
    });
    store.start();
    await expect.poll(() => opened.length).toBe(1);

    expect(opened[0]).toBe(initialConversation.lastEventId);
    expect(opened[0]).toBe('b2');
    store.close();
  });

  it('is unknown for a protocol named, whose driver loads later', () => {
    const store = createMessageStreamStore({ protocol: 'ag-ui' });
    expectTypeOf(store.getSnapshot().protocolState).toEqualTypeOf<unknown>();
    store.close();
  });
});
