/*
 * base.css sizes the library's own elements (and the few unmarked ones the components put in
 * them) as border boxes, in `@layer ram`, and its unlayered shield hands that value back when a
 * host's `* { box-sizing: content-box }` would take it away. The app's own elements are left alone.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import '../../src/styles/theme.css';
import '../../src/styles/base.css';

const HOSTS: Record<string, string> = {
  'no host stylesheet': '',
  '* { box-sizing: content-box }':
    '*, ::before, ::after, li, pre, bdi, summary { box-sizing: content-box; }',
};

let hostStyle: HTMLStyleElement | null = null;
afterEach(() => {
  hostStyle?.remove();
  hostStyle = null;
});

describe.each(Object.entries(HOSTS))('box-sizing, %s', (_, css) => {
  it("is border-box on the library's elements and their direct li, pre, bdi, summary", async () => {
    hostStyle = document.createElement('style');
    hostStyle.textContent = css;
    document.head.append(hostStyle);
    const { container } = await render(
      <div>
        <div data-slot="message" data-testid="root">
          <ul data-slot="message-list-items" data-testid="slot">
            <li data-testid="li">item</li>
          </ul>
          <pre data-slot="tool-result-output" data-testid="pre">
            output
          </pre>
          <span data-slot="invisible-char" data-testid="invisible">
            <bdi data-testid="bdi">x</bdi>
          </span>
          <div data-testid="app">the app&apos;s own</div>
        </div>
      </div>,
    );
    const style = (id: string) => {
      const element = container.querySelector<HTMLElement>(`[data-testid="${id}"]`);
      return element === null ? null : getComputedStyle(element).boxSizing;
    };
    for (const id of ['root', 'slot', 'li', 'pre', 'invisible', 'bdi']) {
      expect(style(id), id).toBe('border-box');
    }
    expect(style('app')).toBe('content-box');
  });
});
