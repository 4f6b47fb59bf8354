import type { Meta, StoryObj } from '@storybook/react-vite';
import * as React from 'react';
import { expect, userEvent, within } from 'storybook/test';
import type { UnknownBlock } from '../../src/core.js';
import { foldAiSdkStream } from '../../src/ai-sdk.js';
import {
  AgentMessagesProvider,
  UnknownBlockView,
  type DataRendererProps,
} from '../../src/index.js';
import { expectConsoleError } from '../fixtures/expected-console-error.js';

/** The block an AI SDK `data-weather` chunk folds into. */
function weatherPart(data: unknown): UnknownBlock {
  const [message] = foldAiSdkStream([
    { type: 'start', messageId: 'm1' },
    { type: 'data-weather', id: 'w1', data },
  ]).messages;
  const block = message?.content[0];
  if (block?.type !== 'unknown') throw new Error('expected the data part as an unknown block');
  return block;
}

function WeatherCard({ data, id }: DataRendererProps) {
  const { city, celsius } = (data ?? {}) as { city?: unknown; celsius?: unknown };
  return (
    <p data-testid="weather-card" data-part-id={id ?? undefined}>
      Weather in {String(city)}: {typeof celsius === 'number' ? `${celsius} °C` : 'loading…'}
    </p>
  );
}

const THROWN = 'the weather card exploded';

function ThrowingCard(): React.ReactNode {
  throw new globalThis.Error(THROWN);
}

const renderers = { weather: WeatherCard };
const throwing = { weather: ThrowingCard };

const meta = {
  title: 'Blocks/DataPart',
  component: UnknownBlockView,
} satisfies Meta<typeof UnknownBlockView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A part the app registered a renderer for: the renderer shows it. */
export const WithRenderer: Story = {
  args: { block: weatherPart({ city: 'Paris', celsius: 18 }) },
  decorators: [
    (Story) => (
      <AgentMessagesProvider dataRenderers={renderers}>
        <Story />
      </AgentMessagesProvider>
    ),
  ],
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('weather-card')).toHaveTextContent(
      'Weather in Paris: 18 °C',
    );
  },
};

/** A part nothing renders: its data as JSON, behind a disclosure. */
export const AsJson: Story = {
  args: { block: weatherPart({ city: 'Paris', celsius: 18 }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByText('Data: weather'));
    await expect(canvas.getByText(/"celsius": 18/)).toBeVisible();
  },
};

/** A renderer that throws: the data shows as JSON with an error, the rest of the page renders. */
export const ThrowingRenderer: Story = {
  args: { block: weatherPart({ city: 'Oslo' }) },
  decorators: [
    (Story) => (
      <AgentMessagesProvider dataRenderers={throwing}>
        <Story />
      </AgentMessagesProvider>
    ),
  ],
  // React reports the error its boundary caught: expected here, and only here.
  beforeEach: expectConsoleError(THROWN),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByText('The weather view could not be displayed; its data is shown instead.'),
    ).toBeVisible();
    await userEvent.click(canvas.getByText('Data: weather'));
    await expect(canvas.getByText(/"city": "Oslo"/)).toBeVisible();
  },
};
