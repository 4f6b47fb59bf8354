import * as React from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { page, userEvent } from 'vitest/browser';
import type { Decision, PermissionRule, ToolCallBlock } from '../../src/core.js';
import { toolCallBlock } from '../../src/core.js';
import type { ConfirmationPromptProps } from '../../src/components/confirmation-prompt/confirmation-prompt.js';
import { ConfirmationPrompt } from '../../src/components/confirmation-prompt/confirmation-prompt.js';
import { hasDuplicateKeys } from '../../src/components/primitives/json/duplicate-keys.js';
import { formatJson } from '../../src/components/primitives/json/parse-arguments.js';
import { allowRule } from '../../src/components/confirmation-prompt/rule-label.js';
import type { ToolRendererProps } from '../../src/components/provider/block-props.js';
import { AgentMessagesProvider } from '../../src/components/provider/agent-messages-provider.js';

function asking(
  id: string,
  input: string,
  rules: PermissionRule[] = [],
  name = 'Bash',
): ToolCallBlock {
  return toolCallBlock({ id, name, input, state: 'asking', suggested_rules: rules });
}

const gitStatus: PermissionRule = {
  tool_name: 'Bash',
  rule_content: 'git status:*',
  behavior: 'allow',
  source: 'suggested',
};
const anyBash: PermissionRule = { ...gitStatus, rule_content: null };
const call = asking('call-1', '{"command":"git status"}', [gitStatus, anyBash]);

type Props = Partial<ConfirmationPromptProps>;
const button = (name: string) => page.getByRole('button', { name, exact: true });
const prompt = () => document.querySelector('[data-slot="confirmation-prompt"]');
const argumentsText = () =>
  document.querySelector('[data-slot="confirmation-prompt-arguments-text"]')?.textContent;

/** A deferred promise the test settles. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

async function renderPrompt(props: Props = {}) {
  const onDecision = vi.fn<(decision: Decision) => void | Promise<void>>();
  const screen = await render(
    <ConfirmationPrompt toolCalls={[call]} onDecision={onDecision} armDelayMs={0} {...props} />,
  );
  return { onDecision: props.onDecision ? vi.mocked(props.onDecision) : onDecision, screen };
}

// Long enough that a forced click lands while the prompt is still arming on a busy machine.
const ARMING_MS = 3000;
describe('ConfirmationPrompt', () => {
  it.each([
    ['Allow', { toolCall: call, confirmed: true }],
    ['Always allow Bash: git status:*', { toolCall: call, confirmed: true, rules: [gitStatus] }],
    ['Always allow Bash (any invocation)', { toolCall: call, confirmed: true, rules: [anyBash] }],
    ['Deny', { toolCall: call, confirmed: false }],
  ])('"%s" sends its decision on the call', async (name, expected) => {
    const { onDecision } = await renderPrompt();
    await userEvent.click(button(name));
    expect(onDecision).toHaveBeenCalledTimes(1);
    expect(onDecision.mock.calls[0]?.[0]).toStrictEqual(expected);
  });

  it('is operable from the keyboard; Escape never decides', async () => {
    const { onDecision } = await renderPrompt();
    await expect.element(page.getByText('The agent wants to run a tool')).toHaveFocus();
    await userEvent.tab(); // the scrollable arguments
    await userEvent.tab();
    await expect.element(button('Allow')).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect.element(button('Always allow Bash: git status:*')).toHaveFocus();
    await userEvent.tab();
    await expect.element(button('Always allow Bash (any invocation)')).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await expect.element(button('Deny')).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect.element(button('Allow')).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    await expect.element(button('Deny')).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await userEvent.keyboard('{Home}');
    await expect.element(button('Allow')).toHaveFocus();
    expect(onDecision).not.toHaveBeenCalled();
    await userEvent.keyboard('{End}{Enter}');
    expect(onDecision).toHaveBeenCalledWith({ toolCall: call, confirmed: false });
  });

  it('activates with Space', async () => {
    const { onDecision } = await renderPrompt();
    button('Allow').element().focus();
    await userEvent.keyboard(' ');
    expect(onDecision).toHaveBeenCalledWith({ toolCall: call, confirmed: true });
  });

  it(
    'ignores a click during the arm delay and accepts one after it',
    async () => {
      const { onDecision } = await renderPrompt({ armDelayMs: ARMING_MS });
      expect(prompt()?.hasAttribute('data-armed')).toBe(false);
      // Forced: Playwright would otherwise wait for the aria-disabled button to be enabled.
      await userEvent.click(button('Allow'), { force: true });
      expect(onDecision).not.toHaveBeenCalled();
      await expect
        .poll(() => prompt()?.hasAttribute('data-armed'), { timeout: 4 * ARMING_MS })
        .toBe(true);
      await userEvent.click(button('Allow'));
      expect(onDecision).toHaveBeenCalledTimes(1);
    },
    8 * ARMING_MS,
  );

  it('shows its buttons unavailable while arming, still focusable and saying why, then enables them', async () => {
    const onDecision = vi.fn();
    const other = asking('call-2', '{"path":"a.txt"}', [], 'Read');
    const view = (armDelayMs: number) => (
      <ConfirmationPrompt
        toolCalls={[call, other]}
        onDecision={onDecision}
        armDelayMs={armDelayMs}
      />
    );
    const screen = await render(view(60_000));
    const names = ['Always allow Bash: git status:*', 'Allow all', 'Deny all'];
    for (const locator of [
      ...page.getByRole('button', { name: /^(Allow|Deny)$/ }).all(),
      ...names.map(button),
    ]) {
      await expect.element(locator).toHaveAttribute('aria-disabled', 'true');
      await expect.element(locator).not.toHaveAttribute('disabled');
      await expect.element(locator).not.toHaveAttribute('data-armed');
      await expect.element(locator).toHaveAccessibleDescription('Available in a moment');
    }
    const deny = page.getByRole('group', { name: 'Read' }).getByRole('button', { name: 'Deny' });
    deny.element().focus();
    await expect.element(deny).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onDecision).not.toHaveBeenCalled();

    await screen.rerender(view(50));
    await expect.element(deny).not.toHaveAttribute('aria-disabled');
    await expect.element(deny).toHaveAttribute('data-armed', '');
    await expect.element(deny).not.toHaveAccessibleDescription('Available in a moment');
    await expect.element(button('Allow all')).not.toHaveAttribute('aria-disabled');
    await userEvent.click(deny);
    expect(onDecision).toHaveBeenCalledWith({ toolCall: other, confirmed: false });
  });

  it('takes its arm delay from `safety.confirmationArmDelayMs`, which the prop overrides', async () => {
    const onDecision = vi.fn();
    const screen = await render(
      <AgentMessagesProvider safety={{ confirmationArmDelayMs: 60_000 }}>
        <ConfirmationPrompt toolCalls={[call]} onDecision={onDecision} />
      </AgentMessagesProvider>,
    );
    await expect.element(button('Allow')).toHaveAttribute('aria-disabled', 'true');
    await screen.rerender(
      <AgentMessagesProvider safety={{ confirmationArmDelayMs: 0 }}>
        <ConfirmationPrompt toolCalls={[call]} onDecision={onDecision} />
      </AgentMessagesProvider>,
    );
    await expect.element(button('Allow')).not.toHaveAttribute('aria-disabled');
    expect(prompt()?.hasAttribute('data-armed')).toBe(true);
    await screen.rerender(
      <AgentMessagesProvider safety={{ confirmationArmDelayMs: 0 }}>
        <ConfirmationPrompt toolCalls={[call]} onDecision={onDecision} armDelayMs={60_000} />
      </AgentMessagesProvider>,
    );
    await expect.element(button('Allow')).toHaveAttribute('aria-disabled', 'true');
  });

  it('ignores an activation whose pointerdown began before the prompt mounted', async () => {
    document.body.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, pointerId: 7 }));
    const { onDecision } = await renderPrompt();
    const allow = button('Allow').element();
    allow.dispatchEvent(new PointerEvent('pointerup', { bubbles: true, pointerId: 7 }));
    allow.dispatchEvent(new MouseEvent('click', { bubbles: true, detail: 1 }));
    expect(onDecision).not.toHaveBeenCalled();
    await userEvent.click(allow);
    expect(onDecision).toHaveBeenCalledTimes(1);
  });

  it('ignores a key held down since before the arguments changed', async () => {
    const { onDecision, screen } = await renderPrompt();
    document.body.dispatchEvent(
      new KeyboardEvent('keydown', { bubbles: true, key: 'Enter', code: 'Enter' }),
    );
    const changed = { ...call, input: '{"command":"git push --force"}' };
    await screen.rerender(
      <ConfirmationPrompt toolCalls={[changed]} onDecision={onDecision} armDelayMs={0} />,
    );
    const allow = button('Allow').element();
    allow.dispatchEvent(
      new KeyboardEvent('keydown', { bubbles: true, key: 'Enter', code: 'Enter', repeat: true }),
    );
    allow.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(onDecision).not.toHaveBeenCalled();
  });

  it(
    're-arms when the call’s input changes, and drops the old input’s sending state',
    async () => {
      const onDecision = vi.fn(() => new Promise<void>(() => {}));
      const screen = await render(
        <ConfirmationPrompt toolCalls={[call]} onDecision={onDecision} armDelayMs={ARMING_MS} />,
      );
      await expect
        .poll(() => prompt()?.hasAttribute('data-armed'), { timeout: 4 * ARMING_MS })
        .toBe(true);
      await userEvent.click(button('Allow'));
      await expect.element(button('Allow')).toBeDisabled();

      const changed = { ...call, input: '{"command":"rm -rf ~"}' };
      await screen.rerender(
        <ConfirmationPrompt toolCalls={[changed]} onDecision={onDecision} armDelayMs={ARMING_MS} />,
      );
      expect(prompt()?.hasAttribute('data-armed')).toBe(false);
      // No longer sending (not `disabled`), but arming again (`aria-disabled`).
      await expect.element(button('Allow')).not.toHaveAttribute('disabled');
      await expect.element(button('Allow')).toHaveAttribute('aria-disabled', 'true');
      await expect.element(page.getByText(/"command": "rm -rf ~"/)).toBeVisible();
      await userEvent.click(button('Deny'), { force: true });
      expect(onDecision).toHaveBeenCalledTimes(1);

      await expect
        .poll(() => prompt()?.hasAttribute('data-armed'), { timeout: 4 * ARMING_MS })
        .toBe(true);
      await userEvent.click(button('Deny'));
      expect(onDecision).toHaveBeenLastCalledWith({ toolCall: changed, confirmed: false });
    },
    8 * ARMING_MS,
  );

  it('arms under StrictMode, whose rehearsal unmount cancels the first arm timer', async () => {
    const onDecision = vi.fn();
    await render(
      <React.StrictMode>
        <ConfirmationPrompt toolCalls={[call]} onDecision={onDecision} armDelayMs={200} />
      </React.StrictMode>,
    );
    await expect.poll(() => prompt()?.hasAttribute('data-armed'), { timeout: 2000 }).toBe(true);
    await userEvent.click(button('Allow'));
    expect(onDecision).toHaveBeenCalledWith({ toolCall: call, confirmed: true });
  });

  it(
    're-arms when a call’s suggested rules change under the same arguments',
    async () => {
      const onDecision = vi.fn();
      const first = asking('call-r', '{"command":"git status"}', [gitStatus]);
      const view = (calls: ToolCallBlock[]) => (
        <ConfirmationPrompt toolCalls={calls} onDecision={onDecision} armDelayMs={ARMING_MS} />
      );
      const screen = await render(view([first]));
      await expect
        .poll(() => prompt()?.hasAttribute('data-armed'), { timeout: 4 * ARMING_MS })
        .toBe(true);
      // The same rules in a new array (a re-render of the same question) keep it armed.
      await screen.rerender(view([{ ...first, suggested_rules: [{ ...gitStatus }] }]));
      expect(prompt()?.hasAttribute('data-armed')).toBe(true);

      const replaced = { ...first, suggested_rules: [anyBash] };
      await screen.rerender(view([replaced]));
      expect(prompt()?.hasAttribute('data-armed')).toBe(false);
      await userEvent.click(button('Always allow Bash (any invocation)'), { force: true });
      expect(onDecision).not.toHaveBeenCalled();
      await expect
        .poll(() => prompt()?.hasAttribute('data-armed'), { timeout: 4 * ARMING_MS })
        .toBe(true);
      await userEvent.click(button('Always allow Bash (any invocation)'));
      expect(onDecision).toHaveBeenCalledWith({
        toolCall: replaced,
        confirmed: true,
        rules: [anyBash],
      });
    },
    8 * ARMING_MS,
  );

  it('does not take focus from someone typing; its title is announced instead', async () => {
    function Chat({ calls }: { calls: ToolCallBlock[] }) {
      return (
        <>
          <textarea aria-label="Message" />
          <ConfirmationPrompt toolCalls={calls} onDecision={() => {}} armDelayMs={0} />
        </>
      );
    }
    const screen = await render(<Chat calls={[]} />);
    await userEvent.click(page.getByRole('textbox', { name: 'Message' }));
    await userEvent.keyboard('hello');
    await screen.rerender(<Chat calls={[call]} />);
    await expect
      .element(page.getByRole('alert'))
      .toHaveTextContent('The agent wants to run a tool');
    await expect.element(page.getByRole('textbox', { name: 'Message' })).toHaveFocus();
  });

  it('disables its buttons while sending and re-enables them with an error on failure', async () => {
    const sending = deferred();
    const { onDecision } = await renderPrompt({ onDecision: vi.fn(() => sending.promise) });
    button('Allow').element().focus();
    await userEvent.keyboard('{Enter}');
    expect(onDecision).toHaveBeenCalledTimes(1);
    for (const name of ['Allow', 'Always allow Bash: git status:*', 'Deny']) {
      await expect.element(button(name)).toBeDisabled();
    }
    await expect.element(page.getByText('Sending…')).toBeVisible();
    sending.reject(new Error('offline'));
    await expect.element(page.getByRole('alert')).toHaveTextContent('could not be sent');
    await expect.element(button('Allow')).toBeEnabled();
    await expect.element(button('Allow')).toHaveFocus();
  });

  it('keeps a decided call on screen, inactive, until the parent removes it', async () => {
    const { screen, onDecision } = await renderPrompt({ onDecision: vi.fn(async () => {}) });
    await userEvent.click(button('Deny'));
    await expect.element(page.getByText('Denied. Waiting for the agent…')).toBeVisible();
    await expect.element(button('Deny')).toBeDisabled();
    await screen.rerender(<ConfirmationPrompt toolCalls={[]} onDecision={onDecision} />);
    expect(prompt()).toBeNull();
  });

  it('decides several calls one by one or all at once, one onDecision per call', async () => {
    const calls = [
      call,
      asking('call-2', '{"path":"a.txt"}', [], 'Read'),
      asking('call-3', '{}', [], 'Ls'),
    ];
    const { onDecision } = await renderPrompt({ toolCalls: calls });
    await expect.element(page.getByText('The agent wants to run 3 tools')).toBeVisible();
    await userEvent.click(
      page.getByRole('group', { name: 'Read' }).getByRole('button', { name: 'Deny' }),
    );
    expect(onDecision).toHaveBeenLastCalledWith({ toolCall: calls[1], confirmed: false });
    await userEvent.click(button('Allow all'));
    expect(onDecision).toHaveBeenCalledTimes(3);
    expect(onDecision).toHaveBeenCalledWith({ toolCall: calls[0], confirmed: true });
    expect(onDecision).toHaveBeenCalledWith({ toolCall: calls[2], confirmed: true });
    await expect.element(button('Allow all')).toBeDisabled();
  });

  it('shows invisible and bidi characters as visible markers', async () => {
    const hostile = asking(
      'call-9',
      '{"command":"cat a.txt\u202E#\u{E0041}\u{E0042}\u200B","html":"<b>hi</b>"}',
      [{ ...gitStatus, rule_content: 'cat\u2066:*' }],
      'Bash\u202E',
    );
    await renderPrompt({ toolCalls: [hostile] });
    const text = prompt()?.textContent ?? '';
    for (const marker of ['Bash[U+202E]', '[U+202E]#[U+E0041][U+E0042][U+200B]', '<b>hi</b>']) {
      expect(text).toContain(marker);
    }
    expect(text).not.toMatch(/[\u200B\u202E\u2066]|\u{E0041}/u);
    await expect.element(button('Always allow Bash: cat[U+2066]:*')).toBeVisible();
    expect(prompt()?.querySelector('b')).toBeNull();
  });

  it('shows raw arguments, flagged, when a key repeats, and as given when not JSON', async () => {
    const duplicate = asking('d', '{"command":"ls","command":"rm -rf ~"}');
    const broken = asking('b', '{"command": "ls"');
    await renderPrompt({ toolCalls: [duplicate, broken] });
    await expect.element(page.getByText('{"command":"ls","command":"rm -rf ~"}')).toBeVisible();
    await expect.element(page.getByText(/repeat a key/)).toBeVisible();
    await expect.element(page.getByText('{"command": "ls"', { exact: true })).toBeVisible();
  });

  it.each([
    ['{"amount":1e400}', '"amount": 1e400'],
    ['{"id":9007199254740993}', '"id": 9007199254740993'],
    ['{"n":12345678901234567890}', '"n": 12345678901234567890'],
  ])('shows %s with its number exactly as written', async (input, shown) => {
    await renderPrompt({ toolCalls: [asking('n', input)] });
    expect(argumentsText()).toBe(`{\n  ${shown}\n}`);
  });

  it('renders the app’s tool renderer above the raw arguments, and survives it throwing', async () => {
    const seen: ToolRendererProps[] = [];
    function Weather(props: ToolRendererProps) {
      seen.push(props);
      return <p>Forecast preview</p>;
    }
    function Broken(): React.ReactNode {
      throw new Error('renderer bug');
    }
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const weather = asking('w', '{"city":"Paris"}', [], 'get_weather');
    const broken = asking('x', '{"a":1}', [], 'broken');
    await render(
      <AgentMessagesProvider tools={{ get_weather: Weather, broken: Broken }}>
        <ConfirmationPrompt toolCalls={[weather, broken]} onDecision={() => {}} armDelayMs={0} />
      </AgentMessagesProvider>,
    );
    await expect.element(page.getByText('Forecast preview')).toBeVisible();
    await expect.element(page.getByText(/"city": "Paris"/)).toBeVisible();
    await expect.element(page.getByText(/"a": 1/)).toBeVisible();
    expect(seen.at(-1)).toStrictEqual({
      call: weather,
      args: { city: 'Paris' },
      argsComplete: true,
      argsFields: expect.objectContaining({ streamingPath: null }) as unknown,
      result: undefined,
      streaming: false,
    });
  });

  it('renders nothing without calls in state asking', async () => {
    await renderPrompt({ toolCalls: [{ ...call, state: 'allowed' }] });
    expect(prompt()).toBeNull();
  });
});

describe('formatJson', () => {
  it('pretty-prints JSON and keeps anything else as given, controls marked', () => {
    expect(formatJson('{"a":[1,"x"]}').text).toBe('{\n  "a": [\n    1,\n    "x"\n  ]\n}');
    expect(formatJson('ls -la\u001b[2J')).toMatchObject({
      text: 'ls -la[U+001B][2J',
      complete: false,
      value: undefined,
    });
  });

  it('lays out valid JSON as JSON.stringify does, from the input’s own tokens', () => {
    const values = [
      { a: [1, -2.5, true, null, {}, [], ''], b: { c: { d: 'e' } } },
      ['quote " backslash \\ newline \n tab \t', '\u00e9\u{1F600}'],
      'just a string',
      3.25,
      [],
    ];
    for (const value of values) {
      expect(formatJson(JSON.stringify(value)).text).toBe(JSON.stringify(value, null, 2));
    }
    expect(formatJson(' { "a" : [ 1 , { } , [ ] ] } ').text).toBe(
      '{\n  "a": [\n    1,\n    {},\n    []\n  ]\n}',
    );
    expect(formatJson('{"path":"\\u0061\\/b"}').text).toBe('{\n  "path": "a/b"\n}');
  });

  it('keeps every number and the order of keys as written', () => {
    expect(formatJson('[1.0, -0, 1E2, 0.1e-7]').text).toBe('[\n  1.0,\n  -0,\n  1E2,\n  0.1e-7\n]');
    expect(formatJson('{"b":1,"10":2,"a":{"2":3,"1":4}}').text).toBe(
      '{\n  "b": 1,\n  "10": 2,\n  "a": {\n    "2": 3,\n    "1": 4\n  }\n}',
    );
  });

  it('flags a repeated key, also when spelled with escapes, but not the same key in two objects', () => {
    expect(hasDuplicateKeys('{"a":{"x":1},"b":{"x":2},"c":[{"x":3}]}')).toBe(false);
    expect(hasDuplicateKeys('{"a":"\\"a\\":1","b":2}')).toBe(false);
    expect(hasDuplicateKeys('{"cmd":"ls","\\u0063md":"rm"}')).toBe(true);
    expect(formatJson('{"a":1, "a" :2}')).toMatchObject({
      duplicateKeys: true,
      value: { a: 2 },
    });
  });

  it('never throws on nesting deep enough to exhaust the stack', () => {
    const deep = '['.repeat(200_000) + ']'.repeat(200_000);
    expect(() => formatJson(deep)).not.toThrow();
  });
});

describe('allowRule', () => {
  it('sends an allow suggestion as is, and any other as the allow rule the button names', () => {
    expect(allowRule(gitStatus, call)).toBe(gitStatus);
    expect(allowRule({ ...gitStatus, tool_name: '', behavior: 'ask' }, call)).toStrictEqual(
      gitStatus,
    );
  });
});
