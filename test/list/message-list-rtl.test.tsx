/*
 * An Arabic conversation in a right-to-left page, with the Arabic label pack: the list, the
 * composer and the cards speak Arabic; prose, thinking and the user's bubble read right to left
 * while the answer streams, code, tool arguments, output and JSON left to right.
 */
import * as React from 'react';
import { flushSync } from 'react-dom';
import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { page, userEvent } from 'vitest/browser';
import { AgentMessagesProvider, Composer, MessageList } from '../../src/index.js';
import { direction, labels, locale } from '../../src/locales/ar.js';
import {
  ARABIC_ANSWER,
  arabicConversation,
  firstLetterDirection,
} from '../../stories/fixtures/rtl-conversations.js';
import { mount } from '../components/mount-root.js';

const HEIGHT = { height: 900 };

function ArabicChat({ streamed }: { streamed?: number }) {
  return (
    <div dir={direction}>
      <AgentMessagesProvider locale={locale} labels={labels}>
        <MessageList messages={arabicConversation(streamed)} style={HEIGHT} />
        <Composer onSend={() => {}} />
      </AgentMessagesProvider>
    </div>
  );
}

const expectedDirection = (block: Element) => firstLetterDirection(block, 'rtl');

function directionOf(element: Element | null): string {
  if (element === null) throw new Error('no such element');
  return getComputedStyle(element).direction;
}

describe('MessageList in Arabic, right to left', () => {
  it('speaks Arabic and mirrors prose, while code, arguments and output stay left to right', async () => {
    const screen = await render(<ArabicChat />);
    await expect.element(page.getByRole('log', { name: 'المحادثة' })).toBeVisible();
    await expect.element(page.getByRole('textbox', { name: 'الرسالة' })).toBeVisible();
    await expect.element(page.getByRole('button', { name: 'إرسال' })).toBeVisible();
    const container = screen.container;

    const user = container.querySelector('[data-slot="message"][data-role="user"] p');
    expect(user?.getAttribute('dir')).toBe('auto');
    expect(directionOf(user)).toBe('rtl');
    for (const block of container.querySelectorAll(
      '[data-slot="text-block-content"] :is(p, li, td, th, h2, blockquote)',
    )) {
      expect(directionOf(block), block.outerHTML).toBe(expectedDirection(block));
    }
    expect(directionOf(container.querySelector('[data-slot="code-block-pre"]'))).toBe('ltr');
    expect(directionOf(container.querySelector('[data-slot="text-block-content"] p code'))).toBe(
      'ltr',
    );
    // The composer follows what is typed, and starts with the page.
    const textarea = container.querySelector('textarea');
    expect(textarea?.getAttribute('dir')).toBe('auto');
    expect(textarea?.getAttribute('placeholder')).toBe('اكتب رسالة…');

    // The thinking block and the tool call, opened.
    await userEvent.click(page.getByRole('button', { name: /الأفكار/ }));
    const thinking = container.querySelector('[data-slot="thinking-block-text"]');
    expect(thinking?.getAttribute('dir')).toBe('auto');
    expect(directionOf(thinking)).toBe('rtl');
    await userEvent.click(page.getByRole('button', { name: /search_files/ }));
    await expect.element(page.getByText('الوسائط', { exact: true })).toBeVisible();
    for (const output of container.querySelectorAll('[data-slot="tool-result-text-content"]')) {
      expect(directionOf(output)).toBe('ltr');
    }
    // The card's section labels follow the page.
    const label = [...container.querySelectorAll('[data-slot="tool-call-card-section-label"]')];
    expect(label.length).toBeGreaterThan(0);
    for (const element of label) expect(directionOf(element)).toBe('rtl');
  });

  it('streams the answer token by token without a block changing direction', () => {
    const { root, element } = mount();
    let checked = 0;
    for (let streamed = 1; streamed <= ARABIC_ANSWER.length; streamed += 3) {
      flushSync(() => root.render(<ArabicChat streamed={streamed} />));
      const blocks = element.querySelectorAll(
        '[data-slot="message"][data-role="assistant"] [data-slot="text-block-content"] :is(p, li, td, th, h2, blockquote)',
      );
      for (const block of blocks) {
        expect(directionOf(block), `${block.outerHTML} at ${streamed}`).toBe(
          expectedDirection(block),
        );
        if (expectedDirection(block) === 'rtl') checked++;
      }
      for (const code of element.querySelectorAll('[data-slot="text-block-content"] code')) {
        expect(directionOf(code), `code at ${streamed}`).toBe('ltr');
      }
    }
    expect(checked).toBeGreaterThan(300);
  });

  it('counts in Arabic plural forms where the list shows counts', async () => {
    await render(
      <div dir="rtl">
        <AgentMessagesProvider locale={locale} labels={labels}>
          <MessageList messages={[]} style={HEIGHT} />
        </AgentMessagesProvider>
      </div>,
    );
    await expect.element(page.getByText('لا توجد رسائل بعد')).toBeVisible();
    expect(labels.newMessages(2)).toBe('رسالتان جديدتان');
  });
});
