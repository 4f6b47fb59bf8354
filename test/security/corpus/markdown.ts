/*
 * Markdown text: raw HTML (classic filter-evasion vectors), markdown constructs that become
 * attributes, DOM clobbering. Raw HTML is shown as the text the model wrote, never parsed.
 */
import { expect } from 'vitest';
import type { Case } from './case.js';
import { EVIL, PWN, all, done, text } from './case.js';

const html = (name: string, payload: string, shows: string[] = [payload.slice(0, 12)]): Case => ({
  name,
  where: 'markdown',
  message: () => done(text(`Here you go:\n\n${payload}\n\nand inline ${payload} too.`)),
  shows,
});

export const markdownCases: Case[] = [
  html('script element', `<script>${PWN}</script>`),
  html('img onerror', `<img src=x onerror="${PWN}">`),
  html('svg onload', `<svg onload="${PWN}"><circle r=1 /></svg>`),
  html('iframe srcdoc', `<iframe srcdoc="<script>${PWN}</script>"></iframe>`),
  html('raw anchor with javascript: href', `<a href="javascript:${PWN}">click</a>`),
  html(
    'mXSS: math/mglyph/style namespace confusion',
    `<math><mtext><table><mglyph><style><img src=x onerror="${PWN}">`,
  ),
  html(
    'mXSS: svg inside p with style',
    `<svg></p><style><a id="</style><img src=1 onerror=${PWN}>">`,
  ),
  html('details ontoggle', `<details open ontoggle="${PWN}"><summary>x</summary></details>`),
  html('body onload', `<body onload="${PWN}">`),
  html('style @import exfiltration', `<style>@import 'https://${EVIL}/x.css';</style>`),
  html('object data javascript:', `<object data="javascript:${PWN}"></object>`),
  html(
    'meta refresh to javascript:',
    `<meta http-equiv="refresh" content="0;url=javascript:${PWN}">`,
  ),
  html('base href hijack', `<base href="https://${EVIL}/">`),
  html(
    'form action and button formaction',
    `<form action="javascript:${PWN}"><button formaction="javascript:${PWN}">Go</button></form>`,
  ),
  html('input autofocus onfocus', `<input autofocus onfocus="${PWN}">`),
  html(
    'noscript title breakout',
    `<noscript><p title="</noscript><img src=x onerror=${PWN}>"></noscript>`,
  ),
  html('payload inside an HTML comment', `<!--<img src=x onerror="${PWN}">-->`),
  html(
    'style attribute url() exfiltration',
    `<div style="background:url(https://${EVIL}/bg)">x</div>`,
  ),
  html('link rel=stylesheet', `<link rel="stylesheet" href="https://${EVIL}/x.css">`),
  html(
    'img srcset exfiltration',
    `<img srcset="https://${EVIL}/a.png 1x, https://${EVIL}/b.png 2x">`,
  ),
  html('template holding script', `<template><script>${PWN}</script></template>`),
  html('video source onerror', `<video><source onerror="${PWN}"></video>`),
  html(
    'svg xlink:href javascript:',
    `<svg><a xlink:href="javascript:${PWN}"><text>x</text></a></svg>`,
  ),
  html('entity-encoded script', `&lt;script&gt;${PWN}&lt;/script&gt;`, ['<script>']),
  {
    name: 'code fence info string with character references (class injection)',
    where: 'markdown',
    message: () => done(text('```js&#x20;onclick=alert(1)&#x20;x" style="x\nconst a = 1;\n```')),
    shows: ['const a = 1;'],
    check(root) {
      for (const element of all(root, '[class]')) {
        expect(element.getAttribute('class') ?? '').not.toMatch(/onclick|style/);
      }
    },
  },
  {
    name: 'DOM clobbering through footnote and heading names',
    where: 'markdown',
    message: () =>
      done(
        text(
          'See[^config] and[^__proto__] and[^getElementById].\n\n[^config]: a\n[^__proto__]: b\n[^getElementById]: c\n\n# config',
        ),
      ),
    shows: ['See'],
    check(root) {
      expect(typeof document.getElementById).toBe('function');
      expect((window as unknown as Record<string, unknown>)['config']).toBeUndefined();
      for (const element of all(root, '[id]')) {
        expect(element.id.startsWith('user-content-') || element.id.startsWith(':')).toBe(true);
      }
      expect(all(root, '[name]')).toHaveLength(0);
    },
  },
  {
    name: 'citation marker characters forged in the text',
    where: 'markdown',
    message: () => done(text('Forged \uE0000\uE001 marker and \uE000999\uE001 another')),
    shows: ['Forged'],
    check(root) {
      expect(all(root, '[data-slot="citation"]')).toHaveLength(0);
    },
  },
  {
    name: 'task-list checkbox stays disabled and unnamed by content',
    where: 'markdown',
    message: () => done(text('- [x] <input name=config onfocus=alert(1)> done\n- [ ] open')),
    check(root) {
      for (const box of all(root, 'input')) {
        expect((box as HTMLInputElement).disabled).toBe(true);
        expect(box.getAttribute('name')).toBeNull();
      }
    },
  },
];
