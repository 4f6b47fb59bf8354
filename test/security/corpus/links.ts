/*
 * Links and citations: script schemes in every spelling the URL parser or an HTML decoder
 * normalises away, local and OS-handler schemes, allow-list confusions, and link text that
 * lies about where it goes. A rejected link is inert text that still shows its target.
 */
import { expect } from 'vitest';
import type { Case, Where } from './case.js';
import { EVIL, PWN, all, done, text, textOf } from './case.js';

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
  blocked('zero-padded hex entity colon &#x000003a;', '[click](javascript&#x000003a;alert(1))'),
  blocked('long zero-padded decimal colon', '[click](javascript&#000000000058;alert(1))'),
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
  ...(
    [
      [
        'URL-looking text padded past 2048 characters with spaces',
        `[https://bank.example/login${' '.repeat(3000)}.](https://${EVIL}/)`,
      ],
      [
        'URL-looking text padded with 10,000 invisible characters',
        `[${'\u200B'.repeat(10_000)}https://bank.example/login](https://${EVIL}/)`,
      ],
      ['host name with a trailing full stop', `[bank.example.](https://${EVIL}/)`],
      ['host name with a trailing comma', `[bank.example,](https://${EVIL}/)`],
      ['host name in parentheses', `[(bank.example)](https://${EVIL}/)`],
      ['host name in quotes and brackets', `["[bank.example]"](https://${EVIL}/)`],
      ['private IP address as the text', `[https://192.168.1.1/admin](https://${EVIL}/)`],
      ['bare IP address as the text', `[10.0.0.1](https://${EVIL}/)`],
      ['localhost URL as the text', `[http://localhost:8080/admin](https://${EVIL}/)`],
      ['ideographic full stop in the host name', `[bank\u3002example](https://${EVIL}/)`],
      ['fullwidth full stop in the host name', `[bank\uFF0Eexample](https://${EVIL}/)`],
      ['halfwidth ideographic full stop', `[bank\uFF61example](https://${EVIL}/)`],
      ['one dot leader in the host name', `[bank\u2024example](https://${EVIL}/)`],
      ['fullwidth letters in the host name', `[ｂａｎｋ.example](https://${EVIL}/)`],
      [
        'an address after the 64th word',
        `[${'word '.repeat(100)}then sign in at bank.example](https://${EVIL}/)`,
      ],
      ['user name that reads as the host', `[https://bank.example@login](https://${EVIL}/)`],
    ] as const
  ).map(([name, markdown]): Case => ({
    name: `link text naming another host: ${name}`,
    where: 'link',
    message: () => done(text(markdown)),
    shows: [`links to ${EVIL}`],
  })),
  {
    name: 'link text of host-like fragments is read up to a bound',
    where: 'link',
    message: () =>
      done(
        text(
          [
            `[${'a.'.repeat(12_000)}](https://${EVIL}/)`,
            `[${'x'.repeat(25_000)}](https://${EVIL}/)`,
            `[${'a-b.'.repeat(6_000)}](https://${EVIL}/)`,
            `[${'https://'.repeat(3_000)}](https://${EVIL}/)`,
          ].join('\n\n'),
        ),
      ),
    check(root) {
      expect(all(root, 'a[href]').length).toBeGreaterThan(0);
    },
  },
  {
    name: 'mailto link whose text is a web address shows the real address',
    where: 'link',
    message: () => done(text(`[https://bank.example/login](mailto:x@${EVIL})`)),
    shows: [`links to x@${EVIL}`],
  },
  {
    name: 'mailto link whose text is another e-mail address shows the real address',
    where: 'link',
    message: () => done(text(`[support@bank.example](mailto:x@${EVIL}?subject=hi)`)),
    shows: [`links to x@${EVIL}`],
  },
  {
    name: 'relative link whose text is a web address says it stays on this site',
    where: 'link',
    message: () => done(text('[https://bank.example/login](/account/delete)')),
    shows: ['links to this site'],
  },
  {
    name: 'honest link text shows no extra host (negative control)',
    where: 'link',
    message: () =>
      done(
        text(
          [
            '[example.com](https://example.com/)',
            '[www.example.com/docs](https://example.com/docs)',
            '<https://example.com/files/report.pdf>',
            '[Read the docs](https://example.com/)',
            '[mail x@example.com](mailto:x@example.com)',
            '[Version 1.2.3, e.g. the latest](https://example.com/)',
          ].join(' · '),
        ),
      ),
    check(root) {
      expect(all(root, '[data-slot="text-block-link-host"]')).toHaveLength(0);
    },
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
    name: 'citation title and snippet with a bidi override and tag characters',
    where: 'citation',
    message: () =>
      done(
        text('Fact. Other.', {
          citations: [
            {
              url: 'https://example.com/',
              title: `Official \u202Etxt.exe${String.fromCodePoint(0xe0041)}`,
              snippet: `Quoted \u202Etext${String.fromCodePoint(0xe0069)} here`,
              span: [0, 5],
            },
            { file_id: `notes\u202Efdp.exe${String.fromCodePoint(0xe0041)}`, span: [6, 12] },
          ],
        }),
      ),
    shows: ['Official [U+202E]txt.exe[U+E0041]', 'Quoted [U+202E]text[U+E0069] here'],
    check(root) {
      expect(textOf(root)).not.toMatch(/[\u202E\u{E0000}-\u{E007F}]/u);
      for (const selector of [
        '[data-slot="citation-card-title"]',
        '[data-slot="text-block-source-link"]',
        '[data-slot="text-block-source-title"]',
      ]) {
        for (const element of all(root, selector)) expect(textOf(element)).toContain('[U+202E]');
      }
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
