import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { PermissionRule, ToolCallBlock } from '../../src/core.js';
import { toolCallBlock } from '../../src/core.js';
import { ConfirmationPrompt } from '../../src/components/confirmation-prompt/confirmation-prompt.js';
import type { ToolRendererProps } from '../../src/components/provider/block-props.js';
import { AgentMessagesProvider } from '../../src/components/provider/agent-messages-provider.js';

/** A call waiting for approval. */
function asking(
  id: string,
  name: string,
  args: unknown,
  rules: PermissionRule[] = [],
): ToolCallBlock {
  return toolCallBlock({
    id,
    name,
    input: typeof args === 'string' ? args : JSON.stringify(args),
    state: 'asking',
    suggested_rules: rules,
    created_at: '2026-09-01T12:00:00',
  });
}

const gitStatus: PermissionRule = {
  tool_name: 'Bash',
  rule_content: 'git status:*',
  behavior: 'allow',
  source: 'suggested',
};
const anyBash: PermissionRule = {
  tool_name: 'Bash',
  rule_content: null,
  behavior: 'allow',
  source: 'suggested',
};

/** Waits until the prompt accepts activation (its arm delay has passed). */
async function armed(canvasElement: HTMLElement) {
  await waitFor(() =>
    expect(
      canvasElement.querySelector('[data-slot="confirmation-prompt"][data-armed]'),
    ).not.toBeNull(),
  );
}

function WeatherPreview({ args }: ToolRendererProps) {
  const city =
    typeof args === 'object' && args !== null ? String((args as { city?: unknown }).city) : '?';
  return <p>Weather forecast for {city}</p>;
}

const meta = {
  title: 'Blocks/ConfirmationPrompt',
  component: ConfirmationPrompt,
  args: { toolCalls: [], onDecision: fn() },
} satisfies Meta<typeof ConfirmationPrompt>;

export default meta;
type Story = StoryObj<typeof meta>;

const single = asking('call-1', 'Bash', {
  command: 'git status',
  description: 'Show the working tree',
});

export const Single: Story = {
  args: { toolCalls: [single] },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('The agent wants to run a tool')).toHaveFocus();
    await expect(canvas.getByText(/"command": "git status"/)).toBeVisible();
    await armed(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Allow' }));
    await expect(args.onDecision).toHaveBeenCalledWith({ toolCall: single, confirmed: true });
  },
};

/** While arming the buttons look disabled, stay focusable and say why; clicks do nothing yet. */
export const Arming: Story = {
  args: {
    toolCalls: [single, asking('call-12', 'Read', { file_path: 'README.md' })],
    armDelayMs: 600_000,
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const prompt = canvasElement.querySelector('[data-slot="confirmation-prompt"]');
    await expect(prompt).not.toHaveAttribute('data-armed');
    for (const button of canvas.getAllByRole('button', { name: /^(Allow|Deny)/ })) {
      await expect(button).toHaveAttribute('aria-disabled', 'true');
      await expect(button).not.toBeDisabled();
      await expect(button).toHaveAccessibleDescription('Available in a moment');
    }
    const [allow] = canvas.getAllByRole('button', { name: 'Allow' });
    // A click lands (the button keeps its focus and place) but decides nothing.
    allow?.click();
    await expect(args.onDecision).not.toHaveBeenCalled();
  },
};

const withRules = asking('call-2', 'Bash', { command: 'git status --short' }, [gitStatus, anyBash]);

export const WithRules: Story = {
  args: { toolCalls: [withRules], armDelayMs: 0 },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('button', { name: 'Always allow Bash: git status:*' }),
    ).toBeVisible();
    await userEvent.click(
      canvas.getByRole('button', { name: 'Always allow Bash (any invocation)' }),
    );
    await expect(args.onDecision).toHaveBeenCalledWith({
      toolCall: withRules,
      confirmed: true,
      rules: [anyBash],
    });
  },
};

const several = [
  asking('call-3', 'Read', { file_path: 'src/index.ts' }),
  asking('call-4', 'Bash', { command: 'npm test' }, [
    { tool_name: 'Bash', rule_content: 'npm test:*', behavior: 'allow', source: 'suggested' },
  ]),
  asking('call-5', 'Write', { file_path: 'notes.md', content: '# Notes\n' }),
];

export const Several: Story = {
  args: { toolCalls: several, armDelayMs: 0 },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('The agent wants to run 3 tools')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Deny all' }));
    await expect(args.onDecision).toHaveBeenCalledTimes(3);
    for (const call of several) {
      await expect(args.onDecision).toHaveBeenCalledWith({ toolCall: call, confirmed: false });
    }
  },
};

export const Sending: Story = {
  args: {
    toolCalls: [single],
    onDecision: fn(() => new Promise<void>(() => {})),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await armed(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Allow' }));
    await expect(canvas.getByRole('button', { name: 'Allow' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Deny' })).toBeDisabled();
    await expect(canvas.getByText('Sending…')).toBeVisible();
  },
};

export const Failed: Story = {
  args: {
    toolCalls: [single],
    armDelayMs: 0,
    onDecision: fn(() => Promise.reject(new Error('offline'))),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Deny' }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Your decision could not be sent. Try again.');
    await expect(canvas.getByRole('button', { name: 'Allow' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Deny' })).toBeEnabled();
  },
};

const weather = asking('call-6', 'get_weather', { city: 'Paris', units: 'metric' });

export const CustomRenderer: Story = {
  args: { toolCalls: [weather], armDelayMs: 0 },
  decorators: [
    (Story) => (
      <AgentMessagesProvider tools={{ get_weather: WeatherPreview }}>
        <Story />
      </AgentMessagesProvider>
    ),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Weather forecast for Paris')).toBeVisible();
    // The renderer is a preview; the exact arguments being approved stay on screen.
    await expect(canvas.getByText(/"city": "Paris"/)).toBeVisible();
  },
};

export const Empty: Story = {
  args: { toolCalls: [] },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-slot="confirmation-prompt"]')).toBeNull();
  },
};

const huge = asking('call-7', 'Write', {
  file_path: 'data.json',
  rows: Array.from({ length: 3200 }, (_, index) => ({ index, value: `row ${index}` })),
});

export const Huge: Story = {
  args: { toolCalls: [huge], armDelayMs: 0 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(huge.input.length).toBeGreaterThan(100_000);
    const text = canvasElement.querySelector<HTMLElement>(
      '[data-slot="confirmation-prompt-arguments-text"]',
    );
    await expect(text).not.toBeNull();
    await expect(text?.scrollHeight ?? 0).toBeGreaterThan(text?.clientHeight ?? 0);
    // Long arguments are cut, and Allow waits until the user has shown them whole.
    await expect(text?.textContent).not.toContain('"value": "row 3199"');
    await expect(canvas.getByRole('button', { name: /^Allow$/ })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: /^Show all/ }));
    await expect(text?.textContent).toContain('"value": "row 3199"');
    await expect(canvas.getByRole('button', { name: /^Allow$/ })).toBeEnabled();
  },
};

const hostile = asking(
  'call-8',
  'Bash\u202E\u200B',
  `{"command": "cat notes.txt\u202E#\u{E0041}\u{E0042}\u{E0043}\u200B", "note": "<img src=x onerror=alert(1)><script>window.__pwned = true</script>"}`,
  [{ tool_name: 'Bash', rule_content: 'cat\u2066:*', behavior: 'allow', source: 'suggested' }],
);

export const Hostile: Story = {
  args: { toolCalls: [hostile], armDelayMs: 0 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const prompt = canvasElement.querySelector('[data-slot="confirmation-prompt"]');
    const shown = prompt?.textContent ?? '';
    for (const marker of [
      '[U+202E]',
      '[U+200B]',
      '[U+E0041]',
      '[U+E0042]',
      '[U+E0043]',
      '[U+2066]',
    ]) {
      await expect(shown).toContain(marker);
    }
    await expect(shown).not.toMatch(/[\u200B\u202E\u2066]|\u{E0041}/u);
    await expect(canvas.getByText('Bash[U+202E][U+200B]')).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: /^Always allow Bash: cat\[U\+2066\]/ }),
    ).toBeVisible();
    await expect(canvas.getByText(/<script>window.__pwned = true<\/script>/)).toBeVisible();
    await expect(prompt?.querySelector('img, script')).toBeNull();
    await expect((window as { __pwned?: boolean }).__pwned).toBeUndefined();
  },
};

// Each number as written: a round trip through JSON.parse would show null, …992, …7000 and 1.
const numbers = asking(
  'call-11',
  'transfer',
  '{"amount":1e400,"id":9007199254740993,"account":12345678901234567890,"fee":1.0}',
);

export const ExactNumbers: Story = {
  args: { toolCalls: [numbers], armDelayMs: 0 },
  play: async ({ canvasElement }) => {
    const text = canvasElement.querySelector('[data-slot="confirmation-prompt-arguments-text"]');
    for (const number of ['1e400', '9007199254740993', '12345678901234567890', '1.0']) {
      await expect(text?.textContent).toContain(`: ${number}`);
    }
  },
};

export const AllStates: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 16 }}>
      <ConfirmationPrompt {...args} toolCalls={[single]} />
      <ConfirmationPrompt {...args} toolCalls={[withRules]} />
      <ConfirmationPrompt {...args} toolCalls={several} />
      <ConfirmationPrompt
        {...args}
        toolCalls={[asking('call-9', 'Bash', '{"command": "ls", "command": "rm -rf ~"}')]}
      />
      <ConfirmationPrompt {...args} toolCalls={[asking('call-10', 'Bash', '{"command": "ls"')]} />
      <ConfirmationPrompt {...args} toolCalls={[hostile]} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvasElement.querySelectorAll('[data-slot="confirmation-prompt"]')).toHaveLength(
      6,
    );
    await expect(canvas.getByText(/repeat a key/)).toBeVisible();
    await expect(canvas.getByText('{"command": "ls"')).toBeVisible();
  },
};
