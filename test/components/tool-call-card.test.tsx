import fc from 'fast-check';
import * as React from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { page, userEvent } from 'vitest/browser';
import type { ToolCallBlock, ToolResultBlock } from '../../src/core.js';
import { TOOL_CALL_STATES, assistantMsg, hasInvisibleCharacters } from '../../src/core.js';
import type { ToolDisplay, ToolRendererProps } from '../../src/components/provider/block-props.js';
import { Message } from '../../src/components/message/message.js';
import { MessageList } from '../../src/components/message-list/message-list.js';
import { stringifyArgs } from '../../src/components/primitives/json/format-json-value.js';
import { parseArguments } from '../../src/components/primitives/json/parse-arguments.js';
import {
  SUMMARY_CHARACTERS,
  summarizeArgs,
  summarizeArguments,
  summaryText,
} from '../../src/components/blocks/tool-call-card/summarize-args.js';
import {
  ToolCallCard,
  ToolCallCardArgs,
} from '../../src/components/blocks/tool-call-card/tool-call-card.js';
import { AgentMessagesProvider } from '../../src/components/provider/agent-messages-provider.js';

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

describe('parseArguments', () => {
  it('reads partial JSON as far as it goes and says whether it is complete', () => {
    expect(parseArguments('{"city": "Par')).toEqual({
      value: { city: 'Par' },
      complete: false,
      duplicateKeys: false,
    });
    expect(parseArguments('{"city": "Paris"}')).toEqual({
      value: { city: 'Paris' },
      complete: true,
      duplicateKeys: false,
    });
    expect(parseArguments('')).toEqual({ value: undefined, complete: false, duplicateKeys: false });
    expect(parseArguments('hello there')).toEqual({
      value: undefined,
      complete: false,
      duplicateKeys: false,
    });
    // At any size and depth: nesting past the reader's limit is cut there, never a stack overflow.
    expect(Array.isArray(parseArguments('['.repeat(100_000)).value)).toBe(true);
    expect(parseArguments(`{"text": "${'x'.repeat(20_000)}`).value).toEqual({
      text: 'x'.repeat(20_000),
    });
    expect(parseArguments(`{"text": "${'x'.repeat(20_000)}"}`).complete).toBe(true);
  });

  it('memoises on the input string', () => {
    expect(parseArguments('{"a": [1, 2')).toBe(parseArguments('{"a": [1, 2'));
  });

  it('keeps a streamed "__proto__" key as an ordinary key without touching Object.prototype', () => {
    const { value } = parseArguments('{"__proto__": {"polluted": true}, "x": 1');
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

  it('shows 200 KB of streaming arguments structured from their start, without putting them all in the page', async () => {
    const input = `{"rows": [${Array.from({ length: 8000 }, (_, index) => `{"id": ${index}}`).join(', ')}`;
    expect(input.length).toBeGreaterThan(100_000);
    const screen = await render(
      <ToolCallCard block={call({ state: 'pending', input, finished_at: null })} streaming />,
    );
    await expect.element(page.getByRole('button', { name: /Show all/ })).toBeVisible();
    const args = screen.container.querySelector('[data-slot="tool-call-card-args"]');
    expect(args?.textContent).toContain('"rows": [\n    {\n      "id": 0\n    },');
    // Only the start reaches the page until the reader asks for all of it (a count, not a timing:
    // timings belong to the benchmark).
    expect(screen.container.textContent?.length ?? 0).toBeLessThan(input.length / 2);
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

  it('reports opening by itself through onOpenChange, as thinking does', async () => {
    const onOpenChange = vi.fn();
    const screen = await render(<ToolCallCard block={call()} onOpenChange={onOpenChange} />);
    await expect.element(header()).toHaveAttribute('aria-expanded', 'false');
    await screen.rerender(
      <ToolCallCard block={call({ state: 'asking' })} onOpenChange={onOpenChange} />,
    );
    await expect.element(header()).toHaveAttribute('aria-expanded', 'true');
    expect(onOpenChange).toHaveBeenCalledWith(true);
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
      argsFields: expect.objectContaining({ streamingPath: null }) as unknown,
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
    await expect.element(header()).toHaveTextContent('4 sec');
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

/* -------------------------------------------------------------------------------------------------
 * Summary
 * -----------------------------------------------------------------------------------------------*/

const summaryOf = (root: ParentNode = document) =>
  root.querySelector('[data-slot="tool-call-card-summary"]')?.textContent ?? null;

describe('summarizeArgs', () => {
  it('picks the key argument: a command, a path, a query, a URL', () => {
    expect(summarizeArgs({ description: 'List files', command: 'ls -la' })).toBe('ls -la');
    expect(summarizeArgs({ cmd: ['bash', '-lc', 'npm test'] })).toBe('bash -lc npm test');
    expect(summarizeArgs({ content: 'hello', file_path: 'src/index.ts' })).toBe('src/index.ts');
    expect(summarizeArgs({ filePath: 'a.md' })).toBe('a.md');
    expect(summarizeArgs({ limit: 5, query: 'react virtual list' })).toBe('react virtual list');
    expect(summarizeArgs({ url: 'https://example.com/a' })).toBe('https://example.com/a');
    expect(summarizeArgs({ pattern: 'TODO', path: 'src' })).toBe('src');
  });

  it('falls back to the first short string, and has nothing to say otherwise', () => {
    expect(summarizeArgs({ days: 3, city: 'Paris', unit: 'celsius' })).toBe('Paris');
    expect(summarizeArgs({ body: 'x'.repeat(500), title: 'Fix it' })).toBe('Fix it');
    expect(summarizeArgs('ls')).toBe('ls');
    for (const value of [{}, { n: 1 }, [], ['a'], null, 3, undefined, { command: 7 }]) {
      expect(summarizeArgs(value)).toBeNull();
    }
  });

  it('reads own keys only: "__proto__" and "constructor" are plain data', () => {
    const parsed = parseArguments('{"__proto__": {"command": "rm"}, "constructor": "x"').value;
    expect(summarizeArgs(parsed)).toBe('x');
    expect(summarizeArgs({})).toBeNull();
  });

  it('keeps to one line, cut with an ellipsis, with invisible characters marked', () => {
    expect(summaryText('git commit\n  -m "wip"\r\n')).toBe('git commit -m "wip"');
    const long = summaryText(`echo ${'a'.repeat(200)}`);
    expect(long).toHaveLength(SUMMARY_CHARACTERS + 1);
    expect(long?.endsWith('…')).toBe(true);
    expect(summaryText('cat notes.txt\u202E#\u{E0041}\u200B\u001b[2J')).toBe(
      'cat notes.txt[U+202E]#[U+E0041][U+200B][U+001B][2J',
    );
    // Never a marker cut in half: the ellipsis comes before it.
    const cut = summaryText(`${'a'.repeat(SUMMARY_CHARACTERS - 3)}\u202Ebc`);
    expect(cut).toBe(`${'a'.repeat(SUMMARY_CHARACTERS - 3)}…`);
    expect(summaryText(' \n\t ')).toBeNull();
  });

  it('is always one bounded line with nothing hidden, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (text) => {
        const line = summaryText(text);
        if (line === null) return;
        expect(line.length).toBeLessThanOrEqual(SUMMARY_CHARACTERS + 1);
        expect(line).not.toMatch(/[\n\r\u2028\u2029]/);
        expect(hasInvisibleCharacters(line)).toBe(false);
        expect(line).not.toMatch(/\[U\+[0-9A-F]{0,5}…$/);
      }),
    );
  }, 60_000);

  it('grows while the arguments stream, keeps a path given before long content, and drops a finished call’s unreadable text', () => {
    const summarizeInput = (input: string, streaming: boolean) =>
      summarizeArguments(parseArguments(input), streaming);
    expect(summarizeInput('{"command": "git st', true)).toBe('git st');
    expect(summarizeInput('{"command": "git status"', true)).toBe('git status');
    const long = `{"path": "notes.md", "content": "${'x'.repeat(40_000)}`;
    expect(summarizeInput(long, true)).toBe('notes.md');
    expect(summarizeInput(`${long}y`, true)).toBe('notes.md');
    expect(summarizeInput('{"command": "ls"', false)).toBeNull();
    expect(summarizeInput('not json', false)).toBeNull();
  });
});

describe('ToolCallCard summary', () => {
  it('shows the key argument in the collapsed header; the accessible name starts with the tool', async () => {
    await render(
      <ToolCallCard
        block={call({ name: 'Bash', input: '{"command": "npm test -- --run", "timeout": 60}' })}
      />,
    );
    const bash = page.getByRole('button', { name: /^Bash npm test -- --run/ });
    await expect.element(bash).toHaveAttribute('aria-expanded', 'false');
    expect(summaryOf()).toBe('npm test -- --run');
  });

  it('reveals invisible characters and cuts a long summary', async () => {
    await render(
      <ToolCallCard
        block={call({
          name: 'Read',
          input: JSON.stringify({ file_path: `/etc/passwd\u200B\u202E${'/x'.repeat(100)}` }),
        })}
      />,
    );
    const summary = summaryOf() ?? '';
    expect(summary.startsWith('/etc/passwd[U+200B][U+202E]/x/x')).toBe(true);
    expect(summary.endsWith('…')).toBe(true);
    expect(hasInvisibleCharacters(summary)).toBe(false);
  });

  it('follows streaming arguments', async () => {
    const streamingCall = (input: string) =>
      call({ name: 'Grep', state: 'pending', input, finished_at: null });
    const screen = await render(<ToolCallCard block={streamingCall('{"query": "use')} streaming />);
    await expect.poll(() => summaryOf()).toBe('use');
    await screen.rerender(<ToolCallCard block={streamingCall('{"query": "useMemo"')} streaming />);
    await expect.poll(() => summaryOf()).toBe('useMemo');
  });

  it('uses the app’s summarize for the tool, which can hide the summary or keep the built-in one', async () => {
    const seen: unknown[] = [];
    const tools: Record<string, ToolDisplay> = {
      get_weather: {
        summarize: (toolCall, args) => {
          seen.push(args);
          return <em>Forecast for {(args as { city: string }).city}</em>;
        },
      },
      Bash: { summarize: () => null },
      Read: { summarize: () => undefined },
      Write: { summarize: () => 'hello\u202E\nworld' },
    };
    await render(
      <AgentMessagesProvider tools={tools}>
        <ToolCallCard block={call({ id: 'w' })} />
        <ToolCallCard block={call({ id: 'b', name: 'Bash', input: '{"command": "ls"}' })} />
        <ToolCallCard block={call({ id: 'r', name: 'Read', input: '{"path": "a.txt"}' })} />
        <ToolCallCard block={call({ id: 'x', name: 'Write', input: '{"path": "b.txt"}' })} />
      </AgentMessagesProvider>,
    );
    const cards = document.querySelectorAll('[data-slot="tool-call-card"]');
    expect(summaryOf(cards[0] as Element)).toBe('Forecast for Paris');
    expect(cards[0]?.querySelector('[data-slot="tool-call-card-summary"] em')).not.toBeNull();
    expect(seen.at(-1)).toEqual({ city: 'Paris' });
    expect(summaryOf(cards[1] as Element)).toBeNull();
    expect(summaryOf(cards[2] as Element)).toBe('a.txt');
    expect(summaryOf(cards[3] as Element)).toBe('hello[U+202E] world');
  });

  it('keeps the built-in summary when the app’s summarize throws, and a renderer still renders', async () => {
    const tools: Record<string, ToolDisplay> = {
      get_weather: {
        render: () => <p>Custom weather card</p>,
        summarize: () => {
          throw new Error('summary bug');
        },
      },
    };
    await render(
      <AgentMessagesProvider tools={tools}>
        <ToolCallCard block={call()} defaultOpen />
      </AgentMessagesProvider>,
    );
    await expect.element(page.getByText('Custom weather card')).toBeVisible();
    expect(summaryOf()).toBe('Paris');
  });
});

/* -------------------------------------------------------------------------------------------------
 * Arguments shown once
 * -----------------------------------------------------------------------------------------------*/

describe('ToolCallCard with an approval prompt', () => {
  const askingReply = () =>
    assistantMsg([call({ name: 'Bash', state: 'asking', input: '{"command": "git push"}' })], {
      id: 'reply',
      created_at: '2025-06-01T10:00:00.000Z',
    });
  const shownArguments = (root: ParentNode) =>
    (root.textContent ?? '').split('"command": "git push"').length - 1;

  it('leaves the arguments to the prompt shown with it', async () => {
    const screen = await render(<Message message={askingReply()} onDecision={() => {}} />);
    const prompt = screen.container.querySelector('[data-slot="confirmation-prompt"]');
    expect(prompt).not.toBeNull();
    expect(shownArguments(screen.container)).toBe(1);
    expect(shownArguments(prompt as Element)).toBe(1);
    const bash = page.getByRole('button', { name: /^Bash git push/ });
    await expect.element(bash).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(bash);
    await expect.element(page.getByText('Shown in the approval prompt below')).toBeVisible();
    expect(shownArguments(screen.container)).toBe(1);
  });

  it('shows the arguments itself when no prompt is shown with it', async () => {
    const screen = await render(<Message message={askingReply()} />);
    expect(screen.container.querySelector('[data-slot="confirmation-prompt"]')).toBeNull();
    await expect.element(page.getByText(/"command": "git push"/)).toBeVisible();
    await screen.rerender(
      <MessageList
        messages={[askingReply()]}
        onDecision={() => {}}
        confirmationPlacement="none"
        style={{ height: 400 }}
      />,
    );
    await expect.element(page.getByText(/"command": "git push"/)).toBeVisible();
    expect(screen.container.querySelector('[data-slot="confirmation-prompt"]')).toBeNull();
  });

  it('shows the arguments once in a list that places prompts inline', async () => {
    const screen = await render(
      <MessageList messages={[askingReply()]} onDecision={() => {}} style={{ height: 400 }} />,
    );
    await expect
      .element(page.getByRole('group', { name: 'The agent wants to run a tool' }))
      .toBeVisible();
    expect(shownArguments(screen.container)).toBe(1);
  });
});
