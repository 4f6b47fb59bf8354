/*
 * What an MCP App frame is told and what it may do, through the real host bridge: the tool's
 * input while its arguments stream (partial, then whole once, then the result), the host
 * context from the provider, and every request refused unless the app's callback allows it.
 */
import * as React from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import type { ToolCallBlock, ToolResultBlock } from '../../src/core.js';
import { ToolCallCard } from '../../src/components/blocks/tool-call-card/tool-call-card.js';
import { AgentMessagesProvider } from '../../src/index.js';
import type { McpAppsOptions } from '../../src/mcp-apps.js';
import { collectLogs, Frame, optionsFor, probeApp } from '../security/mcp-app-frames.js';

const WAIT = { timeout: 20_000 };
beforeEach(() => void vi.spyOn(console, 'debug').mockImplementation(() => undefined));

function weatherCall(input: string, finished: boolean): ToolCallBlock {
  return {
    type: 'tool_call',
    id: 'call-1',
    name: 'weather',
    input,
    state: finished ? 'finished' : 'pending',
    suggested_rules: [],
    created_at: '2025-06-01T10:00:00.000Z',
    finished_at: finished ? '2025-06-01T10:00:02.000Z' : null,
  };
}

const weatherResult: ToolResultBlock = {
  type: 'tool_result',
  id: 'call-1',
  name: 'weather',
  output: '18°C',
  state: 'success',
  metadata: {},
  value: { content: [{ type: 'text', text: '18°C' }], structuredContent: { celsius: 18 } },
  created_at: '2025-06-01T10:00:02.000Z',
  finished_at: '2025-06-01T10:00:02.000Z',
};

/** Logs each notification the host sends the frame, as `[method, params]`. */
const WATCH = `onHost = (message) => log([message.method, message.params]);`;

// The first frame of a file waits for the bridge module to load: generous, not wall-clock bound.
describe('McpApp in a tool card', { timeout: 60_000 }, () => {
  it('gets the arguments as they stream, then whole once, then the result', async () => {
    const { logs, onLog } = collectLogs();
    const options: McpAppsOptions = {
      ...optionsFor(probeApp(`log('started');`, '', WATCH), { onLog }),
      client: {
        listTools: async () => ({
          tools: [{ name: 'weather', _meta: { ui: { resourceUri: 'ui://test/app' } } }],
        }),
        readResource: async () => ({ contents: [] }),
      },
    };
    const Card = ({ input, done }: { input: string; done: boolean }) => (
      <AgentMessagesProvider mcpApps={options}>
        <ToolCallCard
          block={weatherCall(input, done)}
          streaming={!done}
          {...(done ? { result: weatherResult } : {})}
        />
      </AgentMessagesProvider>
    );
    const screen = await render(<Card input={'{"city": "Par'} done={false} />);
    await expect.poll(() => logs, WAIT).toContain('started');
    const sent = (method: string) =>
      logs
        .filter((entry): entry is unknown[] => Array.isArray(entry) && entry[0] === method)
        .map((entry) => entry[1]);
    await expect
      .poll(() => sent('ui/notifications/tool-input-partial'), WAIT)
      .toContainEqual({ arguments: { city: 'Par' } });
    await screen.rerender(<Card input={'{"city": "Paris", "days": 3'} done={false} />);
    await expect
      .poll(() => sent('ui/notifications/tool-input-partial'), WAIT)
      .toContainEqual({ arguments: { city: 'Paris', days: 3 } });
    await screen.rerender(<Card input={'{"city": "Paris", "days": 3}'} done />);
    await expect
      .poll(() => sent('ui/notifications/tool-result'), WAIT)
      .toEqual([{ content: [{ type: 'text', text: '18°C' }], structuredContent: { celsius: 18 } }]);
    expect(sent('ui/notifications/tool-input')).toEqual([
      { arguments: { city: 'Paris', days: 3 } },
    ]);
    // Whole once, and nothing partial after it.
    const methods = logs
      .filter((entry): entry is unknown[] => Array.isArray(entry))
      .map((entry) => String(entry[0]));
    const whole = methods.indexOf('ui/notifications/tool-input');
    expect(methods.slice(whole + 1)).not.toContain('ui/notifications/tool-input-partial');
    expect(methods.indexOf('ui/notifications/tool-result')).toBeGreaterThan(whole);
  });

  it('shows nothing of MCP Apps without mcpApps', async () => {
    await render(<ToolCallCard block={weatherCall('{}', true)} result={weatherResult} />);
    expect(document.querySelector('[data-slot="mcp-app"]')).toBeNull();
  });
});

describe('McpApp host context and requests', { timeout: 60_000 }, () => {
  it('tells the theme and locale from the provider, and a theme change', async () => {
    const { logs, onLog } = collectLogs();
    const body = `log(['init', init.result.hostContext]);`;
    const options = (theme: 'light' | 'dark') =>
      optionsFor(probeApp(body, '', WATCH), { onLog, theme });
    const first = options('dark');
    const screen = await render(
      <AgentMessagesProvider locale="fr">
        <Frame options={first} />
      </AgentMessagesProvider>,
    );
    await expect
      .poll(() => logs, WAIT)
      .toContainEqual([
        'init',
        expect.objectContaining({ theme: 'dark', locale: 'fr', displayMode: 'inline' }),
      ]);
    await screen.rerender(
      <AgentMessagesProvider locale="fr">
        <Frame options={{ ...first, theme: 'light' }} />
      </AgentMessagesProvider>,
    );
    await expect
      .poll(() => logs, WAIT)
      .toContainEqual(['ui/notifications/host-context-changed', { theme: 'light' }]);
  });

  it('starts under StrictMode, whose effects run twice', async () => {
    const { logs, onLog } = collectLogs();
    await render(
      <React.StrictMode>
        <Frame options={optionsFor(probeApp(`log('started');`), { onLog })} />
      </React.StrictMode>,
    );
    await expect.poll(() => logs, WAIT).toContain('started');
    await expect
      .poll(
        () => document.querySelector<HTMLElement>('[data-slot="mcp-app"]')?.dataset['state'],
        WAIT,
      )
      .toBe('ready');
  });

  it('refuses what no callback allows, and links the URL policy refuses', async () => {
    const { logs, onLog } = collectLogs();
    const onOpenLink = vi.fn();
    const body = `
      const call = await request('tools/call', { name: 'anything', arguments: {} });
      log(['tools/call', call.error ? 'refused' : 'ran']);
      const message = await request('ui/message', { role: 'user', content: [{ type: 'text', text: 'hi' }] });
      log(['ui/message', message.result && message.result.isError ? 'refused' : 'sent']);
      const bad = await request('ui/open-link', { url: 'javascript:alert(1)' });
      log(['javascript:', bad.result && bad.result.isError ? 'refused' : 'opened']);
      const good = await request('ui/open-link', { url: 'https://example.com/docs' });
      log(['https:', good.result && good.result.isError ? 'refused' : 'opened']);
      log('done');`;
    await render(<Frame options={optionsFor(probeApp(body), { onLog, onOpenLink })} />);
    await expect.poll(() => logs, WAIT).toContain('done');
    expect(logs).toEqual(
      expect.arrayContaining([
        ['tools/call', 'refused'],
        ['ui/message', 'refused'],
        ['javascript:', 'refused'],
        ['https:', 'opened'],
      ]),
    );
    expect(onOpenLink).toHaveBeenCalledTimes(1);
    expect(onOpenLink).toHaveBeenCalledWith('https://example.com/docs', expect.anything());
  });
});
