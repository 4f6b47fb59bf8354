import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { page, userEvent } from 'vitest/browser';
import { AgentDevtools } from '../../../src/devtools.js';
import {
  PROTOCOL_FRAMES,
  hostileFrames,
  recordFrames,
  recordProtocol,
} from '../../fixtures/recordings.js';

afterEach(() => {
  vi.restoreAllMocks();
});

const slider = () => page.getByRole('slider', { name: 'Events folded' });
const conversationText = () =>
  [...document.querySelectorAll('[aria-label="Conversation at this point"] [data-slot="message"]')]
    .map((message) => message.textContent)
    .join('\n');

/** The list's mounted rows by index: it is virtualized, so two renders may mount other rows. */
const conversationRows = () =>
  new Map(
    [
      ...document.querySelectorAll(
        '[aria-label="Conversation at this point"] [data-slot="message-list-item"]',
      ),
    ].map((row) => [Number(row.getAttribute('data-index')), row.textContent]),
  );

/**
 * The rows once their media have settled: an image that fails to load shows "Could not load"
 * when its error arrives, which on a busy machine comes after the rows are first drawn.
 */
async function settledRows(): Promise<Map<number, string | null>> {
  const images = () => [
    ...document.querySelectorAll<HTMLImageElement>(
      '[aria-label="Conversation at this point"] [data-slot="message-list-item"] img',
    ),
  ];
  let before = '';
  await expect
    .poll(async () => {
      const now = JSON.stringify([...conversationRows()]);
      const same = now === before && images().every((image) => image.complete);
      before = now;
      // A few frames between two reads: an error event and the render it causes come in them.
      await new Promise((resolve) => setTimeout(resolve, 100));
      return same;
    })
    .toBe(true);
  return conversationRows();
}

/** How `rows` differ from what the list shows now: the last row, and every row both mounted. */
const rowsDiffer = (rows: Map<number, string | null>) => {
  const now = conversationRows();
  const last = (map: Map<number, string | null>) => Math.max(-1, ...map.keys());
  if (last(now) !== last(rows)) return `last row ${last(now)}, was ${last(rows)}`;
  const changed = [...now].filter(([index, text]) => rows.has(index) && rows.get(index) !== text);
  return changed
    .map(([index, text]) => `row ${index}: ${text} (was ${rows.get(index)})`)
    .join(', ');
};

/** Tabs (at most `limit` times) until `target` has focus, as a keyboard user would get there. */
async function tabTo(target: () => Element | null, shift = false, limit = 40) {
  for (let step = 0; step < limit; step += 1) {
    if (document.activeElement !== null && document.activeElement === target()) return;
    await userEvent.tab({ shift });
  }
  throw new Error('never reached by Tab');
}

describe('AgentDevtools', () => {
  it('opens, moves through the events and closes by keyboard alone', async () => {
    const { recorder, session } = recordProtocol('ai-sdk');
    const total = session.events.length;
    await render(<AgentDevtools recorder={recorder} />);
    const toggle = page.getByRole('button', { name: /^Devtools/ });
    await expect.element(toggle).toHaveAttribute('aria-expanded', 'false');
    await tabTo(() => toggle.element());
    await userEvent.keyboard('{Enter}');
    await expect.element(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect.element(slider()).toHaveValue(String(total));

    const list = page.getByRole('listbox', { name: /Events of/ });
    await tabTo(() => list.element());
    await userEvent.keyboard('{Home}');
    await expect.element(slider()).toHaveValue('1');
    await expect.element(list.getByRole('option', { selected: true })).toHaveTextContent('#0');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    await expect.element(slider()).toHaveValue('3');
    await expect.element(list.getByRole('option', { selected: true })).toHaveTextContent('#2');
    await userEvent.keyboard('{ArrowUp}');
    await expect.element(slider()).toHaveValue('2');
    await userEvent.keyboard('{End}');
    await expect.element(slider()).toHaveValue(String(total));
    await userEvent.keyboard('{PageUp}');
    await expect.element(slider()).toHaveValue(String(total - 10));
    // The list keeps focus and points at the selected option.
    const active = list.element().getAttribute('aria-activedescendant');
    expect(active && document.getElementById(active)?.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(list.element());

    // The scrubber, before the list, steps by keyboard too.
    await tabTo(() => slider().element(), true);
    await userEvent.keyboard('{Home}');
    await expect.element(slider()).toHaveValue('0');
    await expect.poll(conversationText).toBe('');
    await userEvent.keyboard('{ArrowRight}');
    await expect.element(slider()).toHaveValue('1');

    await userEvent.keyboard('{Escape}');
    await expect.element(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(document.querySelector('[data-slot="devtools"]')?.getAttribute('data-state')).toBe(
      'closed',
    );
    expect(document.activeElement).toBe(toggle.element());
  }, 60_000);

  it('resizes from the keyboard on its edge', async () => {
    const { recorder } = recordProtocol('ag-ui');
    await render(<AgentDevtools recorder={recorder} defaultOpen placement="bottom" />);
    const edge = page.getByRole('separator', { name: 'Resize devtools' });
    await expect.element(edge).toHaveAttribute('aria-valuenow', '360');
    await tabTo(() => edge.element());
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    await expect.element(edge).toHaveAttribute('aria-valuenow', '408');
    const panel = document.querySelector<HTMLElement>('[data-slot="devtools-panel"]');
    expect(panel?.getBoundingClientRect().height).toBe(408);
    await userEvent.keyboard('{ArrowDown}');
    await expect.element(edge).toHaveAttribute('aria-valuenow', '384');
    await userEvent.keyboard('{Home}');
    await expect.element(edge).toHaveAttribute('aria-valuenow', '160');
  });

  it.each(['agentscope', 'ai-sdk', 'ag-ui', 'agentflow', 'operator-use'] as const)(
    'has no axe violations over a %s recording',
    async (protocol) => {
      const { recorder } = recordProtocol(protocol);
      await render(<AgentDevtools recorder={recorder} defaultOpen />);
      await expect.element(slider()).toBeVisible();
      await expect.poll(conversationText).not.toBe('');
      const root = document.querySelector('[data-slot="devtools"]');
      const result = await axe.run(root ?? document.body);
      expect(result.violations.map((violation) => violation.id)).toEqual([]);
    },
  );

  it('exports a recording that, imported, replays into the same conversation', async () => {
    const secret = 'sk-live0123456789abcdefghij';
    const frames = PROTOCOL_FRAMES['ai-sdk']();
    // A key that leaked into a tool's input: export must not carry it.
    frames.splice(3, 0, { type: 'data-debug', data: { note: `key ${secret}` }, transient: true });
    const { recorder, session } = recordFrames('ai-sdk', frames, { label: 'useAiSdkChat' });
    let exported: Blob | null = null;
    const createObjectURL = URL.createObjectURL.bind(URL);
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      exported = blob as Blob;
      return createObjectURL(blob);
    });
    // The browser's download itself is not under test (and would leave the test page).
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await render(<AgentDevtools recorder={recorder} defaultOpen />);
    await expect.poll(conversationText).not.toBe('');
    const original = await settledRows();

    await page.getByRole('button', { name: 'Export NDJSON' }).click();
    await expect
      .element(page.getByText(/^Exported/))
      .toHaveTextContent(`Exported ${session.events.length} events: redacted 1 × api-key.`);
    expect(exported).not.toBeNull();
    const text = await (exported as unknown as Blob).text();
    expect(text).not.toContain(secret);
    expect(JSON.parse(text.split('\n')[0] ?? '')).toMatchObject({ protocol: 'ai-sdk' });

    const file = new File([text], 'chat.ndjson', { type: 'application/x-ndjson' });
    await userEvent.upload(page.getByLabelText('Import'), file);
    await expect
      .element(page.getByText(/^Imported/))
      .toHaveTextContent(`Imported chat.ndjson: ${session.events.length} events`);
    await expect
      .element(page.getByLabelText('Session'))
      .toHaveDisplayValue(/imported|chat|useAiSdkChat/);
    expect((page.getByLabelText('Session').element() as HTMLSelectElement).selectedIndex).toBe(1);

    // Replay the imported one from the start, as fast as possible.
    await page.getByRole('button', { name: 'First' }).click();
    await expect.poll(conversationText).toBe('');
    await userEvent.selectOptions(page.getByLabelText('Replay'), 'Instant');
    await page.getByRole('button', { name: 'Replay', exact: true }).click();
    await expect.element(slider()).toHaveValue(String(session.events.length));
    await expect.poll(() => rowsDiffer(original), { timeout: 10_000 }).toBe('');
    // Export, import and a whole replay: on a busy machine that is longer than one test's default.
  }, 60_000);

  it('says so when a file is not a recording, and keeps what it shows', async () => {
    const { recorder, session } = recordFrames('agentscope', hostileFrames());
    await render(<AgentDevtools recorder={recorder} defaultOpen />);
    await expect.element(slider()).toHaveAttribute('max', String(session.events.length));
    // A cycle cannot be written as JSON: the export writes a marker in its place, and says so.
    await page.getByRole('button', { name: 'Export NDJSON' }).click();
    await expect
      .element(page.getByText(/^Exported \d+ events: .*1 not JSON \(a cycle, a BigInt\)/))
      .toBeVisible();
    const file = new File(
      [
        '{"format":"react-agent-messages.recording","protocol":"ai-sdk","version":"0.1.0","startedAt":"2026-12-01T00:00:00Z"}\nnot json\n',
      ],
      'bad.ndjson',
    );
    await userEvent.upload(page.getByLabelText('Import'), file);
    await expect
      .element(page.getByText(/^Could not import bad\.ndjson: Line 2: not JSON/))
      .toHaveAttribute('role', 'alert');
    await expect.element(slider()).toHaveAttribute('max', String(session.events.length));
  });
});
