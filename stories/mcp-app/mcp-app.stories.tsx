import type { Meta, StoryObj } from '@storybook/react-vite';
import * as React from 'react';
import { expect, waitFor } from 'storybook/test';
import type { ToolCallBlock, ToolResultBlock } from '../../src/core.js';
import { ToolCallCard } from '../../src/components/blocks/tool-call-card/tool-call-card.js';
import { AgentMessagesProvider } from '../../src/index.js';
import type { McpAppsOptions } from '../../src/mcp-apps.js';
import { demoApp, hostileApp, silentApp, storyMcpApps } from '../fixtures/mcp-demo-app.js';

type Phase = 'streaming' | 'finished';

function call(phase: Phase): ToolCallBlock {
  return {
    type: 'tool_call',
    id: 'call-weather',
    name: 'weather',
    input:
      phase === 'streaming' ? '{"city": "Paris", "days": 3, "uni' : '{"city": "Paris", "days": 3}',
    state: phase === 'streaming' ? 'pending' : 'finished',
    suggested_rules: [],
    created_at: '2025-06-01T10:00:00.000Z',
    finished_at: phase === 'streaming' ? null : '2025-06-01T10:00:02.000Z',
  };
}

const result: ToolResultBlock = {
  type: 'tool_result',
  id: 'call-weather',
  name: 'weather',
  output: '18°C and sunny',
  state: 'success',
  metadata: {},
  value: { content: [{ type: 'text', text: '18°C and sunny' }] },
  created_at: '2025-06-01T10:00:02.000Z',
  finished_at: '2025-06-01T10:00:02.000Z',
};

interface McpAppStoryProps {
  phase: Phase;
  html: string;
  theme?: 'light' | 'dark';
  startTimeoutMs?: number;
}

/** A tool card of an MCP App tool, its frame under it. */
function McpAppCard({ phase, html, theme, startTimeoutMs }: McpAppStoryProps) {
  const [mcpApps] = React.useState<McpAppsOptions>(() =>
    storyMcpApps(html, {
      ...(theme ? { theme } : {}),
      ...(startTimeoutMs ? { startTimeoutMs } : {}),
    }),
  );
  return (
    <AgentMessagesProvider mcpApps={mcpApps}>
      <div data-theme={theme}>
        <ToolCallCard
          block={call(phase)}
          streaming={phase === 'streaming'}
          {...(phase === 'finished' ? { result } : {})}
        />
      </div>
    </AgentMessagesProvider>
  );
}

const meta = {
  title: 'MCP Apps/McpApp',
  component: McpAppCard,
  args: { phase: 'finished', html: demoApp },
} satisfies Meta<typeof McpAppCard>;

export default meta;
type Story = StoryObj<typeof meta>;

const app = (canvas: HTMLElement) => canvas.querySelector<HTMLElement>('[data-slot="mcp-app"]');

/** Waits until the frame runs and has grown to the height its app reported. */
async function running(canvas: HTMLElement) {
  await waitFor(() => expect(app(canvas)?.dataset['state']).toBe('ready'));
  await waitFor(() =>
    expect(
      canvas.querySelector('[data-slot="mcp-app-frame"]')?.getBoundingClientRect().height,
    ).toBeGreaterThan(40),
  );
}

/** While the arguments stream: the app is sent what has arrived so far. */
export const Streaming: Story = {
  args: { phase: 'streaming' },
  play: async ({ canvasElement }) => running(canvasElement),
};

/** The call finished: the app has the whole input and the result. */
export const Finished: Story = {
  play: async ({ canvasElement }) => running(canvasElement),
};

/** The frame is told the light theme. */
export const Light: Story = {
  args: { theme: 'light' },
  play: async ({ canvasElement }) => {
    await running(canvasElement);
    await expect(app(canvasElement)?.dataset['theme']).toBe('light');
  },
};

/** The frame is told the dark theme. */
export const Dark: Story = {
  args: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await running(canvasElement);
    await expect(app(canvasElement)?.dataset['theme']).toBe('dark');
  },
};

/** An app that floods the host: it is removed, and the block is shown. */
export const Hostile: Story = {
  args: { html: hostileApp },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(app(canvasElement)?.dataset['state']).toBe('blocked'));
    await expect(canvasElement.querySelector('[data-slot="mcp-app-frame"]')).toBeNull();
    await expect(app(canvasElement)).toHaveTextContent(/too many messages/);
  },
};

/** An app that never starts: after the timeout it is removed, and says so. */
export const NeverStarts: Story = {
  args: { html: silentApp, startTimeoutMs: 1000 },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(app(canvasElement)?.dataset['state']).toBe('timeout'));
    await expect(app(canvasElement)).toHaveTextContent('The app did not start.');
  },
};
