import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { UrlDecision } from '../../../src/core/safety/url-policy.js';
import {
  checkUrl,
  enforceUrlFloor,
  isPrivateHost,
  toDataUrl,
} from '../../../src/core/safety/url-policy.js';

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
    '%6Aavascript:alert(1)',
    '&#106;avascript:alert(1)',
    '&#x6A;avascript:alert(1)',
    '&#0000106avascript:alert(1)',
    'javascript&colon;alert(1)',
    'java&Tab;script:alert(1)',
    'javascript&#58;alert(1)',
    '\u00a0javascript:alert(1)',
    `javascript:alert(1)${String.fromCodePoint(0xe0041)}`,
    `https://example.com/${String.fromCodePoint(0xe0041)}`,
    'data:image/svg+xml;base64,PHN2Zz4=',
    'ms-msdt:/id PCWDiagnostic',
    'search-ms:query=x',
    'https://user:pass@example.com/',
    'https://google.com@evil.example/',
    'http:\\\\evil.example',
    'https://bank.example%E2%80%8B.evil.example/',
    'https://evil%2eexample/',
    'javascript&#x000003a;alert(1)',
    'javascript&#0000000058;alert(1)',
    'javascript&#x00000000003A;alert(1)',
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

  it('matches an allow-list prefix without a trailing slash only at a segment boundary', () => {
    const options = { origin, mediaAllowlist: ['https://cdn.example.com/images'] };
    expect(checkUrl('https://cdn.example.com/images/a.png', 'image', options)).toMatchObject({
      autoLoad: true,
    });
    expect(checkUrl('https://cdn.example.com/images-evil/a.png', 'image', options)).toMatchObject({
      autoLoad: false,
    });
  });

  it('refuses allow-list matches that a server could decode out of the prefix', () => {
    const options = { origin, mediaAllowlist: ['https://cdn.example.com/images/'] };
    for (const url of [
      'https://cdn.example.com/images/..%2fsecret',
      'https://cdn.example.com/images/%252e%252e/secret',
      'https://cdn.example.com/images/..;/secret',
      'https://cdn.example.com/images/..%5csecret',
      'https://cdn.example.com@evil.example/images/a.png',
      'https://cdn.example.com.evil.example/images/a.png',
      '//cdn.example.com.evil.example/images/a.png',
      'https://cdn.example.com/images/%c0%ae%c0%ae/secret',
      'https://cdn.example.com/images/..%c0%afsecret',
      'https://cdn.example.com/images/%C0%AE%C0%AE%C0%AFsecret',
      'https://cdn.example.com/images/%e0%80%ae%e0%80%ae/secret',
      'https://cdn.example.com/images/%u002e%u002e/secret',
      'https://cdn.example.com/images/..%u2215secret',
      'https://cdn.example.com/images/%ef%bc%8e%ef%bc%8e%ef%bc%8fsecret',
      'https://cdn.example.com/images/..%e2%88%95secret',
      'https://cdn.example.com/images/%zz/secret',
    ]) {
      const decision = checkUrl(url, 'image', options);
      expect(decision.allowed && decision.autoLoad, url).toBe(false);
    }
  });

  it('still loads allow-listed names with ordinary percent-encoded characters', () => {
    const options = { origin, mediaAllowlist: ['https://cdn.example.com/images/'] };
    for (const url of [
      'https://cdn.example.com/images/caf%C3%A9.png',
      'https://cdn.example.com/images/two%20words.png',
    ]) {
      expect(checkUrl(url, 'image', options), url).toMatchObject({ autoLoad: true });
    }
  });

  it('waits for a click before a same-origin document preview: only the allow-list loads one', () => {
    expect(checkUrl('/settings', 'document', { origin })).toMatchObject({ autoLoad: false });
    expect(checkUrl(`${origin}/settings`, 'document', { origin })).toMatchObject({
      autoLoad: false,
    });
    expect(
      checkUrl('https://docs.example.com/a.pdf', 'document', {
        origin,
        mediaAllowlist: ['https://docs.example.com/'],
      }),
    ).toMatchObject({ autoLoad: true });
    const own = { origin, mediaAllowlist: [`${origin}/api/files/`] };
    expect(checkUrl('/api/files/a.pdf', 'document', own)).toMatchObject({ autoLoad: true });
    expect(checkUrl('/settings', 'document', own)).toMatchObject({ autoLoad: false });
    const dev = { origin: 'http://localhost:3000', mediaAllowlist: ['http://localhost:3000/f/'] };
    expect(checkUrl('/f/a.pdf', 'document', dev)).toMatchObject({ autoLoad: true });
  });

  it('accepts a percent-encoded international host, as markdown writes it, in punycode', () => {
    expect(checkUrl('https://m%C3%BCnchen.de/', 'link')).toMatchObject({
      allowed: true,
      host: 'xn--mnchen-3ya.de',
    });
  });

  it('keeps query strings with ordinary character references', () => {
    expect(checkUrl('https://example.com/?a=1&amp;b=2&#58;', 'link')).toMatchObject({
      allowed: true,
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

describe('enforceUrlFloor', () => {
  const allow = (href: string, autoLoad = true, host: string | null = 'cdn.example.com') =>
    ({ allowed: true, href, host, autoLoad }) satisfies UrlDecision;

  it('refuses what the app hook lets through against the built-in rules', () => {
    for (const href of [
      'javascript:alert(1)',
      ' JavaScript:alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html,<script>alert(1)</script>',
      'blob:https://app.example.com/1',
      'file:///etc/passwd',
      'about:blank',
      'https://user:pass@cdn.example.com/a.png',
      'https://cdn.example.com/a\u202E.png',
      `https://cdn.example.com/${String.fromCodePoint(0xe0041)}`,
      'javascript&#x3a;alert(1)',
    ]) {
      for (const use of ['link', 'image', 'document'] as const) {
        expect(enforceUrlFloor(allow(href), use, { origin }).allowed, `${use} ${href}`).toBe(false);
      }
    }
  });

  it('never lets the hook auto-load a private host, except this page itself', () => {
    for (const href of [
      'http://127.0.0.1/a.png',
      'http://localhost:8080/a.png',
      'http://192.168.1.1/a.png',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::ffff:7f00:1]/a.png',
    ]) {
      expect(enforceUrlFloor(allow(href), 'image', { origin }), href).toMatchObject({
        allowed: true,
        autoLoad: false,
      });
    }
    const dev = { origin: 'http://localhost:3000' };
    expect(enforceUrlFloor(allow('http://localhost:3000/a.png'), 'image', dev)).toMatchObject({
      autoLoad: true,
    });
    expect(enforceUrlFloor(allow('/a.pdf'), 'document', dev)).toMatchObject({ autoLoad: true });
  });

  it('keeps what the hook decided within the floor, with the real host', () => {
    expect(enforceUrlFloor(allow('https://img.example.org/a.png'), 'image', { origin })).toEqual({
      allowed: true,
      href: 'https://img.example.org/a.png',
      host: 'img.example.org',
      autoLoad: true,
    });
    expect(enforceUrlFloor(allow('https://x.example/', true), 'link', { origin })).toMatchObject({
      autoLoad: false,
    });
    expect(enforceUrlFloor(allow('tel:+1 555 0100', false, null), 'link')).toMatchObject({
      allowed: true,
    });
    expect(enforceUrlFloor(allow('tel:+1 555 0100', false, null), 'image').allowed).toBe(false);
    expect(enforceUrlFloor({ allowed: false, reason: 'no' }, 'link')).toEqual({
      allowed: false,
      reason: 'no',
    });
    expect(enforceUrlFloor(null as unknown as UrlDecision, 'link').allowed).toBe(false);
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
    for (const host of [
      'example.com',
      '8.8.8.8',
      '172.32.0.1',
      '[2001:db8::1]',
      '[::8.8.8.8]',
      '[2002:808:808::]',
      '[64:ff9b::808:808]',
      '[2606:4700::1111]',
    ])
      expect(isPrivateHost(host), host).toBe(false);
  });

  it('sees through other spellings of the same addresses', () => {
    for (const host of [
      'localhost.',
      'LOCALHOST',
      'foo.localhost.',
      '2130706433',
      '0x7f000001',
      '0x7f.1',
      '0177.0.0.1',
      '127.1',
      '127.0.0.1.',
      '0',
      '0.0.0.0',
      '100.64.0.1',
      '169.254.169.254',
      '224.0.0.1',
      '255.255.255.255',
      '[::]',
      '[0:0:0:0:0:0:0:1]',
      '[::ffff:127.0.0.1]',
      '[::ffff:7f00:1]',
      '[::ffff:a9fe:a9fe]',
      '[64:ff9b::7f00:1]',
      '[fe80::1]',
      '[febf::1]',
      '[fc00::1]',
      '[fd12:3456::1]',
      '[fec0::1]',
      '[ff02::1]',
      '[::ffff:0:7f00:1]',
      '[::ffff:0:127.0.0.1]',
      '[::ffff:0:a00:1]',
      '[2002:7f00:1::]',
      '[2002:c0a8:101::1]',
      '[2002:a9fe:a9fe::]',
      '[2001:0::1]',
      '[2001:0:4136:e378:8000:63bf:3fff:fdd2]',
      '[64:ff9b::a00:1]',
      '[64:ff9b::192.168.0.1]',
      '[64:ff9b:1::a00:1]',
      '[64:ff9b:1:abcd::1]',
      'metadata.google.internal',
      'router.home.arpa',
    ]) {
      expect(isPrivateHost(host), host).toBe(true);
    }
  });

  it('never auto-loads a private host written in any numeric form, even when allow-listed', () => {
    for (const url of [
      'http://2130706433/a.png',
      'http://0x7f.1/a.png',
      'http://[::ffff:127.0.0.1]/a.png',
      'http://localhost./a.png',
      'http://[::ffff:0:7f00:1]/a.png',
      'http://[2002:7f00:1::]/a.png',
      'http://[2001:0::1]/a.png',
      'http://[64:ff9b:1::a00:1]/a.png',
    ]) {
      const parsed = new URL(url);
      const decision = checkUrl(url, 'image', {
        origin,
        mediaAllowlist: [`${parsed.protocol}//${parsed.host}/`],
      });
      expect(decision.allowed && decision.autoLoad, url).toBe(false);
    }
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
