import * as React from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { cdp } from 'vitest/browser';
import { userMsg } from '../../src/core.js';
import { Message } from '../../src/index.js';
import '../../src/styles/theme.css';
import '../../src/styles/base.css';
import '../../src/styles/message.css';
import '../../src/styles/text-block.css';

// A user message sits on the user bubble's colour.
const LIGHT = 'rgb(244, 244, 245)';
const DARK = 'rgb(39, 39, 42)';

async function emulateOs(scheme: 'light' | 'dark') {
  await cdp().send('Emulation.setEmulatedMedia', {
    features: [{ name: 'prefers-color-scheme', value: scheme }],
  });
  expect(matchMedia('(prefers-color-scheme: dark)').matches).toBe(scheme === 'dark');
}

/** A message inside `wrapper`'s attributes; returns its root. */
async function messageIn(wrapper: {
  className?: string;
  'data-theme'?: string;
}): Promise<HTMLElement> {
  const { container } = await render(
    <div {...wrapper}>
      <Message message={userMsg('Hello')} />
    </div>,
  );
  const root = container.querySelector<HTMLElement>('[data-slot="message"]');
  if (!root) throw new Error('no message');
  return root;
}

const background = (element: HTMLElement) => getComputedStyle(element).backgroundColor;

afterEach(async () => {
  await cdp().send('Emulation.setEmulatedMedia', { features: [] });
  document.documentElement.removeAttribute('data-theme');
  document.documentElement.classList.remove('dark');
});

describe('theme', () => {
  it('stays light on a dark OS when the app says nothing', async () => {
    await emulateOs('dark');
    const root = await messageIn({});
    expect(background(root)).toBe(LIGHT);
    expect(getComputedStyle(root).colorScheme).toBe('light');
  });

  it('darkens under data-theme="dark" on any ancestor, and on the root element', async () => {
    await emulateOs('light');
    expect(background(await messageIn({ 'data-theme': 'dark' }))).toBe(DARK);
    document.documentElement.dataset['theme'] = 'dark';
    const root = await messageIn({});
    expect(background(root)).toBe(DARK);
    expect(getComputedStyle(root).colorScheme).toBe('dark');
  });

  it('darkens under the .dark class, unless a nearer or explicit data-theme says light', async () => {
    await emulateOs('light');
    expect(background(await messageIn({ className: 'dark' }))).toBe(DARK);
    expect(background(await messageIn({ className: 'dark', 'data-theme': 'light' }))).toBe(LIGHT);
    document.documentElement.classList.add('dark');
    expect(background(await messageIn({}))).toBe(DARK);
    expect(background(await messageIn({ 'data-theme': 'light' }))).toBe(LIGHT);
  });

  it('follows prefers-color-scheme under data-theme="auto"', async () => {
    await emulateOs('dark');
    const root = await messageIn({ 'data-theme': 'auto' });
    expect(background(root)).toBe(DARK);
    await emulateOs('light');
    expect(background(root)).toBe(LIGHT);
  });

  it('colours highlighted code for the nearest theme, not the OS', async () => {
    await emulateOs('dark');
    const { container } = await render(
      <div data-slot="text-block">
        <span
          data-slot="code-block-token"
          // The highlighter hands both theme colours to the stylesheet this way.
          style={
            {
              '--ram-code-token-light': 'rgb(1, 2, 3)',
              '--ram-code-token-dark': 'rgb(4, 5, 6)',
            } as React.CSSProperties
          }
        >
          const
        </span>
      </div>,
    );
    const token = container.querySelector<HTMLElement>('[data-slot="code-block-token"]');
    if (!token) throw new Error('no token');
    expect(getComputedStyle(token).color).toBe('rgb(1, 2, 3)');
    document.documentElement.dataset['theme'] = 'dark';
    expect(getComputedStyle(token).color).toBe('rgb(4, 5, 6)');
  });
});
