import type { Meta, StoryObj } from '@storybook/react-vite';
import * as React from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { ToolCallBlock, ToolResultBlock, ToolResultState } from '../../src/core.js';
import { TOOL_CALL_STATES, TOOL_RESULT_STATES, assistantMsg } from '../../src/core.js';
import type { ToolDisplay, ToolRendererProps } from '../../src/components/provider/block-props.js';
import { Message } from '../../src/components/message/message.js';
import { ToolCallCard } from '../../src/components/blocks/tool-call-card/tool-call-card.js';
import { AgentMessagesProvider } from '../../src/components/provider/agent-messages-provider.js';
import { expectConsoleError } from '../fixtures/expected-console-error.js';

const STARTED = '2025-06-01T10:00:00.000Z';
const ARGS = '{"city": "Paris", "unit": "celsius", "days": 3}';

function call(fields: Partial<ToolCallBlock> = {}): ToolCallBlock {
  return {
    type: 'tool_call',
    id: 'call-1',
    name: 'get_weather',
    input: ARGS,
    state: 'finished',
    suggested_rules: [],
    created_at: STARTED,
    finished_at: '2025-06-01T10:00:00.800Z',
    ...fields,
  };
}

function result(fields: Partial<ToolResultBlock> = {}): ToolResultBlock {
  return {
    type: 'tool_result',
    id: 'call-1',
    name: 'get_weather',
    output: 'Paris: 21 °C, light rain\nTomorrow: 24 °C, sunny\nDay after: 19 °C, showers',
    state: 'success',
    metadata: {},
    created_at: '2025-06-01T10:00:01.000Z',
    finished_at: '2025-06-01T10:00:03.400Z',
    ...fields,
  };
}

/** A result of each state, as the runtime leaves it (AgentScope's reminders included). */
const RESULT_OUTPUTS: Record<ToolResultState, Partial<ToolResultBlock>> = {
  running: { output: 'Contacting the weather service…', finished_at: null },
  success: {},
  error: { output: 'ConnectionError: weather.example.com timed out after 30 s' },
  interrupted: {
    output: '<system-reminder>The tool call has been interrupted by the user.</system-reminder>',
  },
  denied: {
    output:
      '<system-reminder>The execution of tool "get_weather" is denied by user!</system-reminder>',
  },
};

function pairedResult(state: ToolResultState): ToolResultBlock {
  const live = state === 'running' ? { created_at: new Date(Date.now() - 4000).toISOString() } : {};
  return result({ state, ...RESULT_OUTPUTS[state], ...live });
}

const meta = {
  title: 'Blocks/ToolCallCard',
  component: ToolCallCard,
  args: { block: call() },
} satisfies Meta<typeof ToolCallCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/* ---------------------------------------------------------------------------------------------
 * One story per call state
 * -------------------------------------------------------------------------------------------*/

export const Pending: Story = {
  args: {
    block: call({ state: 'pending', input: '{"city": "Par', finished_at: null }),
    streaming: true,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: /get_weather/ })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(canvas.getByText(/"city": "Par"/)).toBeVisible();
    await expect(canvas.getByText('Pending')).toBeVisible();
  },
};

/** Arguments arriving a few characters at a time, then the call asks for approval. */
function LiveCall() {
  const [length, setLength] = React.useState(0);
  React.useEffect(() => {
    const timer = setInterval(() => setLength((current) => Math.min(ARGS.length, current + 3)), 40);
    return () => clearInterval(timer);
  }, []);
  const done = length >= ARGS.length;
  const block = React.useMemo(
    () =>
      call({
        input: ARGS.slice(0, length),
        state: done ? 'asking' : 'pending',
        finished_at: done ? '2025-06-01T10:00:00.800Z' : null,
      }),
    [length, done],
  );
  return <ToolCallCard block={block} streaming={!done} />;
}

export const Streaming: Story = {
  render: () => <LiveCall />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getByText(/"days": 3/)).toBeVisible(), { timeout: 5000 });
    await expect(canvas.getByText('Needs approval')).toBeVisible();
  },
};

export const Asking: Story = {
  args: {
    block: call({
      name: 'Bash',
      kind: 'shell',
      state: 'asking',
      input: '{"command": "git status --short", "timeout": 30}',
      suggested_rules: [
        { tool_name: 'Bash', rule_content: 'git status:*', behavior: 'allow', source: 'session' },
        { tool_name: 'Bash', rule_content: null, behavior: 'allow', source: 'project' },
      ],
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Needs approval')).toBeVisible();
    await expect(canvas.getByText(/"command": "git status --short"/)).toBeVisible();
  },
};

export const Allowed: Story = {
  args: { block: call({ state: 'allowed' }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const header = canvas.getByRole('button', { name: /get_weather/ });
    await expect(header).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.getByText('Allowed')).toBeVisible();
  },
};

export const Submitted: Story = {
  args: {
    block: call({
      name: 'pick_file',
      kind: 'remote',
      remote: true,
      state: 'submitted',
      input: '{"accept": ["image/png"]}',
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Running externally')).toBeVisible();
    await expect(canvas.getByText('Runs in your app')).toBeVisible();
  },
};

export const Finished: Story = {
  args: { block: call(), result: result() },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Succeeded')).toBeVisible();
    await expect(canvas.getByText('3 sec')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: /get_weather/ }));
    await expect(canvas.getByText(/Paris: 21 °C, light rain/)).toBeVisible();
  },
};

export const Done: Story = { ...Finished, name: 'Done (finished, success)' };

export const Error: Story = {
  args: { block: call(), result: pairedResult('error'), defaultOpen: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Failed')).toBeVisible();
    await expect(canvas.getByText(/ConnectionError/)).toBeVisible();
  },
};

/* ---------------------------------------------------------------------------------------------
 * Results, renderers and edge cases
 * -------------------------------------------------------------------------------------------*/

export const ResultStates: Story = {
  render: () => (
    <div>
      {TOOL_RESULT_STATES.map((state) => (
        <ToolCallCard
          key={state}
          block={call({ id: state, state: state === 'running' ? 'allowed' : 'finished' })}
          result={{ ...pairedResult(state), id: state }}
          defaultOpen
        />
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const label of ['Running', 'Succeeded', 'Failed', 'Interrupted', 'Denied']) {
      await expect(canvas.getByText(label)).toBeVisible();
    }
    await expect(canvas.getByText(/is denied by user/)).toBeVisible();
    await expect(canvas.queryByText(/<system-reminder>/)).toBeNull();
  },
};

function WeatherCard({ args, argsComplete, result: weather }: ToolRendererProps) {
  const city =
    typeof args === 'object' && args !== null && 'city' in args ? String(args.city) : '…';
  return (
    <div data-testid="weather-card">
      <p>Weather for {city}</p>
      <p>{argsComplete ? 'Forecast requested' : 'Reading the request…'}</p>
      {weather && typeof weather.output === 'string' ? (
        <p>{weather.output.split('\n')[0]}</p>
      ) : null}
    </div>
  );
}

const weatherTools = { get_weather: WeatherCard };

export const CustomRenderer: Story = {
  args: { block: call(), result: result(), defaultOpen: true },
  decorators: [
    (Story) => (
      <AgentMessagesProvider tools={weatherTools}>
        <Story />
      </AgentMessagesProvider>
    ),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Weather for Paris')).toBeVisible();
    await expect(canvas.getByText('Paris: 21 °C, light rain')).toBeVisible();
    await expect(canvas.getByText('Succeeded')).toBeVisible();
  },
};

const THROWN = 'the weather widget exploded';

function ThrowingWeather(): React.ReactNode {
  throw new globalThis.Error(THROWN);
}

const throwingTools = { get_weather: ThrowingWeather };

export const ThrowingRenderer: Story = {
  args: { block: call(), result: result(), defaultOpen: true },
  decorators: [
    (Story) => (
      <AgentMessagesProvider tools={throwingTools}>
        <Story />
      </AgentMessagesProvider>
    ),
  ],
  // React reports the error its boundary caught: expected here, and only here.
  beforeEach: expectConsoleError(THROWN),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/"city": "Paris"/)).toBeVisible();
    await expect(canvas.getByText(/Paris: 21 °C/)).toBeVisible();
    await expect(canvas.getByText('Succeeded')).toBeVisible();
  },
};

export const Empty: Story = {
  args: { block: call({ name: 'list_files', input: '' }), defaultOpen: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No arguments')).toBeVisible();
  },
};

const HUGE_ARGS = JSON.stringify({
  path: 'data/export.csv',
  rows: Array.from({ length: 3500 }, (_, index) => ({
    id: index,
    name: `row ${index}`,
    value: index * 1.5,
    tags: ['a', 'b'],
  })),
});

export const Huge: Story = {
  args: { block: call({ name: 'write_file', input: HUGE_ARGS }), defaultOpen: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(HUGE_ARGS.length).toBeGreaterThan(200_000);
    await userEvent.click(canvas.getByRole('button', { name: /Show all/ }));
    await expect(canvas.getByText(/"name": "row 3499"/)).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Show less' }));
  },
};

const HOSTILE_NAME = 'read_file\u202Egnp.exe\u{E0049}\u{E0047}\u{E004E}';
// Written as text: an object literal's `__proto__` would set its prototype, not add a key.
const HOSTILE_ARGS =
  '{"path": "/etc/passwd\u200B", "__proto__": {"polluted": true}, ' +
  '"constructor": {"prototype": {"isAdmin": true}}, ' +
  '"note": "<img src=x onerror=alert(1)><script>window.__pwned = true</script>", ' +
  '"link": "[click](javascript:alert(1))"}';

export const Hostile: Story = {
  args: {
    block: call({ name: HOSTILE_NAME, kind: '<b>admin</b>', input: HOSTILE_ARGS }),
    result: result({
      name: HOSTILE_NAME,
      output:
        '\u001b]8;;https://evil.example/\u0007click me\u001b]8;;\u0007 <script>window.__pwned = true</script>',
    }),
    defaultOpen: true,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/read_file\[U\+202E\]gnp\.exe\[U\+E0049\]/)).toBeVisible();
    await expect(canvas.getByText(/"__proto__": \{/)).toBeVisible();
    await expect(canvas.getByText(/"path": "\/etc\/passwd\[U\+200B\]"/)).toBeVisible();
    await expect(
      canvasElement.querySelector(
        '[data-slot="tool-call-card"] script, [data-slot="tool-call-card"] img, a',
      ),
    ).toBeNull();
    await expect((window as { __pwned?: boolean }).__pwned).toBeUndefined();
    await expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  },
};

/* ---------------------------------------------------------------------------------------------
 * Summaries: the collapsed header says what the call acts on
 * -------------------------------------------------------------------------------------------*/

const summaryOf = (root: HTMLElement, name: RegExp) =>
  within(root).getByRole('button', { name }).querySelector('[data-slot="tool-call-card-summary"]')
    ?.textContent ?? null;

const SUMMARIZED: ToolCallBlock[] = [
  call({
    id: 'shell',
    name: 'Bash',
    kind: 'shell',
    input: '{"command": "npm run build && npm test -- --run", "description": "Build and test"}',
  }),
  call({
    id: 'file',
    name: 'Read',
    input:
      '{"file_path": "/home/ada/projects/react-agent-messages/src/components/tool-call-card/tool-call-card.tsx", "limit": 200}',
  }),
  call({
    id: 'search',
    name: 'WebSearch',
    input: '{"query": "virtualized list scroll anchoring", "max_results": 5}',
  }),
  call({ id: 'argv', name: 'shell', input: '{"cmd": ["git", "log", "--oneline", "-n", "5"]}' }),
];

export const Summaries: Story = {
  render: () => (
    <div style={{ maxInlineSize: 560 }}>
      {SUMMARIZED.map((block) => (
        <ToolCallCard key={block.id} block={block} result={{ ...result(), id: block.id }} />
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(summaryOf(canvasElement, /^Bash /)).toBe('npm run build && npm test -- --run');
    await expect(summaryOf(canvasElement, /^Read /)).toMatch(/^\/home\/ada\/projects\/.*…$/);
    await expect(summaryOf(canvasElement, /^WebSearch /)).toBe('virtualized list scroll anchoring');
    await expect(summaryOf(canvasElement, /^shell /)).toBe('git log --oneline -n 5');
    for (const header of within(canvasElement).getAllByRole('button')) {
      await expect(header).toHaveAttribute('aria-expanded', 'false');
    }
  },
};

/** Bidi and tag characters, a newline run and markup in the key argument: shown, not obeyed. */
export const HostileSummary: Story = {
  args: {
    block: call({
      name: 'Bash',
      input: JSON.stringify({
        command: 'cat notes.txt\u202E#\u{E0041}\u200B\n\n\nrm -rf ~ <img src=x onerror=alert(1)>',
      }),
    }),
  },
  play: async ({ canvasElement }) => {
    const summary = summaryOf(canvasElement, /^Bash /) ?? '';
    await expect(summary).toBe(
      'cat notes.txt[U+202E]#[U+E0041][U+200B] rm -rf ~ <img src=x onerror=alert(1)>',
    );
    await expect(summary).not.toMatch(/[\u200B\u202E\n]|\u{E0041}/u);
    await expect(canvasElement.querySelector('img')).toBeNull();
  },
};

/** A long summary is cut with an ellipsis, and by CSS where the header runs out of room. */
export const LongSummary: Story = {
  args: {
    block: call({
      name: 'Bash',
      input: JSON.stringify({ command: `echo ${'0123456789 '.repeat(20)}` }),
    }),
  },
  render: (args) => (
    <div style={{ maxInlineSize: 360 }}>
      <ToolCallCard {...args} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const summary = canvasElement.querySelector<HTMLElement>(
      '[data-slot="tool-call-card-summary"]',
    );
    await expect(summary?.textContent).toHaveLength(81);
    await expect(summary?.textContent?.endsWith('…')).toBe(true);
    await expect(summary?.scrollWidth ?? 0).toBeGreaterThan(summary?.clientWidth ?? 0);
  },
};

const summaryTools: Record<string, ToolDisplay> = {
  get_weather: {
    summarize: (_call, args) => {
      const { city, days } = (args ?? {}) as { city?: unknown; days?: unknown };
      if (typeof city !== 'string') return undefined;
      return `${city}, ${typeof days === 'number' ? days : 1}-day forecast`;
    },
  },
  // A tool whose arguments say nothing useful at a glance.
  run_query: { summarize: () => null },
};

const withSummaryTools: NonNullable<Story['decorators']> = [
  (Story) => (
    <AgentMessagesProvider tools={summaryTools}>
      <Story />
    </AgentMessagesProvider>
  ),
];

export const CustomSummary: Story = {
  args: { block: call() },
  decorators: withSummaryTools,
  play: async ({ canvasElement }) => {
    await expect(summaryOf(canvasElement, /^get_weather /)).toBe('Paris, 3-day forecast');
  },
};

export const SummaryHidden: Story = {
  args: {
    block: call({ name: 'run_query', input: '{"sql": "select * from orders", "db": "main"}' }),
  },
  decorators: withSummaryTools,
  play: async ({ canvasElement }) => {
    await expect(summaryOf(canvasElement, /^run_query/)).toBeNull();
  },
};

/** A reply waiting for approval: the prompt shows the arguments, the card only its summary. */
const askingReply = assistantMsg(
  [
    call({
      id: 'ask',
      name: 'Bash',
      kind: 'shell',
      state: 'asking',
      input: '{"command": "git push --force origin main", "description": "Publish the fix"}',
      suggested_rules: [
        { tool_name: 'Bash', rule_content: 'git push:*', behavior: 'allow', source: 'suggested' },
      ],
    }),
  ],
  { id: 'reply', name: 'Friday', created_at: STARTED },
);

export const AskingWithPrompt: Story = {
  render: () => <Message message={askingReply} onDecision={fn()} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const header = canvas.getByRole('button', { name: /^Bash git push --force origin main/ });
    await expect(header).toHaveAttribute('aria-expanded', 'false');
    const shown = (canvasElement.textContent ?? '').split(
      '"command": "git push --force origin main"',
    );
    await expect(shown).toHaveLength(2);
    await userEvent.click(header);
    await expect(canvas.getByText('Shown in the approval prompt below')).toBeVisible();
  },
};

/* ---------------------------------------------------------------------------------------------
 * AllStates
 * -------------------------------------------------------------------------------------------*/

function resultFor(resultState: ToolResultState, id: string): ToolResultBlock {
  return { ...pairedResult(resultState), id, state: resultState };
}

export const AllStates: Story = {
  render: () => (
    <div>
      {TOOL_CALL_STATES.map((callState) => (
        <section key={callState} aria-label={`Call ${callState}`}>
          <h2>Call state: {callState}</h2>
          <ToolCallCard block={call({ id: `${callState}-none`, state: callState })} />
          {TOOL_RESULT_STATES.map((resultState) => {
            const id = `${callState}-${resultState}`;
            return (
              <ToolCallCard
                key={resultState}
                block={call({ id, state: callState })}
                result={resultFor(resultState, id)}
              />
            );
          })}
        </section>
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const cards = canvasElement.querySelectorAll('[data-slot="tool-call-card"]');
    await expect(cards).toHaveLength(30);
    await expect(
      canvasElement.querySelectorAll('[data-state="asking"][data-status="asking"]'),
    ).toHaveLength(6);
  },
};
