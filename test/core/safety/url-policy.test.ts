import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkUrl, isPrivateHost, toDataUrl } from '../../../src/core/safety/url-policy.js';

const origin = 'https://app.example.com';

describe('checkUrl', () => {
  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java\u0000script:alert(1)',
    '\u200bjavascript:alert(1)',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'blob:https://app.example.com/1234',
    'data:text/html,<script>alert(1)</script>',
    'java%73cript:alert(1)',
    'https://user:pass@example.com/',
    'https://google.com@evil.example/',
    'http:\\\\evil.example',
  ])('rejects %j as a link', (url) => {
    expect(checkUrl(url, 'link', { origin }).allowed).toBe(false);
  });

  it('allows http(s), mailto and relative links, which never load by themselves', () => {
    for (const url of [
      'https://example.com/a?b#c',
      'http://example.com',
      'mailto:a@example.com',
      '/docs',
      'page#x',
      '#top',
    ]) {
      const decision = checkUrl(url, 'link', { origin });
      expect(decision).toMatchObject({ allowed: true, autoLoad: false });
    }
  });

  it('names the host of an absolute link, normalised', () => {
    expect(checkUrl('HTTPS://Example.COM', 'link')).toMatchObject({
      href: 'https://example.com/',
      host: 'example.com',
    });
  });

  it('loads same-origin and relative media at once, remote media only after the user acts', () => {
    expect(checkUrl('/img/a.png', 'image', { origin })).toMatchObject({
      allowed: true,
      autoLoad: true,
    });
    expect(checkUrl(`${origin}/img/a.png`, 'image', { origin })).toMatchObject({ autoLoad: true });
    expect(checkUrl('https://attacker.example/?q=secret', 'image', { origin })).toMatchObject({
      allowed: true,
      autoLoad: false,
      host: 'attacker.example',
    });
    expect(checkUrl('//attacker.example/x.png', 'image', { origin })).toMatchObject({
      autoLoad: false,
    });
  });

  it('matches the allow-list on the parsed origin and path prefix', () => {
    const options = { origin, mediaAllowlist: ['https://cdn.example.com/images/'] };
    expect(checkUrl('https://cdn.example.com/images/a.png', 'image', options)).toMatchObject({
      autoLoad: true,
    });
    expect(checkUrl('https://cdn.example.com/other/a.png', 'image', options)).toMatchObject({
      autoLoad: false,
    });
    expect(
      checkUrl('https://cdn.example.com.evil.example/images/a.png', 'image', options),
    ).toMatchObject({ autoLoad: false });
    expect(
      checkUrl('https://cdn.example.com/images/%2e%2e/secret', 'image', options),
    ).toMatchObject({ autoLoad: false });
    expect(checkUrl('http://cdn.example.com/images/a.png', 'image', options)).toMatchObject({
      autoLoad: false,
    });
  });

  it('never auto-loads a private host through the allow-list', () => {
    const options = {
      origin,
      mediaAllowlist: ['http://127.0.0.1/', 'http://192.168.1.1/', 'http://localhost/'],
    };
    for (const url of [
      'http://127.0.0.1/a.png',
      'http://192.168.1.1/a.png',
      'http://localhost/a.png',
    ]) {
      expect(checkUrl(url, 'image', options)).toMatchObject({ autoLoad: false });
    }
  });

  it('accepts data: URLs only for raster images and media in their own element', () => {
    expect(checkUrl('data:image/png;base64,iVBORw0KGgo=', 'image')).toMatchObject({
      allowed: true,
      autoLoad: true,
    });
    expect(checkUrl('data:image/svg+xml;base64,PHN2Zz4=', 'image').allowed).toBe(false);
    expect(checkUrl('data:image/png;base64,iVBORw0KGgo=', 'link').allowed).toBe(false);
    expect(checkUrl('data:audio/wav;base64,UklGRg==', 'image').allowed).toBe(false);
    expect(checkUrl('data:audio/wav;base64,UklGRg==', 'audio').allowed).toBe(true);
    expect(
      checkUrl(`data:image/png;base64,${'A'.repeat(100)}`, 'image', { maxDataUrlLength: 50 })
        .allowed,
    ).toBe(false);
  });

  it('never allows a script-capable URL, whatever the case, whitespace or use', () => {
    const scheme = fc.constantFrom('javascript', 'vbscript', 'data', 'file', 'blob');
    const mixedCase = (text: string) =>
      fc
        .array(fc.boolean(), { minLength: text.length, maxLength: text.length })
        .map((upper) => [...text].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join(''));
    const noise = fc.constantFrom('', ' ', '\t', '\n', '\u0000', '\u200b', '\u00a0');
    fc.assert(
      fc.property(
        scheme.chain(mixedCase),
        noise,
        fc.constantFrom<'link' | 'download' | 'document'>('link', 'download', 'document'),
        (name, pad, use) => {
          const decision = checkUrl(`${pad}${name}:alert(1)`, use, { origin });
          expect(decision.allowed).toBe(false);
        },
      ),
    );
  });
});

describe('isPrivateHost', () => {
  it('recognises loopback, private and link-local hosts', () => {
    for (const host of [
      'localhost',
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.0.1',
      '169.254.1.1',
      '[::1]',
      'intranet',
      'printer.local',
    ]) {
      expect(isPrivateHost(host)).toBe(true);
    }
    for (const host of ['example.com', '8.8.8.8', '172.32.0.1'])
      expect(isPrivateHost(host)).toBe(false);
  });
});

describe('toDataUrl', () => {
  it('builds data: URLs only for safe inline types', () => {
    expect(toDataUrl('iVBORw0KGgo=', 'image/png', 'image')).toBe(
      'data:image/png;base64,iVBORw0KGgo=',
    );
    expect(toDataUrl('PHN2Zz4=', 'image/svg+xml', 'image')).toBeNull();
    expect(toDataUrl('PGh0bWw+', 'text/html', 'image')).toBeNull();
    expect(toDataUrl('not base64!', 'image/png', 'image')).toBeNull();
  });
});
