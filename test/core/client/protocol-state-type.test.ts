import { describe, expect, expectTypeOf, it } from 'vitest';
import { createMessageStreamStore } from '../../../src/core/client/message-stream-store.js';
import { agUiProtocol } from '../../../src/core/protocols/ag-ui/driver.js';
import type { AgUiState } from '../../../src/core/protocols/ag-ui/types.js';
import { operatorUseProtocol } from '../../../src/core/protocols/operator-use/driver.js';
import type { OperatorUseEventState } from '../../../src/core/protocols/operator-use/event-state.js';

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

  it('is unknown for a protocol named, whose driver loads later', () => {
    const store = createMessageStreamStore({ protocol: 'ag-ui' });
    expectTypeOf(store.getSnapshot().protocolState).toEqualTypeOf<unknown>();
    store.close();
  });
});
