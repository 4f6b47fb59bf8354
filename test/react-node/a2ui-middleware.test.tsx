/*
 * Both sides of A2UI over AG-UI against the official middleware (`@ag-ui/a2ui-middleware`,
 * Node only: it streams with `clarinet`): the surface it makes of a tool's A2UI result is an
 * `a2ui-surface` activity whose messages the surface reads, and the action `useAgUiAgent`
 * sends back is the one the middleware hands to the agent.
 */
import { A2UIMiddleware } from '@ag-ui/a2ui-middleware';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAgUiAgent } from '../../src/ag-ui.js';
import { readA2uiFeed } from '../../src/components/blocks/activity/a2ui/a2ui-messages.js';
import { readActivity } from '../../src/core/model/activity.js';
import { bookingV09 } from '../fixtures/activity/a2ui-surfaces.js';
import { DrivenAgent } from '../fixtures/activity/driven-agent.js';

/** Resolves once `ready()` holds (checked each macrotask), inside one `act`. */
async function until(ready: () => boolean): Promise<void> {
  for (let tries = 0; !ready(); tries += 1) {
    if (tries > 1000) throw new Error('gave up waiting');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('A2UI through the AG-UI A2UI middleware', () => {
  it('reads the surface the middleware makes, and sends the action where it reads it', async () => {
    const agent = new DrivenAgent();
    // Its declarations come from its CommonJS build: the same class, typed twice.
    agent.use(new A2UIMiddleware() as never);
    const hook = renderHook(() => useAgUiAgent(agent));
    const chat = () => hook.result.current;
    let sent: Promise<void> = Promise.resolve();
    await act(async () => {
      sent = chat().send('Book a table');
      await until(() => agent.inputs.length === 1);
    });
    await act(async () => {
      agent.emit(
        agent.started(),
        { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'show_booking' },
        { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{}' },
        { type: 'TOOL_CALL_END', toolCallId: 'c1' },
        {
          type: 'TOOL_CALL_RESULT',
          messageId: 'res1',
          toolCallId: 'c1',
          content: JSON.stringify({ a2ui_operations: bookingV09('booking', '20:00') }),
        },
      );
      agent.finish();
      await sent;
    });
    const activities = chat()
      .messages.flatMap((msg) => msg.content)
      .map((block) => readActivity(block))
      .filter((activity) => activity !== undefined);
    expect(activities.map((activity) => activity.activityType)).toEqual(['a2ui-surface']);
    const [surface] = activities;
    const feed = readA2uiFeed(surface?.content);
    expect(feed?.version).toBe('v0_9');
    expect(feed?.surfaceIds).toEqual(['booking']);

    const userAction = {
      name: 'book',
      surfaceId: 'booking',
      sourceComponentId: 'book',
      timestamp: '2026-12-02T00:00:00.000Z',
      context: { time: '20:00' },
    };
    await act(async () => {
      chat().onActivityAction({
        activityType: 'a2ui-surface',
        messageId: surface?.messageId ?? '',
        name: 'book',
        payload: { userAction },
      });
      await until(() => agent.inputs.length === 2);
      agent.emit(agent.started());
      agent.finish();
    });
    await waitFor(() => expect(chat().status).toBe('done'));
    // The middleware turned the action into a tool call and its result for the agent to read.
    const answer = agent.inputs[1]?.messages.at(-1) as { role: string; content: string };
    expect(answer.role).toBe('tool');
    expect(answer.content).toContain('User performed action "book" on surface "booking"');
    expect(answer.content).toContain('"time":"20:00"');
  });
});
