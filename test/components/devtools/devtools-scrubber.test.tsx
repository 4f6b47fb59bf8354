import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { page } from 'vitest/browser';
import type { AgentEvent, MessageStreamProtocolName, Msg } from '../../../src/core.js';
import { foldEvents } from '../../../src/core.js';
import { foldAiSdkStream } from '../../../src/ai-sdk.js';
import { foldAgUiEvents } from '../../../src/ag-ui.js';
import { foldAgentFlowStream } from '../../../src/agentflow.js';
import { foldOperatorUseEvents } from '../../../src/operator-use.js';
import { DevtoolsInspector } from '../../../src/devtools.js';
import { MessageList } from '../../../src/index.js';
import { PROTOCOL_FRAMES, recordFrames } from '../../fixtures/recordings.js';

/** Each protocol's own public fold of a prefix: what the panel must show, found without it. */
const ORACLES: Record<MessageStreamProtocolName, (frames: unknown[]) => readonly Msg[]> = {
  agentscope: (frames) => foldEvents(frames as AgentEvent[]).messages,
  'ai-sdk': (frames) => foldAiSdkStream(frames).messages,
  'ag-ui': (frames) => foldAgUiEvents(frames).messages,
  agentflow: (frames) => foldAgentFlowStream(frames).messages,
  'operator-use': (frames) => foldOperatorUseEvents(frames).messages,
};

const PROTOCOLS = Object.keys(ORACLES) as MessageStreamProtocolName[];

const box = { blockSize: '600px', display: 'flex', flexDirection: 'column' } as const;

describe('DevtoolsInspector scrubber', () => {
  it.each(PROTOCOLS)(
    '%s: scrubbing to event k shows the conversation the protocol folds from k events',
    async (protocol) => {
      const frames = PROTOCOL_FRAMES[protocol]();
      const { session } = recordFrames(protocol, frames);
      const total = frames.length;
      const steps = [0, 1, Math.floor(total / 3), Math.floor(total / 2), total - 1, total];
      const screen = await render(
        <div style={{ display: 'grid', gridTemplateColumns: '3fr 1fr', inlineSize: '1400px' }}>
          <div style={box}>
            <DevtoolsInspector session={session} />
          </div>
          <div style={box} id="oracle" />
        </div>,
      );
      const slider = page.getByRole('slider', { name: 'Events folded' });
      await expect.element(slider).toHaveAttribute('max', String(total));
      // Both lists are virtualized and sized differently, so each may mount other rows: rows are
      // compared by their index, and both must reach the same last row.
      const rowsOf = (label: string) =>
        new Map(
          [
            ...document.querySelectorAll(`[aria-label="${label}"] [data-slot="message-list-item"]`),
          ].map((row) => [Number(row.getAttribute('data-index')), row.textContent]),
        );
      const difference = () => {
        const shown = rowsOf('Conversation at this point');
        const oracle = rowsOf('Oracle');
        const last = (rows: Map<number, string | null>) => Math.max(-1, ...rows.keys());
        const problems = [`last row ${last(shown)} vs ${last(oracle)}`].filter(
          () => last(shown) !== last(oracle),
        );
        for (const [index, text] of shown) {
          if (oracle.has(index) && oracle.get(index) !== text)
            problems.push(`row ${index}: ${text}`);
        }
        return problems.join('\n');
      };
      for (const k of steps) {
        await slider.fill(String(k));
        await expect.element(slider).toHaveValue(String(k));
        // The same list over the oracle's messages, at the same size.
        const oracle = ORACLES[protocol](frames.slice(0, k));
        await screen.rerender(
          <div style={{ display: 'grid', gridTemplateColumns: '3fr 1fr', inlineSize: '1400px' }}>
            <div style={box}>
              <DevtoolsInspector session={session} />
            </div>
            <div style={{ ...box, inlineSize: '380px' }}>
              <MessageList
                messages={oracle}
                label="Oracle"
                announce={false}
                style={{ height: 560 }}
              />
            </div>
          </div>,
        );
        await expect.poll(difference, { timeout: 10_000 }).toBe('');
        if (k === total) expect(rowsOf('Conversation at this point').size).toBeGreaterThan(0);
      }
    },
    60_000,
  );
});
