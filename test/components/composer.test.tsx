import * as React from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { page, userEvent } from 'vitest/browser';
import type { ComposerHandle, ComposerProps } from '../../src/components/composer/composer.js';
import { Composer } from '../../src/components/composer/composer.js';
import { AgentMessagesProvider } from '../../src/components/provider/agent-messages-provider.js';
// The growing textarea is the stylesheet's work (`field-sizing`), capped by it at `maxRows`.
import '../../src/styles/theme.css';
import '../../src/styles/composer.css';

type OnSend = (text: string, attachments: File[]) => unknown;

const input = () => page.getByRole('textbox', { name: 'Message' });
const textarea = () => input().element() as HTMLTextAreaElement;
const button = (name: string) => page.getByRole('button', { name, exact: true });
const root = () => document.querySelector('[data-slot="composer"]');
const chips = () =>
  Array.from(document.querySelectorAll('[data-slot="composer-attachment-name"]')).map(
    (chip) => chip.textContent,
  );
const alertText = () => document.querySelector('[role="alert"]')?.textContent ?? '';

function file(name: string, type: string, size = 16): File {
  return new File([new Uint8Array(size)], name, { type, lastModified: 1 });
}

/** A 1×1 PNG, so that the thumbnail really decodes. */
function png(name = 'pixel.png'): File {
  const bytes = Uint8Array.from(
    atob(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    ),
    (c) => c.charCodeAt(0),
  );
  return new File([bytes], name, { type: 'image/png', lastModified: 1 });
}

function transfer(files: File[]): DataTransfer {
  const data = new DataTransfer();
  for (const item of files) data.items.add(item);
  return data;
}

function paste(files: File[]) {
  textarea().dispatchEvent(
    new ClipboardEvent('paste', {
      clipboardData: transfer(files),
      bubbles: true,
      cancelable: true,
    }),
  );
}

function drop(files: File[]) {
  const target = textarea();
  const dataTransfer = transfer(files);
  for (const type of ['dragenter', 'dragover', 'drop']) {
    target.dispatchEvent(new DragEvent(type, { dataTransfer, bubbles: true, cancelable: true }));
  }
}

/** A deferred promise the test settles. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

async function renderComposer(props: Partial<ComposerProps> = {}) {
  const onSend = vi.fn<OnSend>();
  const screen = await render(<Composer onSend={onSend} {...props} />);
  return { onSend: props.onSend ? vi.mocked(props.onSend) : onSend, screen };
}

describe('Composer', () => {
  it('sends on Enter, trimmed, and clears', async () => {
    const { onSend } = await renderComposer();
    await userEvent.type(input(), '  Hello there  {Enter}');
    expect(onSend).toHaveBeenCalledExactlyOnceWith('Hello there', []);
    await expect.element(input()).toHaveValue('');
    await expect.element(input()).toHaveFocus();
  });

  it('sends with the Send button; does nothing while empty', async () => {
    const { onSend } = await renderComposer();
    await expect.element(button('Send')).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(input());
    await userEvent.keyboard('{Enter}');
    await userEvent.type(input(), '   ');
    await userEvent.keyboard('{Enter}');
    expect(onSend).not.toHaveBeenCalled();
    await userEvent.fill(input(), 'Hi');
    await userEvent.click(button('Send'));
    expect(onSend).toHaveBeenCalledExactlyOnceWith('Hi', []);
  });

  it('inserts a newline on Shift+Enter', async () => {
    const { onSend } = await renderComposer();
    await userEvent.type(input(), 'one{Shift>}{Enter}{/Shift}two');
    await expect.element(input()).toHaveValue('one\ntwo');
    expect(onSend).not.toHaveBeenCalled();
  });

  it('never sends on Enter during an IME composition', async () => {
    const { onSend } = await renderComposer();
    await userEvent.type(input(), 'nihon');
    const target = textarea();
    const enter = (init: KeyboardEventInit) =>
      target.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true, ...init }),
      );
    target.dispatchEvent(new CompositionEvent('compositionstart', { bubbles: true }));
    enter({ isComposing: true });
    // Between compositionstart and compositionend, even an Enter not flagged as composing.
    enter({});
    target.dispatchEvent(new CompositionEvent('compositionend', { bubbles: true, data: '日本' }));
    // Safari: the Enter that confirmed the candidate arrives after compositionend, as keyCode 229.
    enter({ keyCode: 229 });
    expect(onSend).not.toHaveBeenCalled();
    enter({});
    expect(onSend).toHaveBeenCalledExactlyOnceWith('nihon', []);
  });

  it('offers Stop while a reply streams, calls onStop, and keeps focus on the button', async () => {
    const onStop = vi.fn();
    const { onSend, screen } = await renderComposer({ status: 'streaming', onStop });
    await userEvent.type(input(), 'next question{Enter}');
    expect(onSend).not.toHaveBeenCalled();
    await userEvent.click(button('Stop'));
    expect(onStop).toHaveBeenCalledTimes(1);
    expect(root()?.getAttribute('data-status')).toBe('streaming');
    await screen.rerender(<Composer onSend={onSend} onStop={onStop} status="done" />);
    await expect.element(button('Send')).toHaveFocus();
    await userEvent.click(button('Send'));
    expect(onSend).toHaveBeenCalledExactlyOnceWith('next question', []);
  });

  it('holds sending back with a visible explanation while a decision awaits', async () => {
    const { onSend } = await renderComposer({ status: 'awaiting-confirmation' });
    const explanation = page.getByText('Answer the approval request above first');
    await expect.element(explanation).toBeVisible();
    await expect
      .element(input())
      .toHaveAccessibleDescription('Answer the approval request above first');
    expect(root()?.hasAttribute('data-disabled')).toBe(true);
    await userEvent.type(input(), 'draft{Enter}');
    await expect.element(input()).toHaveValue('draft');
    await expect.element(button('Send')).toHaveAttribute('aria-disabled', 'true');
    expect(onSend).not.toHaveBeenCalled();
  });

  it('keeps the text while sending, and after a rejection shows an error; Escape clears it', async () => {
    const pending = deferred();
    const { onSend } = await renderComposer({ onSend: vi.fn<OnSend>(() => pending.promise) });
    await userEvent.type(input(), 'important words{Enter}');
    expect(onSend).toHaveBeenCalledTimes(1);
    await expect.element(button('Sending…')).toBeVisible();
    await expect.element(input()).toHaveValue('important words');
    expect(root()?.hasAttribute('data-sending')).toBe(true);
    // A second Enter while the first is pending does not send twice.
    await userEvent.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledTimes(1);
    pending.reject(new Error('offline'));
    await expect.element(page.getByRole('alert')).toHaveTextContent('Your message was not sent.');
    await expect.element(input()).toHaveValue('important words');
    await expect.element(input()).toHaveAttribute('aria-invalid', 'true');
    await userEvent.keyboard('{Escape}');
    await expect.poll(alertText).toBe('');
    await expect.element(input()).toHaveValue('important words');
  });

  it('clears once a pending send succeeds; a throwing onSend keeps the text', async () => {
    const pending = deferred();
    await renderComposer({ onSend: () => pending.promise });
    await userEvent.type(input(), 'hello{Enter}');
    pending.resolve();
    await expect.element(input()).toHaveValue('');
    await expect.element(button('Send')).toBeVisible();

    document.body.innerHTML = '';
    await renderComposer({
      onSend: () => {
        throw new Error('bug');
      },
    });
    await userEvent.type(input(), 'kept{Enter}');
    await expect.element(page.getByRole('alert')).toHaveTextContent('Your message was not sent.');
    await expect.element(input()).toHaveValue('kept');
  });

  it('works controlled: onValueChange hears typing, clearing goes through it', async () => {
    const changes: string[] = [];
    const onSend = vi.fn<OnSend>();
    function Controlled() {
      const [value, setValue] = React.useState('pre');
      return (
        <Composer
          value={value}
          onValueChange={(next) => {
            changes.push(next);
            setValue(next);
          }}
          onSend={onSend}
        />
      );
    }
    await render(<Controlled />);
    await expect.element(input()).toHaveValue('pre');
    await userEvent.click(input());
    await userEvent.keyboard('{End}fix{Enter}');
    expect(onSend).toHaveBeenCalledExactlyOnceWith('prefix', []);
    await expect.element(input()).toHaveValue('');
    expect(changes.at(-1)).toBe('');
  });

  it('adds a pasted file as a chip and hands it to onSend as a File', async () => {
    const { onSend } = await renderComposer({ accept: '*' });
    const report = file('report.pdf', 'application/pdf', 2048);
    await userEvent.click(input());
    paste([report]);
    await expect.poll(chips).toEqual(['report.pdf']);
    await expect.element(page.getByText('2 KB')).toBeVisible();
    await userEvent.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledExactlyOnceWith('', [report]);
    await expect.poll(chips).toEqual([]);
  });

  it('adds dropped files as chips, and shows an image thumbnail', async () => {
    await renderComposer({ accept: ['image/*', '.md'] });
    drop([png(), file('notes.md', '')]);
    await expect.poll(chips).toEqual(['pixel.png', 'notes.md']);
    const thumbnail = document.querySelector<HTMLImageElement>(
      '[data-slot="composer-attachment-thumbnail"]',
    );
    expect(thumbnail?.src.startsWith('blob:')).toBe(true);
    await expect.poll(() => thumbnail?.naturalWidth).toBe(1);
    expect(root()?.hasAttribute('data-dragging')).toBe(false);
  });

  it('adds picked files through the Attach button', async () => {
    await renderComposer({ accept: 'text/plain' });
    await expect.element(button('Attach files')).toBeVisible();
    const picker = document.querySelector<HTMLInputElement>('[data-slot="composer-file-input"]');
    expect(picker?.accept).toBe('text/plain');
    await userEvent.upload(picker as HTMLInputElement, [file('a.txt', 'text/plain')]);
    await expect.poll(chips).toEqual(['a.txt']);
  });

  it('turns away a file too large or of the wrong type, with a visible error', async () => {
    await renderComposer({ accept: 'image/*', maxFileSize: 1024 });
    drop([file('big.png', 'image/png', 4096), file('script.exe', 'application/octet-stream')]);
    await expect.element(page.getByRole('alert')).toHaveTextContent('big.png is larger than 1 KB');
    await expect
      .element(page.getByRole('alert'))
      .toHaveTextContent('script.exe: this type of file cannot be attached');
    expect(chips()).toEqual([]);
  });

  it('turns away files past maxFiles, keeping the first ones', async () => {
    await renderComposer({ accept: '*', maxFiles: 2 });
    paste([file('1.txt', 'text/plain'), file('2.txt', 'text/plain'), file('3.txt', 'text/plain')]);
    await expect.poll(chips).toEqual(['1.txt', '2.txt']);
    await expect
      .element(page.getByRole('alert'))
      .toHaveTextContent('You can attach at most 2 files');
  });

  it('ignores files when attachments are off', async () => {
    await renderComposer();
    paste([file('a.txt', 'text/plain')]);
    drop([file('b.txt', 'text/plain')]);
    expect(chips()).toEqual([]);
    expect(document.querySelector('[data-slot="composer-attach"]')).toBeNull();
  });

  it('shows hidden characters in a file name, in the chip and in its remove button', async () => {
    await renderComposer({ accept: '*' });
    paste([file('invoice\u202Efdp.exe', 'application/octet-stream')]);
    await expect.poll(chips).toEqual(['invoice[U+202E]fdp.exe']);
    await expect.element(button('Remove invoice[U+202E]fdp.exe')).toBeVisible();
  });

  it('removes a chip, moving focus to the next one, then to the textarea', async () => {
    const { onSend } = await renderComposer({ accept: '*' });
    paste([file('a.txt', 'text/plain'), file('b.txt', 'text/plain')]);
    await expect.poll(chips).toEqual(['a.txt', 'b.txt']);
    await userEvent.click(button('Remove a.txt'));
    await expect.poll(chips).toEqual(['b.txt']);
    await expect.element(button('Remove b.txt')).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect.poll(chips).toEqual([]);
    await expect.element(input()).toHaveFocus();
    await userEvent.type(input(), 'x{Enter}');
    expect(onSend).toHaveBeenCalledExactlyOnceWith('x', []);
  });

  it('revokes thumbnail URLs when a chip is removed and on unmount', async () => {
    const revoke = vi.spyOn(URL, 'revokeObjectURL');
    const { screen } = await renderComposer({ accept: 'image/*' });
    paste([png('a.png'), png('b.png')]);
    await expect.poll(chips).toEqual(['a.png', 'b.png']);
    const urls = Array.from(
      document.querySelectorAll<HTMLImageElement>('[data-slot="composer-attachment-thumbnail"]'),
      (image) => image.src,
    );
    await userEvent.click(button('Remove a.png'));
    expect(revoke).toHaveBeenCalledWith(urls[0]);
    await screen.unmount();
    expect(revoke).toHaveBeenCalledWith(urls[1]);
  });

  it('focuses and clears through its ref', async () => {
    const ref = React.createRef<ComposerHandle>();
    await render(<Composer ref={ref} onSend={() => {}} defaultValue="draft" accept="*" />);
    paste([file('a.txt', 'text/plain')]);
    await expect.poll(chips).toEqual(['a.txt']);
    (document.activeElement as HTMLElement | null)?.blur();
    ref.current?.focus();
    await expect.element(input()).toHaveFocus();
    ref.current?.clear();
    await expect.element(input()).toHaveValue('');
    await expect.poll(chips).toEqual([]);
  });

  it('takes its placeholder and labels from the provider', async () => {
    await render(
      <AgentMessagesProvider
        labels={{ composerPlaceholder: 'Écrivez un message…', send: 'Envoyer' }}
      >
        <Composer onSend={() => {}} />
      </AgentMessagesProvider>,
    );
    await expect.element(input()).toHaveAttribute('placeholder', 'Écrivez un message…');
    await expect.element(button('Envoyer')).toBeVisible();
  });

  it('is fully off when disabled', async () => {
    await renderComposer({ disabled: true, accept: '*' });
    await expect.element(input()).toBeDisabled();
    await expect.element(button('Send')).toBeDisabled();
    await expect.element(button('Attach files')).toBeDisabled();
    expect(root()?.hasAttribute('data-disabled')).toBe(true);
  });

  it('grows with its text up to maxRows, then scrolls', async () => {
    await renderComposer({ maxRows: 3 });
    const oneLine = textarea().getBoundingClientRect().height;
    await userEvent.type(input(), 'a{Shift>}{Enter}{/Shift}b');
    const twoLines = textarea().getBoundingClientRect().height;
    expect(twoLines).toBeGreaterThan(oneLine);
    await userEvent.type(input(), '{Shift>}{Enter}{Enter}{Enter}{Enter}{/Shift}c');
    const capped = textarea().getBoundingClientRect().height;
    expect(capped).toBeLessThan(oneLine * 3.2);
    expect(textarea().scrollHeight).toBeGreaterThan(textarea().clientHeight);
  });

  it('grows through scrollHeight where the browser lacks field-sizing', async () => {
    vi.spyOn(CSS, 'supports').mockImplementation((property: string) => property !== 'field-sizing');
    await renderComposer({ maxRows: 3 });
    await userEvent.type(input(), 'a');
    const oneLine = parseFloat(textarea().style.height);
    expect(oneLine).toBeGreaterThan(0);
    await userEvent.type(input(), '{Shift>}{Enter}{/Shift}b');
    expect(parseFloat(textarea().style.height)).toBeGreaterThan(oneLine);
    await userEvent.type(input(), '{Shift>}{Enter}{Enter}{Enter}{Enter}{/Shift}c');
    expect(textarea().getBoundingClientRect().height).toBeLessThan(oneLine * 3.2);
  });
});
