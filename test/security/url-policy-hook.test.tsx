/*
 * The app's `urlPolicy` hook is trusted code, but careless code: whatever it returns is checked
 * again against the rules nothing may waive (schemes, userinfo, invisible characters), and it
 * cannot make a private host other than this page load without a click.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import { page } from 'vitest/browser';
import type { Msg, SafetyOptions } from '../../src/index.js';
import { AgentMessagesProvider, Message } from '../../src/index.js';
import { EVIL, PWN, done, media, text, url } from './corpus/case.js';
import { attemptedRequests, installTraps, resetTraps, trapped } from './harness.js';
import { SAFETY, frames } from './run-case.js';

async function show(message: Msg, safety: SafetyOptions) {
  const screen = await render(
    <AgentMessagesProvider safety={safety}>
      <Message message={message} />
    </AgentMessagesProvider>,
  );
  await frames();
  await new Promise((resolve) => setTimeout(resolve, 100));
  return screen.container;
}

beforeAll(() => installTraps());
beforeEach(() => resetTraps());

describe('the urlPolicy hook has a floor', () => {
  it('cannot turn a link, an image or a download into javascript:, data:text/html or blob:', async () => {
    const hostile = ['javascript:', 'data:text/html,', 'blob:', 'vbscript:'];
    let next = 0;
    const safety: SafetyOptions = {
      ...SAFETY,
      urlPolicy: () => ({
        allowed: true,
        href: `${hostile[next++ % hostile.length] ?? 'javascript:'}${PWN}`,
        host: null,
        autoLoad: true,
      }),
    };
    const root = await show(
      done(
        text('[docs](https://example.com/) ![chart](https://example.com/c.png)'),
        media(url('https://example.com/a.zip', 'application/zip'), { name: 'a.zip' }),
        media(url('https://example.com/b.png', 'image/png'), { name: 'b.png' }),
      ),
      safety,
    );
    expect(trapped(root)).toEqual([]);
    expect(root.querySelectorAll('a[href]:not([href^="#"]), img, iframe')).toHaveLength(0);
  });

  it('cannot let userinfo or invisible characters through', async () => {
    const tag = String.fromCodePoint(0xe0041);
    const targets = [`https://bank.example@${EVIL}/`, `https://${EVIL}/\u202Egpj.exe${tag}`];
    let next = 0;
    const root = await show(
      done(text('[one](https://example.com/1) [two](https://example.com/2)')),
      {
        ...SAFETY,
        urlPolicy: () => ({
          allowed: true,
          href: targets[next++ % targets.length] ?? '',
          host: 'example.com',
          autoLoad: false,
        }),
      },
    );
    expect(root.querySelectorAll('a[href]')).toHaveLength(0);
    expect(root.textContent).toContain('Blocked link');
  });

  it('cannot auto-load a private host, and names the real host on the placeholder', async () => {
    const root = await show(
      done(
        text('![a](https://example.com/a.png)'),
        media(url('https://example.com/b.png', 'image/png'), { name: 'b.png' }),
      ),
      {
        ...SAFETY,
        urlPolicy: (_url, _use, decision) =>
          decision.allowed
            ? {
                ...decision,
                href: 'http://169.254.169.254/latest/meta-data/',
                host: 'example.com',
                autoLoad: true,
              }
            : decision,
      },
    );
    expect(attemptedRequests()).toEqual([]);
    expect(trapped(root)).toEqual([]);
    expect(root.querySelectorAll('img')).toHaveLength(0);
    expect(
      page.getByRole('button', { name: 'Load from 169.254.169.254' }).elements().length,
    ).toBeGreaterThan(0);
  });

  it('still widens within the floor: an app-approved public host loads at once', async () => {
    const allowed = 'https://cdn.allowed.test/images/chart.png';
    const root = await show(done(text(`![chart](https://img.example.org/chart.png)`)), {
      ...SAFETY,
      urlPolicy: (_url, use, decision) =>
        decision.allowed && use === 'image'
          ? { ...decision, href: allowed, autoLoad: true }
          : decision,
    });
    expect(root.querySelector('img')?.getAttribute('src')).toBe(allowed);
  });
});
