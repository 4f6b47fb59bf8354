import * as React from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { page, userEvent } from 'vitest/browser';
import type { ToolCallBlock, ToolResultBlock } from '../../src/core.js';
import { TOOL_CALL_STATES } from '../../src/core.js';
import type { ToolRendererProps } from '../../src/components/message/block-props.js';
import { formatArgs, stringifyArgs } from '../../src/components/tool-call-card/format-args.js';
import {
  ToolCallCard,
  ToolCallCardArgs,
} from '../../src/components/tool-call-card/tool-call-card.js';
import { AgentMessagesProvider } from '../../src/react/agent-messages-provider.js';

function call(fields: Partial<ToolCallBlock> = {}): ToolCallBlock {
  return {
    type: 'tool_call',
    id: 'call-1',
    name: 'get_weather',
    input: '{"city": "Paris"}',
    state: 'finished',
    suggested_rules: [],
    created_at: '2025-06-01T10:00:00.000Z',
    finished_at: '2025-06-01T10:00:00.500Z',
    ...fields,
  };
}

function result(fields: Partial<ToolResultBlock> = {}): ToolResultBlock {
  return {
    type: 'tool_result',
    id: 'call-1',
    name: 'get_weather',
    output: 'Paris: 21 °C',
    state: 'success',
    metadata: {},
    created_at: '2025-06-01T10:00:01.000Z',
    finished_at: '2025-06-01T10:00:02.000Z',
    ...fields,
  };
}

class CatchError extends React.Component<
  { children: React.ReactNode },
  { message: string | null }
> {
  override state = { message: null as string | null };
  static getDerivedStateFromError(error: unknown) {
    return { message: error instanceof Error ? error.message : String(error) };
  }
  override render() {
    return this.state.message === null ? (
      this.props.children
    ) : (
      <p role="alert">{this.state.message}</p>
    );
  }
}

const header = () => page.getByRole('button', { name: /get_weather/ });

describe('formatArgs', () => {
  it('reads partial JSON as far as it goes and says whether it is complete', () => {
    expect(formatArgs('{"city": "Par')).toEqual({ value: { city: 'Par' }, complete: false });
    expect(formatArgs('{"city": "Paris"}')).toEqual({ value: { city: 'Paris' }, complete: true });
    expect(formatArgs('')).toEqual({ value: undefined, complete: false });
    expect(formatArgs('hello there')).toEqual({ value: undefined, complete: false });
    expect(formatArgs('['.repeat(100_000)).value).toBeUndefined();
    expect(formatArgs(`{"text": "${'x'.repeat(20_000)}`).value).toBeUndefined();
    expect(formatArgs(`{"text": "${'x'.repeat(20_000)}"}`).complete).toBe(true);
  });

  it('memoises on the input string', () => {
    expect(formatArgs('{"a": [1, 2')).toBe(formatArgs('{"a": [1, 2'));
  });

  it('keeps a streamed "__proto__" key as an ordinary key without touching Object.prototype', () => {
    const { value } = formatArgs('{"__proto__": {"polluted": true}, "x": 1');
    expect(Object.keys(value as object)).toEqual(['__proto__', 'x']);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    expect(stringifyArgs(value)).toContain('"__proto__": {\n    "polluted": true');
  });
});

describe('ToolCallCard', () => {
  it('shows the arguments progressively while they stream', async () => {
    const screen = await render(
      <ToolCallCard
        block={call({ state: 'pending', input: '{"city": "Par', finished_at: null })}
        streaming
      />,
    );
    await expect.element(page.getByText(/"city": "Par"/)).toBeVisible();
    await screen.rerender(
      <ToolCallCard
        block={call({
          state: 'pending',
          input: '{"city": "Paris", "unit": "cel',
          finished_at: null,
        })}
        streaming
      />,
    );
    await expect.element(page.getByText(/"unit": "cel"/)).toBeVisible();
    const root = screen.container.querySelector('[data-slot="tool-call-card"]');
    expect(root?.getAttribute('data-state')).toBe('pending');
    expect(root?.hasAttribute('data-streaming')).toBe(true);
  });

  it('shows finished arguments with every number exactly as sent', async () => {
    const input = '{"amount": 12345678901234567890, "ratio": 1e400, "id": 9007199254740993}';
    const screen = await render(<ToolCallCard block={call({ input })} defaultOpen />);
    const args = screen.container.querySelector('[data-slot="tool-call-card-args"]');
    await expect.poll(() => args?.textContent ?? '').toContain('"amount": 12345678901234567890');
    expect(args?.textContent).toContain('"ratio": 1e400');
    expect(args?.textContent).toContain('"id": 9007199254740993');
  });

  it('shows 200 KB of streaming arguments as received, without reading them on every token', async () => {
    const input = `{"rows": [${Array.from({ length: 8000 }, (_, index) => `{"id": ${index}}`).join(', ')}`;
    expect(input.length).toBeGreaterThan(100_000);
    const started = performance.now();
    await render(
      <ToolCallCard block={call({ state: 'pending', input, finished_at: null })} streaming />,
    );
    await expect.element(page.getByRole('button', { name: /Show all/ })).toBeVisible();
    // A freeze guard, not a speed target (that is the benchmark's job): generous for a busy CI machine.
    expect(performance.now() - started).toBeLessThan(5000);
    await expect.element(page.getByText(/^\{"rows": \[\{"id": 0\}/)).toBeVisible();
  });

  it('shows arguments that are not JSON as received, with a note', async () => {
    await render(<ToolCallCard block={call({ input: 'city=Paris&unit={c' })} defaultOpen />);
    await expect.element(page.getByText('Not valid JSON: shown as received')).toBeVisible();
    await expect.element(page.getByText('city=Paris&unit={c')).toBeVisible();
  });

  it('reveals invisible characters in the tool name and the arguments', async () => {
    await render(
      <ToolCallCard
        block={call({ name: 'get_weather\u202E', input: '{"city": "Par\u200Bis"}' })}
        defaultOpen
      />,
    );
    await expect.element(page.getByText('get_weather[U+202E]')).toBeVisible();
    await expect.element(page.getByText(/"city": "Par\[U\+200B\]is"/)).toBeVisible();
  });

  it('labels every call state, and a paired result state over the call', async () => {
    const expected = {
      pending: 'Pending',
      asking: 'Needs approval',
      allowed: 'Allowed',
      submitted: 'Running externally',
      finished: 'Finished',
    };
    const screen = await render(<div />);
    for (const state of TOOL_CALL_STATES) {
      await screen.rerender(<ToolCallCard block={call({ state })} />);
      await expect.element(header()).toHaveTextContent(expected[state]);
    }
    await screen.rerender(<ToolCallCard block={call()} result={result({ state: 'denied' })} />);
    await expect.element(header()).toHaveTextContent('Denied');
    await screen.rerender(
      <ToolCallCard
        block={call({ state: 'submitted', remote: true })}
        result={result({ state: 'running', finished_at: null })}
      />,
    );
    await expect.element(header()).toHaveTextContent('Running externally');
    await expect.element(header()).toHaveTextContent('Runs in your app');
  });

  it('opens and closes its details from the keyboard', async () => {
    await render(<ToolCallCard block={call()} result={result()} />);
    await expect.element(header()).toHaveAttribute('aria-expanded', 'false');
    await expect.element(page.getByText('Paris: 21 °C')).not.toBeVisible();
    await userEvent.tab();
    await expect.element(header()).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect.element(header()).toHaveAttribute('aria-expanded', 'true');
    await expect.element(page.getByText('Paris: 21 °C')).toBeVisible();
    await userEvent.keyboard(' ');
    await expect.element(header()).toHaveAttribute('aria-expanded', 'false');
  });

  it('is open while asking and can be controlled', async () => {
    const onOpenChange = vi.fn();
    const screen = await render(<ToolCallCard block={call({ state: 'asking' })} />);
    await expect.element(header()).toHaveAttribute('aria-expanded', 'true');
    await screen.rerender(<ToolCallCard block={call()} open={false} onOpenChange={onOpenChange} />);
    await userEvent.click(header());
    expect(onOpenChange).toHaveBeenCalledWith(true);
    await expect.element(header()).toHaveAttribute('aria-expanded', 'false');
  });

  it('hands a per-tool renderer the parsed arguments and the result', async () => {
    const seen: ToolRendererProps[] = [];
    function Weather(props: ToolRendererProps) {
      seen.push(props);
      return <p>Custom weather card</p>;
    }
    const tools = { get_weather: Weather };
    const block = call();
    const paired = result();
    await render(
      <AgentMessagesProvider tools={tools}>
        <ToolCallCard block={block} result={paired} defaultOpen />
      </AgentMessagesProvider>,
    );
    await expect.element(page.getByText('Custom weather card')).toBeVisible();
    await expect.element(header()).toHaveTextContent('Succeeded');
    expect(seen.at(-1)).toEqual({
      call: block,
      args: { city: 'Paris' },
      argsComplete: true,
      result: paired,
      streaming: false,
    });
  });

  it('does not take a tool named "constructor" for a renderer', async () => {
    await render(<ToolCallCard block={call({ name: 'constructor' })} defaultOpen />);
    await expect.element(page.getByText(/"city": "Paris"/)).toBeVisible();
  });

  it('falls back to the default body when a per-tool renderer throws', async () => {
    function Broken(): React.ReactNode {
      throw new Error('renderer exploded');
    }
    const tools = { get_weather: Broken };
    // React reports the error its boundary caught; only that report is expected.
    const previous = console.error;
    const caught: unknown[][] = [];
    console.error = (...args: unknown[]) => {
      if (args.some((arg) => String(arg).includes('renderer exploded'))) caught.push(args);
      else previous(...args);
    };
    try {
      await render(
        <AgentMessagesProvider tools={tools}>
          <ToolCallCard block={call()} result={result()} defaultOpen />
        </AgentMessagesProvider>,
      );
      await expect.element(page.getByText(/"city": "Paris"/)).toBeVisible();
      await expect.element(page.getByText('Paris: 21 °C')).toBeVisible();
      await expect.element(header()).toHaveTextContent('Succeeded');
      expect(caught.length).toBeGreaterThan(0);
    } finally {
      console.error = previous;
    }
  });

  it('shows the elapsed time from the call to its result', async () => {
    await render(
      <ToolCallCard block={call()} result={result({ finished_at: '2025-06-01T10:00:04.200Z' })} />,
    );
    await expect.element(header()).toHaveTextContent('4 seconds');
  });

  it('names the root when a part is used outside it', async () => {
    const previous = console.error;
    console.error = (...args: unknown[]) => {
      if (!args.some((arg) => String(arg).includes('must be used within'))) previous(...args);
    };
    try {
      await render(
        <CatchError>
          <ToolCallCardArgs />
        </CatchError>,
      );
      await expect
        .element(page.getByRole('alert'))
        .toHaveTextContent('`ToolCallCardArgs` must be used within `ToolCallCard`');
    } finally {
      console.error = previous;
    }
  });
});
