import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import type { ToolCallBlock, ToolResultBlock } from '../../src/core.js';
import {
  ToolCallCard,
  ToolCallCardArgs,
  ToolCallCardContent,
  ToolCallCardHeader,
  ToolCallCardResult,
  ToolCallCardStatus,
  ToolCallCardSummary,
} from '../../src/index.js';

const block: ToolCallBlock = {
  type: 'tool_call',
  id: 'call-1',
  name: 'get_weather',
  input: '{"city": "Paris", "unit": "celsius"}',
  state: 'finished',
  suggested_rules: [],
  created_at: '2025-06-01T10:00:00.000Z',
  finished_at: '2025-06-01T10:00:00.800Z',
};

const result: ToolResultBlock = {
  type: 'tool_result',
  id: 'call-1',
  name: 'get_weather',
  output: 'Paris: 21 °C, light rain',
  state: 'success',
  metadata: {},
  created_at: '2025-06-01T10:00:01.000Z',
  finished_at: '2025-06-01T10:00:03.400Z',
};

/** An app's own card, composed from the exported parts: its own header layout, result first. */
function WeatherCard() {
  return (
    <ToolCallCard block={block} result={result} data-app-card="">
      <ToolCallCardHeader>
        <ToolCallCardStatus />
        <span data-app-title="">Weather</span> <ToolCallCardSummary />
      </ToolCallCardHeader>
      <ToolCallCardContent>
        <ToolCallCardResult />
        <ToolCallCardArgs />
      </ToolCallCardContent>
    </ToolCallCard>
  );
}

const meta = {
  title: 'Blocks/ToolCallCard parts',
  component: WeatherCard,
} satisfies Meta<typeof WeatherCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The parts keep the card's behaviour: the header opens the content, the badge shows the state. */
export const ComposedFromParts: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const header = canvas.getByRole('button', { name: /Weather/ });
    await expect(header).toHaveAttribute('aria-expanded', 'false');
    await expect(
      canvasElement.querySelector('[data-slot="tool-call-card-status"]'),
    ).toHaveAttribute('data-status', 'success');
    await userEvent.click(header);
    await expect(header).toHaveAttribute('aria-expanded', 'true');
    await expect(canvasElement.querySelector('[data-slot="tool-call-card"]')).toHaveAttribute(
      'data-open',
    );
    const content = canvasElement.querySelector('[data-slot="tool-call-card-content"]');
    const slots = [...(content?.children ?? [])].map((child) => child.getAttribute('data-slot'));
    await expect(slots).toEqual(['tool-call-card-result', 'tool-call-card-args']);
    await expect(canvas.getByText('Paris: 21 °C, light rain')).toBeVisible();
  },
};
