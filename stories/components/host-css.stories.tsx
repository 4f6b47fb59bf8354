import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import type { AgUiInterrupt } from '../../src/ag-ui.js';
import { assistantMsg, textBlock, toolCallBlock, toolResultBlock } from '../../src/core.js';
import { InterruptPrompt, Message } from '../../src/index.js';

/*
 * The components inside an app whose global stylesheet was written for the app alone: the rules
 * a fresh Vite starter ships (centred #root, `code` as an inline flexbox with a fixed size, no
 * paragraph margins, dark-ready `color-scheme`, painted buttons) plus common resets (no list
 * markers, collapsed `pre`, content-box sizing, a large root font). All unlayered, as an app's
 * CSS usually is. The last two rules are the app styling the components on purpose: they win.
 */
const HOST_CSS = `
:root {
  font: 18px/145% system-ui, 'Segoe UI', Roboto, sans-serif;
  letter-spacing: 0.18px;
  color-scheme: light dark;
  color: #6b6375;
  background: #fff;
}
#host-app {
  max-width: 1126px;
  margin: 0 auto;
  text-align: center;
}
* { box-sizing: content-box; }
p { margin: 0; }
ul, ol { list-style: none; padding: 0; margin: 0; }
li { display: flex; gap: 8px; }
pre { white-space: normal; }
code {
  font-family: ui-monospace, Consolas, monospace;
  display: inline-flex;
  font-size: 15px;
  line-height: 135%;
  padding: 4px 8px;
  border-radius: 4px;
  background: #1f2028;
  color: #f3f4f6;
}
h1, h2 { font-size: 56px; font-weight: 500; }
a { font-weight: 500; color: #aa3bff; text-decoration: inherit; }
button {
  border-radius: 8px;
  border: 1px solid transparent;
  padding: 0.6em 1.2em;
  font-size: 1em;
  font-weight: 500;
  background-color: #1a1a1a;
  color: #ffffff;
  cursor: pointer;
}
*::before, *::after { box-sizing: content-box; border-width: 0; }

.host-chat [data-slot='message'] { border-color: rgb(170, 59, 255); }
[data-slot='code-block-header'] { text-transform: uppercase; }
`;

const MARKDOWN = `Here is the **plan** for the release, with \`npm run build\` as the first step.

- Bump the version
- Write the changelog
- Publish the package

\`\`\`ts
const major = 2;
const minor = 0;
export const version = \`\${major}.\${minor}\`;
\`\`\`

That is all, says [the guide](https://example.com/guide).`;

const FINISHED = '2025-06-01T10:00:04.000Z';

const message = assistantMsg(
  [
    textBlock(MARKDOWN, { finished_at: FINISHED }),
    toolCallBlock({
      id: 'call-1',
      name: 'get_weather',
      input: '{"city": "Paris"}',
      state: 'finished',
      finished_at: FINISHED,
    }),
    toolResultBlock({
      id: 'call-1',
      name: 'get_weather',
      output: 'Paris: 21 °C, light rain\nTomorrow: 24 °C, sunny',
      state: 'success',
      finished_at: FINISHED,
    }),
  ],
  { id: 'host-css', name: 'Friday', created_at: '2025-06-01T10:00:00.000Z', finished_at: FINISHED },
);

/** An AG-UI question without a tool call: a prompt of its own, with buttons and a field. */
const interrupt: AgUiInterrupt = {
  id: 'int-host',
  reason: 'input_required',
  message: 'Which region should it deploy to?',
  responseSchema: {
    type: 'object',
    properties: { region: { title: 'Region', type: 'string' } },
  },
};

function HostApp({ hostCss }: { hostCss: boolean }) {
  return (
    <div id="host-app" className="host-chat">
      {hostCss ? <style>{HOST_CSS}</style> : null}
      <Message message={message} />
      <InterruptPrompt interrupt={interrupt} onResolve={() => undefined} />
    </div>
  );
}

const meta = {
  title: 'Theming/Host CSS',
  component: HostApp,
  args: { hostCss: true },
} satisfies Meta<typeof HostApp>;

export default meta;
type Story = StoryObj<typeof meta>;

function one(root: HTMLElement, selector: string): HTMLElement {
  const element = root.querySelector<HTMLElement>(selector);
  if (!element) throw new Error(`nothing matches ${selector}`);
  return element;
}

function px(value: string): number {
  return Number.parseFloat(value);
}

/** Where the first line of `element`'s text starts, relative to its content box. */
function textIndent(element: HTMLElement): number {
  const range = document.createRange();
  range.selectNodeContents(element);
  const text = range.getClientRects()[0];
  const box = element.getBoundingClientRect();
  return (text?.left ?? Number.NaN) - box.left - px(getComputedStyle(element).paddingLeft);
}

async function expectComponentsLayout(canvasElement: HTMLElement, host: boolean) {
  // Wait for the highlighter: its token spans are what an inline-flex `code` lays out in a row.
  await waitFor(
    () =>
      expect(
        canvasElement.querySelector('[data-slot="code-block"][data-highlighted]'),
      ).not.toBeNull(),
    { timeout: 10_000 },
  );
  const content = one(canvasElement, '[data-slot="text-block-content"]');
  const paragraphs = content.querySelectorAll<HTMLElement>(
    ':scope > [data-slot="text-block-chunk"] > p',
  );
  const prose = paragraphs[paragraphs.length - 1];
  if (!prose) throw new Error('no paragraph');
  const proseSize = px(getComputedStyle(prose).fontSize);

  // Prose starts at the start of the line, not in the middle of a centred #root.
  await expect(getComputedStyle(prose).textAlign).toBe('start');
  await expect(textIndent(prose)).toBeLessThan(1);
  // Paragraphs keep their spacing.
  await expect(px(getComputedStyle(prose).marginTop)).toBeGreaterThan(0);

  // The list keeps its markers and indent.
  const list = one(content, 'ul');
  await expect(getComputedStyle(list).listStyleType).toBe('disc');
  await expect(px(getComputedStyle(list).paddingInlineStart)).toBeGreaterThan(0);
  await expect(getComputedStyle(one(list, 'li')).display).toBe('list-item');

  // The code block keeps its three lines, at a size proportional to the prose.
  const pre = one(canvasElement, '[data-slot="code-block-pre"]');
  const code = one(pre, 'code');
  await expect(getComputedStyle(pre).whiteSpace).toBe('pre');
  await expect(getComputedStyle(code).display).toBe('block');
  await expect(px(getComputedStyle(code).fontSize)).toBeCloseTo(proseSize * 0.875, 1);
  const lineHeight = px(getComputedStyle(code).lineHeight);
  await expect(code.getBoundingClientRect().height).toBeGreaterThan(lineHeight * 2.5);

  // Inline code stays inline, in the prose's proportion, in the components' colours.
  const inline = one(content, 'p code');
  await expect(getComputedStyle(inline).display).toBe('inline');
  await expect(px(getComputedStyle(inline).fontSize)).toBeCloseTo(proseSize * 0.9, 1);
  await expect(getComputedStyle(inline).color).toBe(getComputedStyle(prose).color);

  // Tool output, also monospace, keeps its proportion too.
  const output = one(canvasElement, '[data-slot="tool-result-text-content"]');
  await expect(px(getComputedStyle(output).fontSize)).toBeCloseTo(proseSize * 0.8125, 1);
  await expect(getComputedStyle(output).whiteSpace).toBe('pre-wrap');

  // Links keep their underline and the theme's colour.
  const link = one(content, 'a');
  await expect(getComputedStyle(link).textDecorationLine).toBe('underline');
  await expect(getComputedStyle(link).color).not.toBe('rgb(170, 59, 255)');

  // Buttons keep the components' look, not the host's paint: the card's header is clear.
  const header = one(canvasElement, '[data-slot="tool-call-card-header"]');
  await expect(getComputedStyle(header).backgroundColor).toBe('rgba(0, 0, 0, 0)');
  await expect(getComputedStyle(header).textAlign).toBe('start');

  // Box sizing is the components' own.
  const root = one(canvasElement, '[data-slot="message"]');
  await expect(getComputedStyle(root).boxSizing).toBe('border-box');
  await expect(getComputedStyle(header).boxSizing).toBe('border-box');
  await expect(header.getBoundingClientRect().right).toBeLessThanOrEqual(
    one(canvasElement, '[data-slot="tool-call-card"]').getBoundingClientRect().right,
  );

  // The interrupt prompt's buttons, too, and its text starts at the start of the line.
  const prompt = one(canvasElement, '[data-slot="interrupt-prompt"]');
  const submit = one(prompt, '[data-slot="interrupt-prompt-button"][data-action="submit"]');
  await expect(getComputedStyle(submit).backgroundColor).not.toBe('rgb(26, 26, 26)');
  // The theme's padding (2 × --ram-space, half a rem), not the host's 0.6em 1.2em.
  const rem = parseFloat(getComputedStyle(document.documentElement).fontSize);
  await expect(getComputedStyle(submit).paddingInlineStart).toBe(`${rem}px`);
  await expect(getComputedStyle(prompt).textAlign).toBe('start');

  if (!host) return;
  // The app's deliberate rules still win.
  await expect(getComputedStyle(root).borderTopColor).toBe('rgb(170, 59, 255)');
  await expect(
    getComputedStyle(one(canvasElement, '[data-slot="code-block-header"]')).textTransform,
  ).toBe('uppercase');
}

/** The baseline: no app CSS at all. Code is still sized from the prose (not 13/16 of it). */
export const NoHostCss: Story = {
  args: { hostCss: false },
  play: async ({ canvasElement }) => {
    await expectComponentsLayout(canvasElement, false);
  },
};

/** Light: the default, whatever the page's `color-scheme` or the OS says. */
export const ViteStarter: Story = {
  play: async ({ canvasElement }) => {
    await expectComponentsLayout(canvasElement, true);
    const root = one(canvasElement, '[data-slot="message"]');
    await expect(getComputedStyle(root).colorScheme).toBe('light');
  },
};

/** The same page with `data-theme="dark"` on an ancestor. */
export const ViteStarterDark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await expectComponentsLayout(canvasElement, true);
    const root = one(canvasElement, '[data-slot="message"]');
    await expect(getComputedStyle(root).colorScheme).toBe('dark');
    await expect(getComputedStyle(root).backgroundColor).toBe('rgb(9, 9, 11)');
  },
};
