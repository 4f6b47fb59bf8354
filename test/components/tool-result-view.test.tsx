import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { page, userEvent } from 'vitest/browser';
import type { DataBlock, JsonValue, ToolResultBlock } from '../../src/core.js';
import { TOOL_RESULT_STATES } from '../../src/core.js';
import { JsonTree } from '../../src/components/blocks/tool-call-card/json-tree.js';
import { ToolResultView } from '../../src/components/blocks/tool-call-card/tool-result-view.js';
import { splitSystemReminders, truncateText } from '../../src/components/primitives/truncate.js';

function result(fields: Partial<ToolResultBlock> = {}): ToolResultBlock {
  return {
    type: 'tool_result',
    id: 'call-1',
    name: 'run_tests',
    output: '42 passed',
    state: 'success',
    metadata: {},
    created_at: '2025-06-01T10:00:00.000Z',
    finished_at: '2025-06-01T10:00:03.000Z',
    ...fields,
  };
}

function image(id: string): DataBlock {
  return {
    type: 'data',
    id,
    source: { type: 'base64', data: 'iVBORw0KGgo=', media_type: 'image/png' },
    name: `${id}.png`,
    created_at: '',
    finished_at: '',
  };
}

describe('truncateText', () => {
  it('stops at 4,000 characters or 200 lines, whichever comes first', () => {
    expect(truncateText('x'.repeat(5000)).text).toHaveLength(4000);
    const lines = truncateText('line\n'.repeat(300));
    expect(lines.text.split('\n')).toHaveLength(200);
    expect(lines.truncated).toBe(true);
    expect(truncateText('short')).toEqual({ text: 'short', truncated: false });
  });

  it('splits runtime reminders out of the output', () => {
    expect(splitSystemReminders('done\n<system-reminder>Interrupted.</system-reminder>')).toEqual([
      { kind: 'text', text: 'done\n' },
      { kind: 'reminder', text: 'Interrupted.' },
    ]);
  });
});

describe('ToolResultView', () => {
  it('labels every result state', async () => {
    const expected = {
      running: 'Running',
      success: 'Succeeded',
      error: 'Failed',
      interrupted: 'Interrupted',
      denied: 'Denied',
    };
    const screen = await render(<div />);
    for (const state of TOOL_RESULT_STATES) {
      await screen.rerender(<ToolResultView block={result({ state })} />);
      const root = screen.container.querySelector('[data-slot="tool-result-block"]');
      expect(root?.getAttribute('data-state')).toBe(state);
      expect(root?.getAttribute('data-block-type')).toBe('tool_result');
      await expect.element(page.getByText(expected[state])).toBeVisible();
    }
  });

  it('shows a denied result with the denied label and the runtime notice without its tags', async () => {
    await render(
      <ToolResultView
        block={result({
          state: 'denied',
          output:
            '<system-reminder>The execution of tool "rm" is denied by user!</system-reminder>',
        })}
      />,
    );
    await expect.element(page.getByText('Denied', { exact: true })).toBeVisible();
    await expect
      .element(page.getByRole('note'))
      .toHaveTextContent('System note The execution of tool "rm" is denied by user!');
    expect(page.getByText(/system-reminder/).query()).toBeNull();
  });

  it('previews a 10 MB output without putting it in the page, and shows more only when asked', async () => {
    const output = '0123456789abcdefghijklmnopqrstuvwxyz\n'.repeat(Math.ceil(10_485_760 / 37));
    const screen = await render(<ToolResultView block={result({ output })} />);
    await expect.element(page.getByRole('button', { name: /Show all/ })).toBeVisible();
    // What keeps a 10 MB output cheap is how much of it reaches the page, counted here; how fast
    // that is belongs to the benchmark.
    expect(screen.container.textContent?.length ?? 0).toBeLessThan(10_000);
    await userEvent.click(page.getByRole('button', { name: /Show all/ }));
    await expect.element(page.getByText(/Showing the first 1,000,000 characters/)).toBeVisible();
    expect(screen.container.textContent?.length ?? 0).toBeLessThan(1_100_000);
    await userEvent.click(page.getByRole('button', { name: 'Show less' }));
    await expect.element(page.getByRole('button', { name: /Show all/ })).toBeVisible();
  });

  it('renders multimodal output in order, data blocks through renderData', async () => {
    const screen = await render(
      <ToolResultView
        block={result({
          output: [
            { type: 'text', id: 't1', text: 'before', created_at: '', finished_at: '' },
            image('shot'),
            { type: 'text', id: 't2', text: 'after', created_at: '', finished_at: '' },
          ],
        })}
        renderData={(block) => <p data-testid="data">data {block.name}</p>}
      />,
    );
    const text = screen.container.querySelector('[data-slot="tool-result-output"]')?.textContent;
    expect(text).toBe('beforedata shot.pngafter');
  });

  it('strips terminal escape sequences from output', async () => {
    await render(
      <ToolResultView
        block={result({
          output:
            '\u001b[31mred\u001b[0m \u001b]8;;https://evil.example/\u0007link\u001b]8;;\u0007',
        })}
      />,
    );
    await expect.element(page.getByText('red link')).toBeVisible();
  });
});

describe('JsonTree', () => {
  it('shows "__proto__" and "constructor" as ordinary keys and never pollutes Object.prototype', async () => {
    const value = JSON.parse(
      '{"__proto__": {"polluted": "yes"}, "constructor": {"prototype": {"isAdmin": true}}}',
    ) as JsonValue;
    await render(<JsonTree value={value} />);
    await expect.element(page.getByRole('button', { name: /"__proto__"/ })).toBeVisible();
    await expect.element(page.getByText('"polluted":')).toBeVisible();
    await expect.element(page.getByRole('button', { name: /"constructor"/ })).toBeVisible();
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    expect(({} as { isAdmin?: unknown }).isAdmin).toBeUndefined();
  });

  it('collapses past 8 levels and stops at 100', async () => {
    let deep: unknown = 'bottom';
    for (let index = 0; index < 10_000; index++) deep = { deep };
    const screen = await render(<JsonTree value={deep} />);
    expect(screen.container.querySelectorAll('[aria-expanded="true"]')).toHaveLength(8);
    expect(screen.container.querySelectorAll('[aria-expanded="false"]')).toHaveLength(1);
    const capped = await render(<JsonTree value={deep} defaultExpandDepth={200} />);
    expect(capped.container.querySelectorAll('[aria-expanded="true"]')).toHaveLength(100);
    expect(capped.container.textContent).toContain('{…}');
  });

  it('pages arrays of more than 100 items', async () => {
    await render(<JsonTree value={Array.from({ length: 250 }, (_, index) => `item ${index}`)} />);
    await expect.element(page.getByText('"item 99"')).toBeVisible();
    expect(page.getByText('"item 100"').query()).toBeNull();
    await userEvent.click(page.getByRole('button', { name: 'Show 100 more' }));
    await userEvent.click(page.getByRole('button', { name: 'Show 50 more' }));
    await expect.element(page.getByText('"item 249"')).toBeVisible();
  });
});
