import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { page, userEvent } from 'vitest/browser';
import { parseContentBlock } from '../../src/core.js';
import { UnknownBlockView } from '../../src/index.js';

describe('UnknownBlockView', () => {
  it('keeps an unknown block inspectable: its type in the DOM and its JSON behind a disclosure', async () => {
    const block = parseContentBlock({ type: 'widget', id: 'w1', answer: 42 });
    if (block.type !== 'unknown')
      throw new Error('the parser should keep an unknown type as unknown');
    const { container } = await render(<UnknownBlockView block={block} />);
    const root = container.querySelector('[data-slot="unknown-block"]');
    expect(root?.getAttribute('data-block-type')).toBe('widget');
    await userEvent.click(page.getByText('Unsupported content: widget'));
    await expect.element(page.getByText(/"answer": 42/)).toBeVisible();
  });

  it('shows 10,000-level nested JSON elided past a depth limit instead of freezing', async () => {
    let deep: unknown = 'bottom';
    for (let i = 0; i < 10_000; i++) deep = { deep };
    const block = { type: 'unknown' as const, id: 'd', original_type: 'deep', raw: deep as never };
    const { container } = await render(<UnknownBlockView block={block} />);
    await userEvent.click(page.getByText('Unsupported content: deep'));
    await userEvent.click(page.getByRole('button', { name: /Show all/ }));
    const shown = container.querySelector('pre')?.textContent ?? '';
    expect(shown).toContain('{…}');
    expect(shown.length).toBeLessThan(20_000);
  });
});
