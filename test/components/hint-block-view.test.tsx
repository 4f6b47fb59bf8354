import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { page, userEvent } from 'vitest/browser';
import type { HintBlock } from '../../src/core.js';
import { HintBlockView } from '../../src/components/blocks/hint/hint-block-view.js';

function hint(fields: Partial<HintBlock> = {}): HintBlock {
  return {
    type: 'hint',
    id: 'h1',
    hint: 'Reply in French.',
    source: null,
    created_at: '2025-06-01T10:00:00.000Z',
    finished_at: '2025-06-01T10:00:00.000Z',
    ...fields,
  };
}

describe('HintBlockView', () => {
  it('labels the notice from a JSON source, never showing the JSON itself', async () => {
    await render(
      <HintBlockView block={hint({ source: '{"label":"System","sublabel":"Reminder"}' })} />,
    );
    const note = page.getByRole('note');
    await expect.element(note).toHaveAccessibleName('System Reminder');
    await expect.element(note).toHaveTextContent('Reply in French.');
    await expect.element(page.getByText(/"label"/)).not.toBeInTheDocument();
  });

  it('shows a source that is not usable JSON as it is', async () => {
    const screen = await render(<HintBlockView block={hint({ source: 'memory-compaction' })} />);
    await expect.element(page.getByRole('note')).toHaveAccessibleName('memory-compaction');
    await screen.rerender(<HintBlockView block={hint({ source: '{"label": 42}' })} />);
    await expect.element(page.getByRole('note')).toHaveAccessibleName('{"label": 42}');
    await screen.rerender(<HintBlockView block={hint({ source: '{"label": "Unclosed' })} />);
    await expect.element(page.getByRole('note')).toHaveAccessibleName('{"label": "Unclosed');
  });

  it('falls back to the default label and makes hidden characters in a source visible', async () => {
    const screen = await render(<HintBlockView block={hint()} />);
    await expect.element(page.getByRole('note')).toHaveAccessibleName('Note');
    await screen.rerender(<HintBlockView block={hint({ source: '{"label":"Sys\u202Etem"}' })} />);
    await expect.element(page.getByRole('note')).toHaveAccessibleName('Sys[U+202E]tem');
  });

  it('shows data items as a compact reference naming the file and its kind', async () => {
    const block = hint({
      hint: [
        { type: 'text', id: 't', text: 'See the report.', created_at: '', finished_at: null },
        {
          type: 'data',
          id: 'd',
          name: 'q3.pdf',
          source: { type: 'url', url: 'https://example.com/q3.pdf', media_type: 'application/pdf' },
          created_at: '',
          finished_at: null,
        },
      ],
    });
    const screen = await render(<HintBlockView block={block} />);
    await expect
      .element(page.getByRole('note'))
      .toHaveTextContent('See the report.q3.pdf (Document)');
    expect(
      screen.container.querySelector('[data-slot="hint-block-file"]')?.getAttribute('data-media'),
    ).toBe('document');
    expect(screen.container.querySelector('a, img, iframe, object')).toBeNull();
  });

  it('collapses a long hint to a preview the user can expand and collapse again', async () => {
    const long = `${'word '.repeat(80)}THE END`;
    await render(<HintBlockView block={hint({ hint: long })} />);
    await expect.element(page.getByText(/THE END/)).not.toBeInTheDocument();
    await userEvent.click(
      page.getByRole('button', { name: `Show all (${long.length} characters)` }),
    );
    await expect.element(page.getByText(/THE END/)).toBeVisible();
    await userEvent.click(page.getByRole('button', { name: 'Show less' }));
    await expect.element(page.getByText(/THE END/)).not.toBeInTheDocument();
  });
});
