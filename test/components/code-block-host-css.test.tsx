/*
 * A streaming fence stays cheap because each group of its lines is a block box of its own: the
 * browser lays out only the last one per token. That must hold in a page without the optional
 * stylesheet (this suite loads none) and under CSS a host page commonly has: wrapped code, resets
 * that make spans or `pre code` inline. With inline line groups, a 32 KiB fence cost a minute.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { textBlock } from '../../src/core/model/factories.js';
import { TextBlockView } from '../../src/components/blocks/text/text-block-view.js';

const HOSTS: Record<string, string> = {
  'no stylesheet': '',
  'pre { white-space: pre-wrap }': 'pre { white-space: pre-wrap; word-break: break-word; }',
  'span and pre code reset to inline': `
    span { display: inline; }
    code, pre code { display: inline; padding: 0; }
    *, ::before, ::after { box-sizing: border-box; border: 0 solid; }`,
};

const code = Array.from(
  { length: 140 },
  (_, index) => `const value${index} = compute(${index}, "line ${index} of the streamed file");`,
).join('\n');

let hostStyle: HTMLStyleElement | null = null;
afterEach(() => {
  hostStyle?.remove();
  hostStyle = null;
});

describe.each(Object.entries(HOSTS))('a streaming fence, %s', (_, css) => {
  it('lays its line groups out as block boxes that show the same lines as one text', async () => {
    hostStyle = document.createElement('style');
    hostStyle.textContent = css;
    document.head.append(hostStyle);
    const { container } = await render(
      <div style={{ width: 360 }}>
        <TextBlockView block={textBlock(`\`\`\`ts\n${code}`, { id: 'host' })} streaming />
        <pre data-testid="reference">{code}</pre>
      </div>,
    );
    const groups = [...container.querySelectorAll<HTMLElement>('[data-slot="code-block-lines"]')];
    expect(groups).toHaveLength(Math.ceil(140 / 32));
    const codeElement = container.querySelector<HTMLElement>('[data-slot="code-block-code"]');
    for (const group of groups) expect(getComputedStyle(group).display).toBe('block');
    // Each group starts below the one before, on a line of its own: blocks, not one run of text.
    const tops = groups.map((group) => group.getBoundingClientRect().top);
    tops.slice(1).forEach((top, index) => expect(top).toBeGreaterThan(tops[index] as number));
    // And the boxes add no line: the code is as tall as the same text in one plain <pre>.
    const reference = container.querySelector<HTMLElement>('[data-testid="reference"]');
    const pre = container.querySelector<HTMLElement>('[data-slot="code-block-pre"]');
    const contentHeight = (element: HTMLElement) => {
      const style = getComputedStyle(element);
      return (
        element.getBoundingClientRect().height -
        parseFloat(style.paddingTop) -
        parseFloat(style.paddingBottom)
      );
    };
    expect(contentHeight(pre as HTMLElement)).toBeCloseTo(
      contentHeight(reference as HTMLElement),
      0,
    );
    expect(codeElement?.textContent).toBe(code);
  });
});
