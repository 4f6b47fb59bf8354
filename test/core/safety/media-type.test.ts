import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isSafeInlineType,
  mediaKindOf,
  normalizeMediaType,
} from '../../../src/core/safety/media-type.js';
import { checkUrl, toDataUrl } from '../../../src/core/safety/url-policy.js';

const ALLOWED = ['image/png', 'image/jpeg', 'image/webp', 'audio/mpeg', 'video/mp4'] as const;

/** `text` with each ASCII letter in upper or lower case as `flips` says. */
function recase(text: string, flips: readonly boolean[]): string {
  return Array.from(text, (char, index) =>
    flips[index % Math.max(1, flips.length)] ? char.toUpperCase() : char.toLowerCase(),
  ).join('');
}

describe('normalizeMediaType', () => {
  it('lower-cases the essence and drops parameters', () => {
    expect(normalizeMediaType('IMAGE/PNG')).toBe('image/png');
    expect(normalizeMediaType(' Image/Png ; charset=binary')).toBe('image/png');
    expect(normalizeMediaType('image/png;name="a; b.png"')).toBe('image/png');
    expect(normalizeMediaType('text/html; charset=utf-8')).toBe('text/html');
  });

  it('refuses what is not one well-formed media type', () => {
    for (const value of [
      'image/png/../x',
      'image/ png',
      'image /png',
      'image\u0000/png',
      'image/png\u0000',
      'image/png\u000b',
      'image/png; charset=utf-8\u0000',
      'image/png; a=b c',
      'image/png; a="unclosed',
      '\u00a0image/png',
      '\u212aimage/png', // the Kelvin sign lower-cases to `k`
      '\u0130mage/png', // lower-cases to `i` and a combining dot
      'image/png\u200b',
      'image',
      '',
    ]) {
      expect(normalizeMediaType(value), JSON.stringify(value)).toBe('');
    }
  });

  it('property: any casing, padding and parameters of an allowed type select the same entry', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ALLOWED),
        fc.array(fc.boolean(), { minLength: 1 }),
        fc.constantFrom('', ' ', '\t'),
        fc.constantFrom('', ';', '; charset=binary', ';q="a b"', ' ; A=B ;'),
        (type, flips, pad, parameters) => {
          const value = `${pad}${recase(type, flips)}${pad}${parameters}`;
          const kind = type.split('/')[0] as 'image' | 'audio' | 'video';
          expect(normalizeMediaType(value)).toBe(type);
          expect(mediaKindOf(value)).toBe(kind);
          expect(isSafeInlineType(value, kind)).toBe(true);
          expect(toDataUrl('AAAA', value, kind)).toBe(`data:${type};base64,AAAA`);
        },
      ),
    );
  });

  it('property: a control or non-ASCII character anywhere refuses the type', () => {
    const bad = fc.oneof(
      fc.integer({ min: 0, max: 0x1f }).filter((code) => code !== 0x09),
      fc.integer({ min: 0x7f, max: 0xffff }),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...ALLOWED, 'text/plain'),
        fc.constantFrom('', '; charset=utf-8'),
        bad,
        fc.nat(),
        (type, parameters, code, at) => {
          const value = `${type}${parameters}`;
          const index = at % (value.length + 1);
          const hostile = value.slice(0, index) + String.fromCharCode(code) + value.slice(index);
          expect(normalizeMediaType(hostile), JSON.stringify(hostile)).toBe('');
          expect(mediaKindOf(hostile)).toBe('file');
        },
      ),
    );
  });

  it('never makes SVG, HTML or a parameter an inline raster type', () => {
    for (const value of [
      'IMAGE/SVG+XML',
      'image/svg+xml; charset=utf-8',
      'text/html; type=image/png',
    ]) {
      expect(isSafeInlineType(value, 'image'), value).toBe(false);
      expect(toDataUrl('AAAA', value, 'image'), value).toBeNull();
    }
    expect(mediaKindOf('text/html; charset=utf-8')).toBe('document');
    expect(checkUrl('data:IMAGE/PNG;base64,AAAA', 'image').allowed).toBe(true);
    expect(checkUrl('data:Image/Svg+Xml;base64,AAAA', 'image').allowed).toBe(false);
    expect(checkUrl('data:text/html;charset=image/png,<b>', 'image').allowed).toBe(false);
  });
});
