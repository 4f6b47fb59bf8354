import type { Meta, StoryObj } from '@storybook/react-vite';
import * as React from 'react';
import { expect, waitFor, within } from 'storybook/test';
import type { ToolCallBlock } from '../../src/core.js';
import { assistantMsg } from '../../src/core.js';
import type { ToolRendererProps } from '../../src/components/provider/block-props.js';
import { Message } from '../../src/components/message/message.js';
import { AgentMessagesProvider } from '../../src/components/provider/agent-messages-provider.js';

/** 256 KB of a source file, with what JSON escapes: quotes, backslashes, tabs, line breaks. */
const CONTENT = (() => {
  const lines = [
    'export function greet(name: string): string {',
    '\treturn `Hello, ${name}!\\n`; // "quoted" and \\ escaped',
    '}',
    '',
  ].join('\n');
  return `${lines}\n`.repeat(Math.ceil(262_144 / (lines.length + 1))).slice(0, 262_144);
})();
const INPUT = JSON.stringify({ path: 'src/greet.ts', content: CONTENT });
/** Characters per update: 2,048 a frame streams the 256 KB in about two seconds. */
const STEP = 2_048;

function writeFile(input: string, finished: boolean): ToolCallBlock {
  return {
    type: 'tool_call',
    id: 'call-write',
    name: 'write_file',
    input,
    state: finished ? 'finished' : 'pending',
    suggested_rules: [],
    created_at: '2025-06-01T10:00:00.000Z',
    finished_at: finished ? '2025-06-01T10:00:04.000Z' : null,
  };
}

/**
 * A per-tool renderer: the file's path once its string closed, and how much of the content has
 * arrived, from `args` (partial while they stream) and `argsFields` (which field still streams).
 */
function WriteFileCard({ args, argsFields }: ToolRendererProps) {
  const { path, content } = (args ?? {}) as { path?: unknown; content?: unknown };
  const lines = typeof content === 'string' ? content.split('\n') : [];
  return (
    <figure data-testid="write-file" style={{ margin: 0 }}>
      <figcaption>
        {typeof path === 'string' ? path : '…'}{' '}
        <small data-testid="content-state">{argsFields.state('content') ?? 'not started'}</small>
      </figcaption>
      <p>
        {typeof content === 'string' ? `${content.length.toLocaleString('en')} characters` : '—'},{' '}
        {lines.length.toLocaleString('en')} lines
      </p>
      <pre style={{ maxHeight: 160, overflow: 'auto' }}>{lines.slice(-8).join('\n')}</pre>
    </figure>
  );
}

/** The call's arguments arriving `STEP` characters per frame, then the call finishing. */
function StreamingWriteFile({ renderer }: { renderer: boolean }) {
  const [length, setLength] = React.useState(0);
  React.useEffect(() => {
    let frame = 0;
    const step = () => {
      setLength((current) => Math.min(INPUT.length, current + STEP));
      frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, []);
  const finished = length === INPUT.length;
  const message = assistantMsg(
    [writeFile(INPUT.slice(0, length), finished)],
    finished ? {} : { finished_at: null },
  );
  const card = <Message message={message} />;
  return renderer ? (
    <AgentMessagesProvider tools={{ write_file: { render: WriteFileCard } }}>
      {card}
    </AgentMessagesProvider>
  ) : (
    card
  );
}

const meta = {
  title: 'Blocks/ToolCallCard streaming arguments',
  component: StreamingWriteFile,
  args: { renderer: true },
} satisfies Meta<typeof StreamingWriteFile>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A 256 KB `write_file` streaming into the app's renderer: `content` streams, then is done. */
export const WriteFileWithRenderer: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getByTestId('content-state')).toHaveTextContent('streaming'));
    await expect(canvas.getByText(/src\/greet\.ts/, { selector: 'figcaption' })).toBeVisible();
    await waitFor(() => expect(canvas.getByTestId('content-state')).toHaveTextContent('done'), {
      timeout: 30_000,
    });
    await expect(canvas.getByTestId('write-file')).toHaveTextContent('262,144 characters');
  },
};

/** The same call in the built-in card: its summary and its arguments, structured, all the way. */
export const WriteFileDefaultCard: Story = {
  args: { renderer: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() =>
      expect(canvas.getByText(/"content": "export function greet/)).toBeVisible(),
    );
    await expect(canvas.getByText('src/greet.ts')).toBeVisible();
  },
};
