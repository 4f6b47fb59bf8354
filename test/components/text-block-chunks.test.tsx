/*
 * A long text renders in chunks (`text-block-chunk`), so that a token's layout walks the chunks
 * rather than every paragraph. The chunks must not show: paragraphs are spaced alike within a
 * chunk and across two, the text starts and ends flush, and the caret follows the last element.
 */
import { describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { textBlock } from '../../src/core/model/factories.js';
import { TextBlockView } from '../../src/components/blocks/text/text-block-view.js';
import '../../src/styles/theme.css';
import '../../src/styles/base.css';
import '../../src/styles/text-block.css';
import '../../src/styles/citations.css';
import '../../src/styles/visually-hidden.css';

/** Forty paragraphs of about 120 characters: more than one chunk. */
const TEXT = Array.from(
  { length: 40 },
  (_, index) =>
    `Paragraph ${index} of the answer, long enough that forty of them fill more than one chunk of the text.`,
).join('\n\n');

/** The box of `element`, which must be there. */
function box(element: Element | undefined): DOMRect {
  if (element === undefined) throw new Error('no element');
  return element.getBoundingClientRect();
}

function content(container: HTMLElement): HTMLElement {
  const element = container.querySelector('[data-slot="text-block-content"]');
  if (!(element instanceof HTMLElement)) throw new Error('no content');
  return element;
}

describe('text block chunks', () => {
  it('spaces paragraphs the same within a chunk and across two, flush at both ends', async () => {
    const { container } = await render(
      <TextBlockView block={textBlock(TEXT, { id: 't', finished_at: '2025-01-01T00:00:00Z' })} />,
    );
    const root = content(container);
    const chunks = root.querySelectorAll(':scope > [data-slot="text-block-chunk"]');
    expect(chunks.length).toBeGreaterThan(1);
    const paragraphs = [...root.querySelectorAll('p')];
    expect(paragraphs).toHaveLength(40);
    const gaps = paragraphs.slice(1).map((p, i) => box(p).top - box(paragraphs[i]).bottom);
    // One gap per paragraph boundary, some of them between two chunks: all alike, and not zero.
    const [first = 0] = gaps;
    expect(first).toBeGreaterThan(0);
    for (const gap of gaps) expect(gap).toBeCloseTo(first, 1);
    expect(box(paragraphs[0]).top).toBeCloseTo(box(root).top, 1);
    expect(box(paragraphs.at(-1)).bottom).toBeCloseTo(box(root).bottom, 1);
  });

  it('puts the caret after the last paragraph of the last chunk while streaming', async () => {
    const { container } = await render(
      <TextBlockView block={textBlock(`${TEXT}\n\nStill arriving`, { id: 't' })} streaming />,
    );
    const paragraphs = [...content(container).querySelectorAll('p')];
    const caret = (p: Element | undefined) => getComputedStyle(p ?? document.body, '::after');
    expect(caret(paragraphs.at(-1)).display).toBe('inline-block');
    // Only there: not after the last paragraph of an earlier chunk.
    for (const p of paragraphs.slice(0, -1)) expect(caret(p).content).toBe('none');
  });

  it('blinks the caret, and keeps one blink while new elements end the text', async () => {
    const block = (text: string) => textBlock(text, { id: 't' });
    const { container, rerender } = await render(
      <TextBlockView block={block('- Still arriving')} streaming />,
    );
    const caretVisibility = (selector: string) =>
      getComputedStyle(content(container).querySelector(selector) ?? document.body, '::after')
        .visibility;
    const blinks = () =>
      document
        .getAnimations()
        .filter((a) => a instanceof CSSAnimation && a.animationName === 'ram-text-caret');
    const [blink] = blinks();
    if (blink === undefined) throw new Error('no blink');
    blink.pause();
    blink.currentTime = 250;
    expect(caretVisibility('li')).toBe('visible');
    blink.currentTime = 750;
    expect(caretVisibility('li')).toBe('hidden');
    // A second item ends the text: the caret moves there, in the same phase of the same blink.
    await rerender(<TextBlockView block={block('- Still arriving\n- And more')} streaming />);
    expect(content(container).querySelectorAll('li')).toHaveLength(2);
    expect(blinks()).toHaveLength(1);
    expect(blinks()[0]).toBe(blink);
    expect(caretVisibility('li + li')).toBe('hidden');
    blink.currentTime = 1250;
    expect(caretVisibility('li + li')).toBe('visible');
  });

  it('puts the caret on a line of its own below a streaming code block or table', async () => {
    const sources = ['Intro.\n\n```ts\nconst a = 1;', 'Intro.\n\n| a | b |\n| - | - |\n| 1 |'];
    for (const source of sources) {
      const { container, unmount } = await render(
        <TextBlockView block={textBlock(source, { id: 't' })} streaming />,
      );
      const chunks = [...content(container).querySelectorAll('[data-slot="text-block-chunk"]')];
      const tail = chunks.at(-1);
      expect(getComputedStyle(tail ?? document.body, '::after').display).toBe('block');
      // No second caret after the intro's paragraph.
      for (const p of content(container).querySelectorAll('p'))
        expect(getComputedStyle(p, '::after').content).toBe('none');
      // The caret's line is below the code or the table.
      const last = tail?.querySelector('pre, table');
      expect(last).not.toBeNull();
      expect(box(tail ?? undefined).bottom).toBeGreaterThan(box(last ?? undefined).bottom);
      await unmount();
    }
  });

  it('shows no caret once the text has finished', async () => {
    const { container } = await render(
      <TextBlockView
        block={textBlock(`${TEXT}`, { id: 't', finished_at: '2025-01-01T00:00:00Z' })}
      />,
    );
    for (const chunk of content(container).querySelectorAll('[data-slot="text-block-chunk"]'))
      expect(getComputedStyle(chunk, '::after').content).toBe('none');
    for (const p of content(container).querySelectorAll('p'))
      expect(getComputedStyle(p, '::after').content).toBe('none');
  });

  it('lays out hidden text within its chunk, and an open citation card covers the chunk below', async () => {
    // A link (with its hidden "opens in a new tab") in every paragraph, and a source cited at
    // the end of each: positioned against the page, each hidden text was laid out again on every
    // token of the answer.
    const paragraphs = TEXT.split('\n\n').map((p) => `${p} See [docs](https://docs.example/a).`);
    const text = paragraphs.join('\n\n');
    const citations = paragraphs.map((p, index) => {
      const end = paragraphs.slice(0, index + 1).join('\n\n').length;
      return {
        url: `https://docs.example/${index}`,
        title: `Source ${index}`,
        span: [end - p.length, end] as [number, number],
      };
    });
    const { container } = await render(
      <TextBlockView
        block={textBlock(text, { id: 't', finished_at: '2025-01-01T00:00:00Z', citations })}
      />,
    );
    const chunks = [...content(container).querySelectorAll('[data-slot="text-block-chunk"]')];
    expect(chunks.length).toBeGreaterThan(1);
    const hidden = [
      ...content(container).querySelectorAll('[data-slot="text-block-visually-hidden"]'),
    ];
    expect(hidden.length).toBeGreaterThanOrEqual(40);
    for (const span of hidden) {
      expect(getComputedStyle(span).position).toBe('absolute');
      expect((span as HTMLElement).offsetParent).toBe(
        span.closest('[data-slot="text-block-chunk"]'),
      );
    }
    // The card of the last paragraph of the first chunk hangs over the second chunk, on top.
    const marker = chunks[0]?.querySelector('p:last-child [data-slot="citation-marker"]');
    if (!(marker instanceof HTMLElement)) throw new Error('no citation marker');
    marker.focus();
    const card = await vi.waitFor(() => {
      const element = chunks[0]?.querySelector('[data-slot="citation-card"]:not([hidden])');
      if (!(element instanceof HTMLElement)) throw new Error('no open card');
      return element;
    });
    // In view, so that the page can be hit-tested there (the card sits near the viewport's edges).
    card.scrollIntoView({ block: 'center', inline: 'nearest' });
    const rect = card.getBoundingClientRect();
    expect(rect.bottom).toBeGreaterThan(box(chunks[1]).top);
    // The middle of what shows of it: a marker near the line's end opens a card that runs past
    // the viewport's side.
    const right = Math.min(rect.right, document.documentElement.clientWidth);
    const point = [(rect.left + right) / 2, Math.max(rect.top, box(chunks[1]).top) + 4] as const;
    expect(card.contains(document.elementFromPoint(...point))).toBe(true);
  });
});
