/*
 * Links and citations: script schemes in every spelling the URL parser or an HTML decoder
 * normalises away, local and OS-handler schemes, allow-list confusions, and link text that
 * lies about where it goes. A rejected link is inert text that still shows its target.
 */
import { expect } from 'vitest';
import type { Case, Where } from './case.js';
import { EVIL, PWN, all, done, text } from './case.js';

/** A markdown link to `target` that must end up inert, its target still visible. */
const blocked = (name: string, markdown: string, where: Where = 'link'): Case => ({
  name,
  where,
  message: () => done(text(`Please follow this:\n\n${markdown}`)),
  shows: ['Blocked link'],
  check(root) {
    expect(
      all(root, 'a[href]').filter((a) => !a.getAttribute('href')?.startsWith('#')),
    ).toHaveLength(0);
  },
});

export const linkCases: Case[] = [
  blocked('javascript:', `[click](javascript:${PWN})`),
  blocked('mixed case JaVaScRiPt:', '[click](JaVaScRiPt:alert(1))'),
  blocked('entity colon javascript&#58;', '[click](javascript&#58;alert(1))'),
  blocked('decimal entity &#106;avascript:', '[click](&#106;avascript:alert(1))'),
  blocked('hex entity &#x6A;avascript:', '[click](&#x6A;avascript:alert(1))'),
  blocked('zero-padded entity &#0000106', '[click](&#0000106avascript:alert(1))'),
  blocked('tab inside the scheme java&#x09;script:', '[click](java&#x09;script:alert(1))'),
  blocked('named &Tab; inside the scheme', '[click](java&Tab;script:alert(1))'),
  blocked('newline entity inside the scheme', '[click](java&#10;script:alert(1))'),
  blocked('leading control character', '[click](&#x01;javascript:alert(1))'),
  blocked('leading spaces in angle brackets', '[click](<  javascript:alert(1)>)'),
  blocked('autolink <javascript:…>', '<javascript:alert(1)>'),
  blocked('reference definition', '[click][r]\n\n[r]: javascript:alert(1)'),
  blocked('vbscript:', '[click](vbscript:msgbox(1))'),
  blocked('data:text/html', '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'),
  blocked(
    'data:image/svg+xml as a link',
    '[click](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
  ),
  blocked('file:', '[passwords](file:///etc/passwd)'),
  blocked('blob:', '[click](blob:https://app.example/0b5c)'),
  blocked('OS protocol handler ms-msdt:', '[fix](<ms-msdt:/id PCWDiagnostic /skip force>)'),
  blocked('userinfo that names a trusted host', `[google](https://google.com@${EVIL}/)`),
  blocked('backslash authority', `[click](http:\\\\${EVIL}\\x)`),
  blocked('percent-encoded scheme letter', '[click](%6Aavascript:alert(1))'),
  {
    name: 'link text naming another host shows the real host',
    where: 'link',
    message: () => done(text(`[https://bank.example/login](https://${EVIL}/phish)`)),
    shows: [`links to ${EVIL}`],
  },
  {
    name: 'an address inside a sentence of link text',
    where: 'link',
    message: () => done(text(`[Sign in again at https://bank.example](https://${EVIL}/)`)),
    shows: [`links to ${EVIL}`],
  },
  {
    name: 'homograph host in Cyrillic is shown in its xn-- form',
    where: 'link',
    message: () => done(text('[аpple.com](https://аpple.com/account)')),
    shows: ['links to xn--pple-43d.com'],
  },
  {
    name: 'external links open without opener or referrer',
    where: 'link',
    message: () => done(text(`[docs](https://${EVIL}/?token=secret)`)),
    check(root) {
      const link = root.querySelector('a[href^="https:"]');
      expect(link?.getAttribute('rel')).toContain('noopener');
      expect(link?.getAttribute('rel')).toContain('noreferrer');
      expect(link?.getAttribute('referrerpolicy')).toBe('no-referrer');
      expect(link?.hasAttribute('title')).toBe(false);
    },
  },
  {
    name: 'link title attribute is dropped',
    where: 'link',
    message: () => done(text(`[x](https://${EVIL}/ "Verified: bank.example")`)),
    check(root) {
      expect(all(root, '[data-slot="text-block"] [title]')).toHaveLength(0);
    },
  },
  {
    name: 'citation with a javascript: URL',
    where: 'citation',
    message: () =>
      done(
        text('The answer.', {
          citations: [{ url: `javascript:${PWN}`, title: 'Source', span: [0, 11] }],
        }),
      ),
    shows: ['Blocked link'],
  },
  {
    name: 'citation to an attacker host loads no favicon or preview',
    where: 'citation',
    message: () =>
      done(
        text('The answer.', { citations: [{ url: `https://${EVIL}/?q=secret`, span: [0, 11] }] }),
      ),
    shows: [EVIL],
    check(root) {
      expect(all(root, 'img, iframe, link')).toHaveLength(0);
    },
  },
  {
    name: 'citation with data:text/html and userinfo URLs',
    where: 'citation',
    message: () =>
      done(
        text('One. Two.', {
          citations: [
            { url: 'data:text/html,<script>alert(1)</script>', span: [0, 4] },
            { url: `https://bank.example@${EVIL}/`, span: [5, 9] },
          ],
        }),
      ),
    shows: ['Blocked link'],
    check(root) {
      expect(all(root, 'a[href^="data:"], a[href*="@"]')).toHaveLength(0);
    },
  },
  {
    name: 'citation title with markup',
    where: 'citation',
    message: () =>
      done(
        text('Fact.', {
          citations: [
            { url: 'https://example.com/', title: `<img src=x onerror=${PWN}>`, span: [0, 5] },
          ],
        }),
      ),
    shows: ['<img src=x'],
  },
];
