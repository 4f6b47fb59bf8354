/*
 * The anchor rules of the streaming tail (src/markdown/tail/tail-anchor.ts); that rendering from an
 * anchor shows what a full parse shows is checked at every token in
 * test/components/text-block-tail.test.tsx.
 */
import { describe, expect, it } from 'vitest';
import { repairMarkdownTail } from '../../../src/markdown/repair/repair-markdown.js';
import { CLOSED_MARK, TAIL_MARK } from '../../../src/markdown/marks.js';
import {
  closedAt,
  followTail,
  holdTrailingMarkup,
  isAnchorable,
} from '../../../src/markdown/tail/tail-anchor.js';

/** A repair that changes nothing. */
const same = (markdown: string) => markdown;

describe('the streaming tail', () => {
  it('holds back only a short run of ASCII markup after the prose an anchor shows', () => {
    const anchor = followTail(null, 'Some text', (markdown) => markdown);
    if (anchor === null) throw new Error('no anchor');
    expect(holdTrailingMarkup(anchor, 'Some text, then\n- ', same)).toBe('Some text, then');
    expect(holdTrailingMarkup(anchor, 'Some text **', same)).toBe('Some text');
    // Not markup: a word, a digit, a non-ASCII sign. Too long: nine characters.
    // A link destination, whatever its length, once the link text extends an anchor.
    const inLink = followTail(null, 'Some text [and', (markdown) => markdown);
    if (inLink === null) throw new Error('no anchor');
    expect(holdTrailingMarkup(inLink, 'Some text [and more](https://example.com/a/b', same)).toBe(
      'Some text [and more',
    );
    expect(holdTrailingMarkup(inLink, 'Some text [and more](https://exa "ti', same)).toBeNull();
    expect(holdTrailingMarkup(anchor, 'Some text *a', same)).toBeNull();
    expect(holdTrailingMarkup(anchor, 'Some text\n1', same)).toBeNull();
    expect(holdTrailingMarkup(anchor, 'Some text →', same)).toBeNull();
    expect(holdTrailingMarkup(anchor, 'Some text ))))))))', same)).toBeNull();
    // The text before the run must extend the anchor with prose only.
    expect(holdTrailingMarkup(anchor, 'Some *text* (', same)).toBeNull();
    expect(holdTrailingMarkup(anchor, 'Other text (', same)).toBeNull();
  });

  it('keeps the anchor while tokens add prose, and drops it at markup', () => {
    const repair = (markdown: string) => `<${markdown}>`;
    const anchor = followTail(null, 'Some text', repair);
    expect(anchor).toMatchObject({ source: 'Some text', markdown: `<Some text${TAIL_MARK}>` });
    expect(followTail(anchor, 'Some text, and more of it & ok', repair)).not.toBe(anchor);
    expect(followTail(anchor, 'Some text: see a/b, "ok"', repair)).toBe(anchor);
    expect(followTail(anchor, 'Some text at https://example', repair)).not.toBe(anchor);
    expect(followTail(anchor, 'Some text (see it) and more', repair)).toBe(anchor);
    // After `](` the repair reads parentheses as a link destination's.
    const afterLink = followTail(null, 'See [a](b) and more', repair);
    expect(afterLink).toMatchObject({ source: 'See [a](b) and more' });
    expect(followTail(afterLink, 'See [a](b) and more (c', repair)).not.toBe(afterLink);
    expect(followTail(anchor, "Some text, and more isn't it", repair)).toBe(anchor);
    expect(followTail(anchor, 'Some text and www.example', repair)).not.toBe(anchor);
    expect(followTail(anchor, 'Some text *and', repair)).toMatchObject({
      source: 'Some text *and',
    });
    expect(followTail(anchor, 'Some text *and*', repair)).toBeNull();
    expect(followTail(null, 'A **bold** end.', repair)).toMatchObject({ source: 'A **bold** end' });
    expect(followTail(null, 'A **bold**.', repair)).toBeNull();
  });

  it('anchors only after a plain word, and never in text with math', () => {
    expect(isAnchorable('A sentence that ends in a word')).toBe(true);
    expect(isAnchorable('Ünïcödé 中文')).toBe(true);
    expect(isAnchorable('ends with a space ')).toBe(false);
    expect(isAnchorable('**bold')).toBe(true);
    expect(isAnchorable('a**bold')).toBe(false);
    expect(isAnchorable('see www.example')).toBe(false);
    expect(isAnchorable('a [link')).toBe(true);
    expect(isAnchorable('a](link')).toBe(false);
    expect(isAnchorable('costs $5 each')).toBe(false);
    expect(isAnchorable('Step\n1')).toBe(false);
    expect(isAnchorable('![an image alt')).toBe(false);
    expect(isAnchorable('')).toBe(false);
  });

  it('anchors after a number on a line that has begun, never where it could open a list', () => {
    expect(isAnchorable('| a | 4.65')).toBe(true);
    expect(isAnchorable('costs 1,000')).toBe(true);
    expect(isAnchorable('# 2')).toBe(true);
    // `.` or `)` next would open a list, or one inside a list item or quote; the repair shows
    // `[2` as `2`.
    for (const source of [
      '1',
      'Steps\n12',
      '- 1',
      '1. 2',
      '> 3',
      '  * 4',
      '4.65',
      '+ 1,5',
      '[2',
      '**7',
    ]) {
      expect(isAnchorable(source)).toBe(false);
    }
    // A number inside a word or an address is not a word of its own.
    expect(isAnchorable('v1.2')).toBe(false);
    expect(isAnchorable('see www.4.65')).toBe(false);
    expect(isAnchorable('mail a@b.65')).toBe(false);
  });

  it('keeps the anchor once the closers its repair added are typed, where they flank the same', () => {
    const anchor = followTail(null, 'See **bold', repairMarkdownTail);
    if (anchor === null) throw new Error('no anchor');
    expect(anchor).toMatchObject({
      closers: '**',
      markdown: `See **bold${TAIL_MARK}** ${CLOSED_MARK}`,
    });
    const follows = (text: string) => followTail(anchor, text, repairMarkdownTail) === anchor;
    expect(follows('See **bold words** and more')).toBe(true);
    expect(closedAt(anchor, 'See **bold words** and more')).toBe('See **bold words'.length);
    expect(closedAt(anchor, 'See **bold words')).toBe(-1);
    expect(follows('See **bold words**, and more')).toBe(true);
    // A blank before the closers, a letter after them, or punctuation on both sides: they would
    // flank otherwise than at the anchor.
    expect(follows('See **bold words ** and')).toBe(false);
    expect(follows('See **bold words**ly')).toBe(false);
    expect(follows('See **bold words.**, and')).toBe(false);
    // Other closers, or markup after them.
    expect(follows('See **bold words*** and')).toBe(false);
    expect(follows('See **bold words** and *more')).toBe(false);
    // A repair that closes nothing, or more than emphasis and code, leaves no closers to type.
    expect(followTail(null, 'Plain words', repairMarkdownTail)).toMatchObject({ closers: '' });
    expect(followTail(null, '| a | b |\n| 1', repairMarkdownTail)).toMatchObject({ closers: '' });
  });
});
