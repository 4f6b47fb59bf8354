import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { textBlock } from '../../src/core/model/factories.js';
import { TextBlockView } from '../../src/components/blocks/text/text-block-view.js';
import { defaultHighlightLanguages } from '../../src/components/provider/highlight-defaults.js';
import type { HighlightOptions } from '../../src/components/provider/highlight-options.js';
import { AgentMessagesProvider } from '../../src/components/provider/agent-messages-provider.js';

const fence = (language: string, code: string) => `\`\`\`${language}\n${code}\n\`\`\``;
const done = (id: string, text: string) =>
  textBlock(text, { id, finished_at: '2025-01-01T00:00:00Z' });

const ELIXIR = 'defmodule Hello do\n  def world, do: :ok\nend';
const TYPESCRIPT = 'const answer: number = 42;';

/** The code block in the text block with this test id. */
function codeBlock(container: HTMLElement, id: string) {
  const element = container.querySelector(`[data-testid="${id}"] [data-slot="code-block"]`);
  if (!(element instanceof HTMLElement)) throw new Error(`no code block in ${id}`);
  return element;
}

/** Waits until the block is highlighted: colours arrive once grammar and themes have loaded. */
async function highlighted(container: HTMLElement, id: string) {
  await expect
    .poll(() => codeBlock(container, id).hasAttribute('data-highlighted'), { timeout: 15_000 })
    .toBe(true);
  return codeBlock(container, id);
}

describe('code highlighting', () => {
  it('colours a fence in a default language (by alias too) with the theme colours as CSS properties', async () => {
    const { container } = await render(
      <TextBlockView data-testid="ts" block={done('h1', fence('TS', TYPESCRIPT))} />,
    );
    const block = await highlighted(container, 'ts');
    const tokens = [...block.querySelectorAll<HTMLElement>('[data-slot="code-block-token"]')];
    expect(tokens.length).toBeGreaterThan(3);
    expect(tokens.map((token) => token.textContent).join('')).toBe(TYPESCRIPT);
    const keyword = tokens.find((token) => token.textContent === 'const');
    expect(keyword?.style.getPropertyValue('--ram-code-token-light')).toMatch(/^#[0-9a-f]{6}/i);
    expect(keyword?.style.getPropertyValue('--ram-code-token-dark')).toMatch(/^#[0-9a-f]{6}/i);
  });

  it('leaves a fence in a language outside the set plain, with its code intact', async () => {
    const text = [fence('elixir', ELIXIR), fence('constructor', 'x'), fence('ts', TYPESCRIPT)];
    const { container } = await render(
      <TextBlockView data-testid="mixed" block={done('h2', text.join('\n\n'))} />,
    );
    await expect
      .poll(() => container.querySelectorAll('[data-highlighted]').length, { timeout: 15_000 })
      .toBe(1);
    const blocks = container.querySelectorAll('[data-slot="code-block"]');
    expect([...blocks].map((block) => block.hasAttribute('data-highlighted'))).toEqual([
      false,
      false,
      true,
    ]);
    expect(blocks[0]?.getAttribute('data-language')).toBe('elixir');
    expect(blocks[0]?.querySelector('code')?.textContent).toBe(ELIXIR);
    expect(blocks[0]?.querySelector('[data-slot="code-block-token"]')).toBeNull();
  });

  it('highlights a language the app adds through the provider', async () => {
    const highlight: HighlightOptions = {
      languages: { ...defaultHighlightLanguages, elixir: () => import('shiki/langs/elixir.mjs') },
    };
    const { container } = await render(
      <AgentMessagesProvider highlight={highlight}>
        <TextBlockView data-testid="ex" block={done('h3', fence('Elixir', ELIXIR))} />
      </AgentMessagesProvider>,
    );
    const block = await highlighted(container, 'ex');
    expect(block.querySelector('code')?.textContent).toBe(ELIXIR);
    const keyword = [...block.querySelectorAll('[data-slot="code-block-token"]')].find(
      (token) => token.textContent === 'defmodule',
    );
    expect(keyword).toBeDefined();
  });

  it('keeps code plain with highlight={false}, and with a set that leaves its language out', async () => {
    const onlyPython: HighlightOptions = {
      languages: { python: defaultHighlightLanguages.python },
    };
    const { container } = await render(
      <>
        <AgentMessagesProvider highlight={false}>
          <TextBlockView data-testid="off" block={done('h4', fence('ts', TYPESCRIPT))} />
        </AgentMessagesProvider>
        <AgentMessagesProvider highlight={onlyPython}>
          <TextBlockView data-testid="python" block={done('h5', fence('ts', TYPESCRIPT))} />
        </AgentMessagesProvider>
        <TextBlockView data-testid="on" block={done('h6', fence('ts', TYPESCRIPT))} />
      </>,
    );
    // Once the same code highlights under the defaults, the other two have had every chance.
    await highlighted(container, 'on');
    for (const id of ['off', 'python']) {
      const block = codeBlock(container, id);
      expect(block.hasAttribute('data-highlighted')).toBe(false);
      expect(block.querySelector('code')?.textContent).toBe(TYPESCRIPT);
    }
  });
});
