import { describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { page, userEvent } from 'vitest/browser';
import { foldAiSdkStream } from '../../src/ai-sdk.js';
import type { Msg } from '../../src/core.js';
import { AgentMessagesProvider, Message, type DataRendererProps } from '../../src/index.js';

function WeatherCard({ name, data, id }: DataRendererProps) {
  const { city, temperature } = (data ?? {}) as { city?: string; temperature?: number };
  return (
    <p data-testid="weather">
      {name} {id}: {city} {temperature === undefined ? 'loading' : `${temperature} °C`}
    </p>
  );
}

const renderers = { weather: WeatherCard };

function reply(...chunks: object[]): Msg {
  const message = foldAiSdkStream([{ type: 'start', messageId: 'm1' }, ...chunks]).messages[0];
  if (message === undefined) throw new Error('the fold should give a message');
  return message;
}

describe('data parts', () => {
  it('shows a data part through the renderer registered for its name, and others as JSON', async () => {
    const message = reply(
      { type: 'data-weather', id: 'w1', data: { city: 'Paris', temperature: 21 } },
      { type: 'data-chart', data: { points: [1, 2, 3] } },
      { type: 'finish' },
    );
    const { container } = await render(
      <AgentMessagesProvider dataRenderers={renderers}>
        <Message message={message} />
      </AgentMessagesProvider>,
    );
    await expect.element(page.getByTestId('weather')).toHaveTextContent('weather w1: Paris 21 °C');
    const parts = [...container.querySelectorAll('[data-slot="data-part"]')];
    expect(
      parts.map((part) => [part.getAttribute('data-name'), part.getAttribute('data-view')]),
    ).toEqual([
      ['weather', 'custom'],
      ['chart', 'json'],
    ]);
    await userEvent.click(page.getByText('Data: chart'));
    await expect.element(page.getByText(/"points"/)).toBeVisible();
  });

  it('keeps the renderer in place while a later chunk replaces the data by id', async () => {
    const first = reply({ type: 'data-weather', id: 'w1', data: { city: 'Paris' } });
    const screen = await render(
      <AgentMessagesProvider dataRenderers={renderers}>
        <Message message={first} />
      </AgentMessagesProvider>,
    );
    await expect.element(page.getByTestId('weather')).toHaveTextContent('Paris loading');
    const rendered = screen.container.querySelector('[data-testid="weather"]');
    const second = reply(
      { type: 'data-weather', id: 'w1', data: { city: 'Paris' } },
      { type: 'data-weather', id: 'w1', data: { city: 'Paris', temperature: 19 } },
    );
    await screen.rerender(
      <AgentMessagesProvider dataRenderers={renderers}>
        <Message message={second} />
      </AgentMessagesProvider>,
    );
    await expect.element(page.getByTestId('weather')).toHaveTextContent('Paris 19 °C');
    // Updated in place: one card, the same element.
    expect(screen.container.querySelectorAll('[data-testid="weather"]')).toHaveLength(1);
    expect(screen.container.querySelector('[data-testid="weather"]')).toBe(rendered);
  });

  it('contains a renderer that throws: its data shows as JSON with an error, and the next version retries', async () => {
    // React reports errors caught by boundaries on the console; that is expected here.
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    function Fragile({ data }: DataRendererProps) {
      const { temperature } = data as { temperature?: number };
      if (temperature === undefined) throw new Error('no temperature yet');
      return <p data-testid="fragile">{temperature} °C</p>;
    }
    const fragile = { weather: Fragile };
    const first = reply(
      { type: 'text-start', id: 't' },
      { type: 'text-delta', id: 't', delta: 'Here is the weather.' },
      { type: 'text-end', id: 't' },
      { type: 'data-weather', id: 'w1', data: { city: 'Oslo' } },
    );
    const screen = await render(
      <AgentMessagesProvider dataRenderers={fragile}>
        <Message message={first} />
      </AgentMessagesProvider>,
    );
    await expect.element(page.getByText('Here is the weather.')).toBeVisible();
    await expect
      .element(
        page.getByText('The weather view could not be displayed; its data is shown instead.'),
      )
      .toBeVisible();
    await userEvent.click(page.getByText('Data: weather'));
    await expect.element(page.getByText(/"city": "Oslo"/)).toBeVisible();

    const second = reply(
      { type: 'text-start', id: 't' },
      { type: 'text-delta', id: 't', delta: 'Here is the weather.' },
      { type: 'text-end', id: 't' },
      { type: 'data-weather', id: 'w1', data: { city: 'Oslo' } },
      { type: 'data-weather', id: 'w1', data: { city: 'Oslo', temperature: 4 } },
    );
    await screen.rerender(
      <AgentMessagesProvider dataRenderers={fragile}>
        <Message message={second} />
      </AgentMessagesProvider>,
    );
    await expect.element(page.getByTestId('fragile')).toHaveTextContent('4 °C');
    expect(screen.container.querySelector('[data-slot="data-part-error"]')).toBeNull();
    consoleError.mockRestore();
  });

  it('finds no renderer through a part named after an Object member', async () => {
    const message = reply({ type: 'data-constructor', data: 1 }, { type: 'finish' });
    const { container } = await render(
      <AgentMessagesProvider dataRenderers={renderers}>
        <Message message={message} />
      </AgentMessagesProvider>,
    );
    await expect.element(page.getByText('Data: constructor')).toBeVisible();
    expect(container.querySelector('[data-slot="data-part"]')?.getAttribute('data-view')).toBe(
      'json',
    );
  });
});
