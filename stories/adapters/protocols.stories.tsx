import type { Meta, StoryObj } from '@storybook/react-vite';
import * as React from 'react';
import { expect, userEvent, within } from 'storybook/test';
import agentFlowStream from '../../demo/fixtures/agentflow-stream.ndjson?raw';
import aiSdkStream from '../../demo/fixtures/ai-sdk-demo.sse?raw';
import agentFlowMessage from '../../test/fixtures/agentflow/generated/generated-message-all-blocks.json' with { type: 'json' };
import agUiEvents from '../../test/fixtures/ag-ui/full-conversation.json' with { type: 'json' };
import aiSdkHistory from '../../test/fixtures/ai-sdk/every-part.json' with { type: 'json' };
import approval from '../../test/fixtures/agentscope/v2-complete-utc.json' with { type: 'json' };
import legacyMedia from '../../test/fixtures/agentscope/legacy-1x-media.json' with { type: 'json' };
import toolResults from '../../test/fixtures/agentscope/legacy-1x-tool-result.json' with { type: 'json' };
import upstream from '../../test/fixtures/agentscope/upstream/message-event.python.json' with { type: 'json' };
import operatorEvents from '../../test/fixtures/operator-use/rpc-events-tools.jsonl?raw';
import operatorSession from '../../test/fixtures/operator-use/generated/generated-session.jsonl?raw';
import branchedSession from '../../test/fixtures/operator-use/session-branch-summary.jsonl?raw';
import type { Msg } from '../../src/core.js';
import type { AgUiInterrupt } from '../../src/ag-ui.js';
import { standaloneAgUiInterrupts } from '../../src/core/protocols/ag-ui/response-form.js';
import { fromAgentScopeMsg } from '../../src/agentscope.js';
import { foldAiSdkStream, fromAiSdkMessages } from '../../src/ai-sdk.js';
import { foldAgUiEvents } from '../../src/ag-ui.js';
import { foldAgentFlowStream, fromAgentFlowMessages } from '../../src/agentflow.js';
import {
  foldOperatorUseEvents,
  fromOperatorUseSession,
  operatorUseBranches,
} from '../../src/operator-use.js';
import {
  AgentMessagesProvider,
  BranchPicker,
  InterruptPrompt,
  Message,
  type DataRendererProps,
} from '../../src/index.js';

/* -------------------------------------------------------------------------------------------------
 * A conversation of one protocol, converted by that protocol's own adapter
 * -----------------------------------------------------------------------------------------------*/

/** The app's renderer for AI SDK `data-weather` parts. */
function WeatherCard({ data }: DataRendererProps) {
  const { city, celsius } = (data ?? {}) as { city?: unknown; celsius?: unknown };
  return (
    <p data-testid="weather-card">
      Weather in {String(city ?? '…')}: {typeof celsius === 'number' ? `${celsius} °C` : '…'}
    </p>
  );
}

const dataRenderers = { weather: WeatherCard };
const ignore = () => {};

interface ProtocolConversationProps {
  messages: readonly Msg[];
  /** AG-UI interrupts of the latest run: those about no shown call get a prompt of their own. */
  interrupts?: readonly AgUiInterrupt[];
}

/** Every message with its approval prompts, then the prompts of interrupts that ask on their own. */
function ProtocolConversation({ messages, interrupts = [] }: ProtocolConversationProps) {
  const standalone = standaloneAgUiInterrupts(interrupts, messages);
  return (
    <AgentMessagesProvider dataRenderers={dataRenderers} safety={{ confirmationArmDelayMs: 0 }}>
      {messages.map((message) => (
        <Message key={message.id} message={message} onDecision={ignore} />
      ))}
      {standalone.map((interrupt) => (
        <InterruptPrompt key={interrupt.id} interrupt={interrupt} onResolve={ignore} />
      ))}
    </AgentMessagesProvider>
  );
}

const meta = {
  title: 'Adapters/Every protocol',
  component: ProtocolConversation,
} satisfies Meta<typeof ProtocolConversation>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The block types a story's canvas shows, by `data-block-type` and the data-part slot. */
function shown(canvas: HTMLElement, selector: string): number {
  return canvas.querySelectorAll(selector).length;
}

async function expectBlocks(canvas: HTMLElement, types: readonly string[]) {
  for (const type of types)
    await expect(shown(canvas, `[data-block-type="${type}"]`), type).toBeGreaterThan(0);
}

/* -------------------------------------------------------------------------------------------------
 * The stories
 * -----------------------------------------------------------------------------------------------*/

const agentScopeMessages = [
  ...upstream.messages,
  ...(Array.isArray(legacyMedia) ? legacyMedia : [legacyMedia]),
  ...(Array.isArray(toolResults) ? toolResults : [toolResults]),
  ...(Array.isArray(approval) ? approval : [approval]),
].map((json) => fromAgentScopeMsg(json).message);

/** AgentScope `Msg`s (2.x and 1.x): text, thinking, hints, media, tool results and errors, an approval. */
export const AgentScope: Story = {
  args: { messages: agentScopeMessages },
  play: async ({ canvasElement }) => {
    await expectBlocks(canvasElement, [
      'text',
      'thinking',
      'hint',
      'data',
      'tool_call',
      'tool_result',
    ]);
    await expect(shown(canvasElement, '[data-slot="confirmation-prompt"]')).toBe(1);
    await expect(
      shown(canvasElement, '[data-slot="tool-result-block"][data-state="error"]'),
    ).toBeGreaterThan(0);
  },
};

/** An AI SDK `UIMessage[]` history with every part type, and the demo's recorded UI stream. */
export const AiSdk: Story = {
  args: {
    messages: [
      ...fromAiSdkMessages(aiSdkHistory).messages,
      ...foldAiSdkStream(aiSdkStream).messages,
    ],
  },
  play: async ({ canvasElement }) => {
    await expectBlocks(canvasElement, ['text', 'thinking', 'data', 'tool_call', 'hint']);
    // Citations, an approval, the app's data-part renderer and the JSON view of another part.
    await expect(shown(canvasElement, '[data-slot="citation"]')).toBeGreaterThan(0);
    await expect(shown(canvasElement, '[data-slot="confirmation-prompt"]')).toBeGreaterThan(0);
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('weather-card')).toHaveTextContent('Weather in Paris: 18 °C');
    await expect(shown(canvasElement, '[data-slot="data-part"][data-view="json"]')).toBeGreaterThan(
      0,
    );
  },
};

const agUi = foldAgUiEvents(agUiEvents);

/**
 * AG-UI events: a run that fails, then reasoning, text, a tool result with an image and a
 * document, a tool that reports an error, a tool approval and a question with a form.
 */
export const AgUi: Story = {
  args: { messages: agUi.messages, interrupts: agUi.interrupts },
  play: async ({ canvasElement }) => {
    await expectBlocks(canvasElement, ['text', 'thinking', 'data', 'tool_call']);
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/Rate limit exceeded/)).toBeVisible();
    await expect(shown(canvasElement, '[data-slot="confirmation-prompt"]')).toBe(1);
    await expect(canvas.getByText('When should the deploy run?')).toBeVisible();
    await expect(canvas.getByLabelText('Notify the team')).toBeChecked();
  },
};

/** AgentFlow: a message with every block type, and a streamed turn whose tool fails. */
export const AgentFlow: Story = {
  args: {
    messages: [
      ...fromAgentFlowMessages([agentFlowMessage]).messages,
      ...foldAgentFlowStream(agentFlowStream).messages,
    ],
  },
  play: async ({ canvasElement }) => {
    await expectBlocks(canvasElement, ['text', 'thinking', 'data', 'tool_call', 'error']);
  },
};

/** Operator-Use: a session file, and RPC events with tool progress and a failing tool. */
export const OperatorUse: Story = {
  args: {
    messages: [
      ...fromOperatorUseSession(operatorSession).messages,
      ...foldOperatorUseEvents(operatorEvents).messages,
    ],
  },
  play: async ({ canvasElement }) => {
    await expectBlocks(canvasElement, ['text', 'thinking', 'data', 'tool_call']);
  },
};

/* -------------------------------------------------------------------------------------------------
 * Operator-Use session branches through the picker
 * -----------------------------------------------------------------------------------------------*/

/** A session's branches walked with `BranchPicker`: each pick reads the session at a new leaf. */
function SessionBranches({ jsonl }: { jsonl: string }) {
  const [leaf, setLeaf] = React.useState<string | undefined>(undefined);
  const result = React.useMemo(() => fromOperatorUseSession(jsonl, { leaf }), [jsonl, leaf]);
  const branches = React.useMemo(() => operatorUseBranches(result), [result]);
  return (
    <div>
      {result.messages.map((message) => {
        const at = branches.branchOf(message);
        return (
          <div key={message.id}>
            {at ? (
              <BranchPicker
                index={at.index}
                count={at.count}
                onChange={(index) => setLeaf(branches.leafFor(message, index))}
              />
            ) : null}
            <Message message={message} />
          </div>
        );
      })}
    </div>
  );
}

/** The picker walks the real session tree: the branch a summary left, and back. */
export const OperatorUseBranches: StoryObj<typeof SessionBranches> = {
  render: () => <SessionBranches jsonl={branchedSession} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Switched to a recursive-descent parser.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Previous version' }));
    await expect(await canvas.findByText('Regex fails on nesting.')).toBeVisible();
    await expect(canvas.queryByText('Switched to a recursive-descent parser.')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Next version' }));
    await expect(await canvas.findByText('Switched to a recursive-descent parser.')).toBeVisible();
  },
};
