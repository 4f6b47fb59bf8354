import * as React from 'react';
import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { MessageList } from '../../src/components/message-list/message-list.js';
import { chatMessages, distanceFromEnd } from './helpers.js';

const HEIGHT = { height: 400 };

function logOf(container: HTMLElement): HTMLElement {
  return container.querySelector<HTMLElement>('[data-slot="message-list"]') as HTMLElement;
}

describe('a large arrival at the end (a history opened at once)', () => {
  it('shows every message, in order, at the latest, and keeps the placeholders whole', async () => {
    const screen = await render(<MessageList messages={chatMessages(0, 3)} style={HEIGHT} />);
    const log = logOf(screen.container);
    await screen.rerender(<MessageList messages={chatMessages(0, 3000)} style={HEIGHT} />);
    await expect.poll(() => log.textContent).toContain('Message 2999');
    await expect.poll(() => distanceFromEnd(log)).toBeLessThanOrEqual(1);
    expect(log.hasAttribute('data-following')).toBe(true);
    const rows = [...log.querySelectorAll('[data-slot="message-list-item"]')].map((row) =>
      Number(row.getAttribute('data-index')),
    );
    expect(rows).toContain(2999);
    expect([...rows].sort((a, b) => a - b)).toEqual(rows);
    // The findable text of the 1,000 rows around the viewport, written a slice at a time.
    const find = () => log.querySelectorAll('[data-slot="message-list-find-row"]');
    await expect.poll(() => find().length).toBe(1000);
    const indexes = [...find()].map((row) => Number(row.getAttribute('data-index')));
    expect(indexes[0]).toBe(2000);
    expect(indexes.every((index, at) => index === 2000 + at)).toBe(true);
    expect(find()[0]?.textContent).toContain('Message 2000');
  });
});
