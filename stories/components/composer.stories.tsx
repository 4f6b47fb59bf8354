import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Composer } from '../../src/components/composer/composer.js';

/** An 8×8 gradient, so that the thumbnail shows something. */
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAJklEQVR4nGNgqDihUHHCoeJEQsWJhooTCypOHKg48aDiBMPQkgAAny9sARwGOJwAAAAASUVORK5CYII=';

function image(name: string): File {
  const bytes = Uint8Array.from(atob(PNG_BASE64), (c) => c.charCodeAt(0));
  return new File([bytes], name, { type: 'image/png', lastModified: 1 });
}

function file(name: string, type: string, size: number): File {
  return new File([new Uint8Array(size)], name, { type, lastModified: 1 });
}

/** Pastes files into the textarea, as copying them from the system would. */
function paste(canvasElement: HTMLElement, files: File[]) {
  const data = new DataTransfer();
  for (const item of files) data.items.add(item);
  canvasElement
    .querySelector('textarea')
    ?.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
}

const textbox = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('textbox', { name: 'Message' });

const meta = {
  title: 'Input/Composer',
  component: Composer,
  args: { onSend: fn(), onStop: fn(), status: 'done' },
} satisfies Meta<typeof Composer>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing typed yet: Send is unavailable until there is something to send. */
export const Empty: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(textbox(canvasElement)).toHaveAttribute('placeholder', 'Send a message…');
    await expect(canvas.getByRole('button', { name: 'Send' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await userEvent.click(textbox(canvasElement));
    await userEvent.keyboard('{Enter}');
    await expect(args.onSend).not.toHaveBeenCalled();
  },
};

/** Typing, then Enter: the text is sent and the box empties, keeping focus. */
export const Typing: Story = {
  play: async ({ canvasElement, args }) => {
    const input = textbox(canvasElement);
    await userEvent.type(input, 'What changed in the last release?');
    await expect(input).toHaveValue('What changed in the last release?');
    await userEvent.keyboard('{Enter}');
    await expect(args.onSend).toHaveBeenCalledWith('What changed in the last release?', []);
    await expect(input).toHaveValue('');
    await expect(input).toHaveFocus();
  },
};

/** Shift+Enter breaks the line; the box grows with the text, up to `maxRows`, then scrolls. */
export const MultiLine: Story = {
  args: { maxRows: 4 },
  play: async ({ canvasElement, args }) => {
    const input = textbox(canvasElement) as HTMLTextAreaElement;
    const oneLine = input.getBoundingClientRect().height;
    await userEvent.type(input, 'First line{Shift>}{Enter}{/Shift}Second line');
    await expect(input.getBoundingClientRect().height).toBeGreaterThan(oneLine);
    await userEvent.type(input, '{Shift>}{Enter}{Enter}{Enter}{Enter}{/Shift}Sixth line');
    await expect(input.scrollHeight).toBeGreaterThan(input.clientHeight);
    await expect(args.onSend).not.toHaveBeenCalled();
  },
};

/** While a reply streams, Stop takes Send's place; Enter does not send. */
export const Streaming: Story = {
  args: { status: 'streaming', defaultValue: 'A follow-up question' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(textbox(canvasElement));
    await userEvent.keyboard('{Enter}');
    await expect(args.onSend).not.toHaveBeenCalled();
    await userEvent.tab();
    const stop = canvas.getByRole('button', { name: 'Stop' });
    await expect(stop).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onStop).toHaveBeenCalledTimes(1);
  },
};

/** A tool call waits for the user: the box still takes a draft, but sending waits, and says why. */
export const AwaitingConfirmation: Story = {
  args: { status: 'awaiting-confirmation' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const input = textbox(canvasElement);
    await expect(canvas.getByText('Answer the approval request above first')).toBeVisible();
    await expect(input).toHaveAccessibleDescription('Answer the approval request above first');
    await userEvent.type(input, 'Draft{Enter}');
    await expect(input).toHaveValue('Draft');
    await expect(args.onSend).not.toHaveBeenCalled();
  },
};

/** `onSend` is pending: the text stays (read-only) and the button says so. */
export const Sending: Story = {
  args: { onSend: fn(() => new Promise<void>(() => {})) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(textbox(canvasElement), 'Summarise this thread{Enter}');
    await expect(canvas.getByRole('button', { name: 'Sending…' })).toBeVisible();
    await expect(textbox(canvasElement)).toHaveValue('Summarise this thread');
    await expect(textbox(canvasElement)).toHaveAttribute('readonly');
  },
};

/** `onSend` failed: the text is kept and an error says so; Escape dismisses the error. */
export const SendFailed: Story = {
  args: { onSend: fn(() => Promise.reject(new Error('offline'))) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(textbox(canvasElement), 'Do not lose me{Enter}');
    await waitFor(() =>
      expect(canvas.getByRole('alert')).toHaveTextContent('Your message was not sent. Try again.'),
    );
    await expect(textbox(canvasElement)).toHaveValue('Do not lose me');
    await userEvent.keyboard('{Escape}');
    await expect(canvas.getByRole('alert')).toHaveTextContent('');
  },
};

/**
 * Files waiting to be sent: an image with its thumbnail, a document, and a file whose name hides
 * a right-to-left override (it would read `invoice.exe` as `invoiceexe.pdf`), shown as a marker.
 */
export const WithAttachments: Story = {
  args: { accept: '*', defaultValue: 'Here are the files' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const files = [
      image('screenshot.png'),
      file('quarterly-report.pdf', 'application/pdf', 284_000),
      file('invoice\u202Efdp.exe', 'application/octet-stream', 4096),
    ];
    paste(canvasElement, files);
    await waitFor(() =>
      expect(
        Array.from(
          canvasElement.querySelectorAll('[data-slot="composer-attachment-name"]'),
          (name) => name.textContent,
        ),
      ).toEqual(['screenshot.png', 'quarterly-report.pdf', 'invoice[U+202E]fdp.exe']),
    );
    await expect(canvas.getByText('277 KB')).toBeVisible();
    await waitFor(() =>
      expect(
        canvasElement.querySelector<HTMLImageElement>('[data-slot="composer-attachment-thumbnail"]')
          ?.naturalWidth,
      ).toBe(8),
    );
    await expect(
      canvas.getByRole('button', { name: 'Remove invoice[U+202E]fdp.exe' }),
    ).toBeVisible();
    await userEvent.click(textbox(canvasElement));
    await userEvent.keyboard('{End}{Enter}');
    await expect(args.onSend).toHaveBeenCalledWith('Here are the files', files);
  },
};

/** Removing a chip from the keyboard: focus moves on to the next chip, never to the page. */
export const RemoveAttachment: Story = {
  args: { accept: '*' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    paste(canvasElement, [file('a.txt', 'text/plain', 10), file('b.txt', 'text/plain', 20)]);
    const removeA = await canvas.findByRole('button', { name: 'Remove a.txt' });
    removeA.focus();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.queryByText('a.txt')).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Remove b.txt' })).toHaveFocus();
  },
};

/** Files over the limits are turned away with a visible error; the others are kept. */
export const AttachmentError: Story = {
  args: { accept: ['image/*', '.pdf'], maxFileSize: 100 * 1024, maxFiles: 2 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    paste(canvasElement, [
      image('photo.png'),
      file('scan.pdf', 'application/pdf', 2 * 1024 * 1024),
      file('setup.exe', 'application/octet-stream', 1024),
    ]);
    const alert = canvas.getByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent('scan.pdf is larger than 100 KB'));
    await expect(alert).toHaveTextContent('setup.exe: this type of file cannot be attached');
    await expect(canvas.getByText('photo.png')).toBeVisible();
  },
};

/** Files dragged over the composer: a hint covers it until they are dropped or leave. */
export const DraggingFiles: Story = {
  args: { accept: '*' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const data = new DataTransfer();
    data.items.add(file('notes.md', 'text/markdown', 120));
    const root = canvasElement.querySelector('[data-slot="composer"]');
    root?.dispatchEvent(new DragEvent('dragenter', { dataTransfer: data, bubbles: true }));
    await waitFor(() => expect(root).toHaveAttribute('data-dragging'));
    await expect(canvas.getByText('Drop files to attach them')).toBeVisible();
  },
};

/** Turned off by the app: nothing can be typed, attached or sent. */
export const Disabled: Story = {
  args: { disabled: true, accept: '*', placeholder: 'Sign in to send messages' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(textbox(canvasElement)).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Send' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Attach files' })).toBeDisabled();
  },
};

/* An app's global, unlayered element rules, as a starter template ships them. */
const HOST_CSS = `
* { box-sizing: content-box; }
ul, li { list-style: disc; display: block; margin: 1em; padding: 0; }
textarea { border: 3px solid rgb(255, 0, 0); padding: 20px; font-size: 30px; }
button { background-color: rgb(26, 26, 26); color: rgb(255, 255, 255); padding: 0.6em 1.2em; }
`;

/** Inside an app whose global CSS styles every textarea, button and list: the composer keeps its look. */
export const InsideAHostApp: Story = {
  args: { accept: '*' },
  render: (args) => (
    <div>
      <style>{HOST_CSS}</style>
      <Composer {...args} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    paste(canvasElement, [file('a.txt', 'text/plain', 10)]);
    const chip = await within(canvasElement).findByText('a.txt');
    const input = getComputedStyle(textbox(canvasElement));
    await expect(input.borderTopWidth).toBe('0px');
    await expect(input.boxSizing).toBe('border-box');
    const send = within(canvasElement).getByRole('button', { name: 'Send' });
    await expect(getComputedStyle(send).backgroundColor).not.toBe('rgb(26, 26, 26)');
    const item = chip.closest('li');
    await expect(item && getComputedStyle(item).marginTop).toBe('0px');
    const list = chip.closest('ul');
    await expect(list && getComputedStyle(list).display).toBe('flex');
  },
};
