/*
 * The shadcn/ui preset: with an app's shadcn theme defined (v4 tokens, full oklch colours, in
 * `:root` and `.dark`) and `themes/shadcn.css` imported, the components' colours and radius are
 * the theme's. Each expected value is what Chromium computes for the token itself, read from a
 * probe element, so the test compares colours, not spellings.
 */
import * as React from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { toolCallBlock, userMsg } from '../../src/core.js';
import { Composer, Message, ToolCallCard } from '../../src/index.js';
import '../../src/styles/theme.css';
import '../../src/styles/base.css';
import '../../src/styles/controls.css';
import '../../src/styles/composer.css';
import '../../src/styles/message.css';
import '../../src/styles/text-block.css';
import '../../src/styles/tool-call-card.css';
import '../../src/styles/themes/shadcn.css';

/* An app's theme as shadcn's CLI writes it, with a hue of its own so that no default matches. */
const SHADCN_THEME = `
:root {
  --radius: 0.75rem;
  --background: oklch(0.99 0.01 250);
  --foreground: oklch(0.2 0.03 250);
  --card: oklch(0.97 0.02 250);
  --card-foreground: oklch(0.2 0.03 250);
  --primary: oklch(0.45 0.2 265);
  --primary-foreground: oklch(0.98 0.01 265);
  --secondary: oklch(0.93 0.04 250);
  --secondary-foreground: oklch(0.25 0.05 250);
  --muted: oklch(0.95 0.02 250);
  --muted-foreground: oklch(0.5 0.04 250);
  --border: oklch(0.88 0.03 250);
  --ring: oklch(0.6 0.15 265);
  --destructive: oklch(0.55 0.22 25);
}
.dark {
  --background: oklch(0.18 0.03 250);
  --foreground: oklch(0.96 0.01 250);
  --card: oklch(0.22 0.03 250);
  --primary: oklch(0.75 0.14 265);
  --primary-foreground: oklch(0.2 0.05 265);
  --secondary: oklch(0.3 0.04 250);
  --secondary-foreground: oklch(0.95 0.01 250);
  --muted: oklch(0.26 0.03 250);
  --muted-foreground: oklch(0.72 0.03 250);
  --border: oklch(1 0 0 / 12%);
  --ring: oklch(0.6 0.12 265);
  --destructive: oklch(0.7 0.19 22);
}`;

const style = document.createElement('style');
style.textContent = SHADCN_THEME;
document.head.append(style);

afterEach(() => document.documentElement.classList.remove('dark'));

/** What `property: var(--token)` computes to where `within` is. */
function token(within: Element, name: string, property: 'color' | 'border-top-color' = 'color') {
  const probe = document.createElement('span');
  probe.style.setProperty(property, `var(${name})`);
  within.append(probe);
  const value = getComputedStyle(probe).getPropertyValue(property);
  probe.remove();
  return value;
}

function Chat() {
  return (
    <>
      <Message message={userMsg('Is it going to rain?')} />
      <ToolCallCard
        block={toolCallBlock({
          id: 'call-1',
          name: 'get_weather',
          input: '{"city":"Paris"}',
          state: 'finished',
        })}
      />
      <Composer onSend={() => undefined} defaultValue="Thanks" />
    </>
  );
}

async function mount(wrapper: { className?: string }) {
  const { container } = await render(
    <div {...wrapper}>
      <Chat />
    </div>,
  );
  const one = (selector: string) => {
    const element = container.querySelector<HTMLElement>(selector);
    if (!element) throw new Error(`no ${selector}`);
    return element;
  };
  return {
    wrapper: one(':scope > div'),
    bubble: one('[data-slot="message"][data-role="user"]'),
    card: one('[data-slot="tool-call-card"]'),
    send: one('[data-slot="composer-button"]'),
  };
}

describe('the shadcn/ui preset', () => {
  it.each([
    ['light', {}],
    ['dark (.dark on an ancestor)', { className: 'dark' }],
  ])('colours the bubble, card and button from the theme: %s', async (_, wrapper) => {
    const { wrapper: at, bubble, card, send } = await mount(wrapper);
    expect(getComputedStyle(bubble).backgroundColor).toBe(token(at, '--secondary'));
    expect(getComputedStyle(bubble).color).toBe(token(at, '--secondary-foreground'));
    expect(getComputedStyle(card).backgroundColor).toBe(token(at, '--card'));
    expect(getComputedStyle(card).borderTopColor).toBe(token(at, '--border', 'border-top-color'));
    expect(getComputedStyle(card).color).toBe(token(at, '--foreground'));
    expect(getComputedStyle(send).backgroundColor).toBe(token(at, '--primary'));
    expect(getComputedStyle(send).color).toBe(token(at, '--primary-foreground'));
  });

  it('derives the radii from --radius', async () => {
    const { card } = await mount({});
    // `--ram-radius-lg` is 4px over the theme's 0.75rem (12px).
    expect(getComputedStyle(card).borderTopLeftRadius).toBe('16px');
  });

  it('follows .dark on the root element, as shadcn sets it', async () => {
    document.documentElement.classList.add('dark');
    const { wrapper: at, bubble } = await mount({});
    const dark = token(at, '--secondary');
    expect(dark).toContain('oklch(0.3 ');
    expect(getComputedStyle(bubble).backgroundColor).toBe(dark);
    expect(getComputedStyle(bubble).colorScheme).toBe('dark');
  });
});
