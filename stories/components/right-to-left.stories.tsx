import type { Meta, StoryObj } from '@storybook/react-vite';
import * as React from 'react';
import { expect, within } from 'storybook/test';
import type { Msg } from '../../src/core.js';
import { Composer } from '../../src/components/composer/composer.js';
import { MessageList } from '../../src/components/message-list/message-list.js';
import { AgentMessagesProvider } from '../../src/components/provider/agent-messages-provider.js';
import type { Labels } from '../../src/components/labels.js';
import * as ar from '../../src/locales/ar.js';
import * as he from '../../src/locales/he.js';
import {
  ARABIC_ANSWER,
  arabicConversation,
  firstLetterDirection,
  hebrewConversation,
  mixedConversation,
  PROSE_BLOCKS,
} from '../fixtures/rtl-conversations.js';

/*
 * Conversations in Arabic and Hebrew with their label packs under `dir="rtl"`, and a mixed one in
 * a left-to-right page: each paragraph, item, cell and quote reads in the direction of its first
 * letter, code, tool arguments and output left to right. Each story's `play` checks the
 * directions Chromium computes.
 */

interface ChatProps {
  messages: Msg[];
  dir: 'ltr' | 'rtl';
  locale?: string;
  labels?: Labels;
  /** Set on the frame once a streaming story has shown all of its answer. */
  done?: boolean;
}

function Chat({ messages, dir, locale, labels, done = true }: ChatProps) {
  return (
    <div dir={dir} data-streamed={done ? 'done' : 'streaming'}>
      <AgentMessagesProvider {...(locale ? { locale } : {})} {...(labels ? { labels } : {})}>
        <MessageList messages={messages} style={{ height: 560 }} />
        <Composer onSend={() => {}} />
      </AgentMessagesProvider>
    </div>
  );
}

/** The Arabic answer arriving a few characters at a time, as a model streams it. */
function StreamingArabic() {
  const [streamed, setStreamed] = React.useState(1);
  React.useEffect(() => {
    if (streamed >= ARABIC_ANSWER.length) return;
    const timer = setTimeout(
      () => setStreamed((count) => Math.min(ARABIC_ANSWER.length, count + 8)),
      60,
    );
    return () => clearTimeout(timer);
  }, [streamed]);
  return (
    <Chat
      messages={arabicConversation(streamed)}
      dir="rtl"
      locale={ar.locale}
      labels={ar.labels}
      done={streamed >= ARABIC_ANSWER.length}
    />
  );
}

function direction(element: Element | null): string {
  if (element === null) throw new Error('no such element');
  return getComputedStyle(element).direction;
}

/** Every prose block in the direction of its first letter; code left to right. Returns how many. */
function checkDirections(root: HTMLElement, page: 'ltr' | 'rtl'): number {
  const blocks = [...root.querySelectorAll(PROSE_BLOCKS)];
  for (const block of blocks) {
    if (direction(block) !== firstLetterDirection(block, page)) {
      throw new Error(`${block.outerHTML} reads ${direction(block)}`);
    }
  }
  for (const code of root.querySelectorAll('[data-slot="text-block-content"] code, pre')) {
    if (direction(code) !== 'ltr') throw new Error(`${code.outerHTML} is not left to right`);
  }
  return blocks.length;
}

const meta = {
  title: 'Direction/Right to left',
  component: Chat,
  args: { messages: [], dir: 'rtl' },
} satisfies Meta<typeof Chat>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ArabicDone: Story = {
  args: { messages: arabicConversation(), locale: ar.locale, labels: ar.labels },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('log', { name: 'المحادثة' })).toBeVisible();
    await expect(canvas.getByText(/ثلاثة ملفات/)).toBeVisible();
    await expect(checkDirections(canvasElement, 'rtl')).toBeGreaterThan(8);
    await expect(direction(canvas.getByText(/ثلاثة ملفات/))).toBe('rtl');
    await expect(direction(canvas.getByText('app.ts', { selector: 'td' }))).toBe('ltr');
    await expect(canvas.getByRole('textbox', { name: 'الرسالة' })).toHaveAttribute('dir', 'auto');
  },
};

export const ArabicStreaming: Story = {
  render: () => <StreamingArabic />,
  play: async ({ canvasElement }) => {
    // Checked at every frame until the whole answer has arrived: a block that showed left to
    // right for one frame fails the story.
    let checked = 0;
    const frame = canvasElement.querySelector('[data-streamed]');
    while (frame?.getAttribute('data-streamed') !== 'done') {
      checked += checkDirections(canvasElement, 'rtl');
      await new Promise(requestAnimationFrame);
    }
    checked += checkDirections(canvasElement, 'rtl');
    await expect(checked).toBeGreaterThan(50);
  },
};

export const ArabicHalfStreamed: Story = {
  args: {
    messages: arabicConversation(Math.floor(ARABIC_ANSWER.length / 2)),
    locale: ar.locale,
    labels: ar.labels,
    done: false,
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/ثلاثة ملفات/)).toBeVisible();
    await expect(checkDirections(canvasElement, 'rtl')).toBeGreaterThan(4);
  },
};

export const HebrewDone: Story = {
  args: { messages: hebrewConversation(), locale: he.locale, labels: he.labels },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('log', { name: 'שיחה' })).toBeVisible();
    await expect(checkDirections(canvasElement, 'rtl')).toBeGreaterThan(4);
    await expect(direction(canvas.getByText(/דברים שכדאי לדעת/))).toBe('rtl');
  },
};

export const HebrewStreaming: Story = {
  args: { messages: hebrewConversation(40), locale: he.locale, labels: he.labels, done: false },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/דברים שכדאי לדעת/)).toBeVisible();
    await expect(checkDirections(canvasElement, 'rtl')).toBeGreaterThan(1);
  },
};

export const MixedInLeftToRightPage: Story = {
  args: { messages: mixedConversation(), dir: 'ltr' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(checkDirections(canvasElement, 'ltr')).toBeGreaterThan(4);
    await expect(direction(canvas.getByText(/The build passed/))).toBe('ltr');
    await expect(direction(canvas.getByText(/نجح البناء على/))).toBe('rtl');
    await expect(direction(canvas.getByText(/הבנייה עברה/))).toBe('rtl');
    // Opens in Latin ("CI:"): left to right, as its first letter says.
    await expect(direction(canvas.getByText(/تم تشغيل/))).toBe('ltr');
  },
};

export const EmptyArabic: Story = {
  args: { messages: [], locale: ar.locale, labels: ar.labels },
  play: async ({ canvasElement }) => {
    const empty = within(canvasElement).getByText('لا توجد رسائل بعد');
    await expect(empty).toBeVisible();
    await expect(direction(empty)).toBe('rtl');
  },
};
