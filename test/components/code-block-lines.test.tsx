/*
 * A long code block renders its lines in groups: while a fence streams, the lines above its last
 * group stay exactly as they are in the page (no node changes, so no re-layout), and everything a
 * user does with code still sees one block: copy, selection across groups, and colours arriving
 * without moving a line.
 */
import { describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { page, userEvent } from 'vitest/browser';
import { textBlock } from '../../src/core/model/factories.js';
import { TextBlockView } from '../../src/components/blocks/text/text-block-view.js';

const lines = (count: number, salt: string) =>
  Array.from({ length: count }, (_, index) => `const v${index} = "${salt}${index}";`).join('\n');

const groupsOf = (container: HTMLElement) => [
  ...container.querySelectorAll<HTMLElement>('[data-slot="code-block-lines"]'),
];
const codeOf = (container: HTMLElement) =>
  container.querySelector('[data-slot="code-block-code"]')?.textContent;

describe('code block line groups', () => {
  it('changes no node of the lines above the last group while a fence streams', async () => {
    const code = lines(150, 'stream');
    const view = (text: string) => (
      <TextBlockView block={textBlock(text, { id: 'fence' })} streaming />
    );
    const opening = 'Here it is:\n\n```js\n';
    const { container, rerender } = await render(view(`${opening}${code.slice(0, 1500)}`));
    const before = groupsOf(container);
    expect(before.length).toBeGreaterThan(1);
    const finished = before.slice(0, -1);
    const changes: MutationRecord[] = [];
    const observer = new MutationObserver((records) => changes.push(...records));
    for (const group of finished) {
      observer.observe(group, { subtree: true, childList: true, characterData: true });
    }
    for (let at = 1500; at <= code.length; at += 7) {
      await rerender(view(`${opening}${code.slice(0, at)}`));
    }
    await rerender(view(`${opening}${code}`));
    changes.push(...observer.takeRecords());
    observer.disconnect();

    expect(changes).toHaveLength(0);
    const after = groupsOf(container);
    finished.forEach((group, index) => expect(after[index]).toBe(group));
    expect(after).toHaveLength(Math.ceil(150 / 32));
    expect(codeOf(container)).toBe(code);
  });

  it('copies the whole code of a long streaming fence', async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    const code = lines(100, 'copy');
    await render(<TextBlockView block={textBlock(`\`\`\`\n${code}`, { id: 'c' })} streaming />);
    await userEvent.click(page.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(code);
  });

  it('selects text across groups as one run of lines', async () => {
    const code = lines(80, 'select');
    const { container } = await render(
      <TextBlockView block={textBlock(`\`\`\`\n${code}\n\`\`\``, { id: 's' })} />,
    );
    const [first, , third] = groupsOf(container);
    const range = document.createRange();
    range.setStart(first?.firstChild as Node, 0);
    range.setEnd(third?.firstChild as Node, 10);
    const selection = window.getSelection() as Selection;
    selection.removeAllRanges();
    selection.addRange(range);
    const expected = code.slice(0, code.split('\n').slice(0, 64).join('\n').length + 1 + 10);
    expect(selection.toString()).toBe(expected);
    selection.removeAllRanges();
  });

  it('colours a long code block without moving any line', async () => {
    const code = lines(100, `colour${Date.now()}`);
    const { container } = await render(
      <TextBlockView
        block={textBlock(`\`\`\`js\n${code}\n\`\`\``, {
          id: 'h',
          finished_at: '2025-01-01T00:00:00Z',
        })}
      />,
    );
    const block = container.querySelector('[data-slot="code-block"]') as HTMLElement;
    expect(block.hasAttribute('data-highlighted')).toBe(false);
    // Where each group's lines sit: colours may change glyph widths a hair, never a line box.
    const boxes = () =>
      groupsOf(container).map((group) => {
        const { top, height } = group.getBoundingClientRect();
        return { top, height };
      });
    const plain = boxes();
    await expect.poll(() => block.hasAttribute('data-highlighted'), { timeout: 15_000 }).toBe(true);
    expect(container.querySelectorAll('[data-slot="code-block-token"]').length).toBeGreaterThan(0);
    expect(boxes()).toEqual(plain);
    expect(codeOf(container)).toBe(code);
  });
});
