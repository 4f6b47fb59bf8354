import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FileFacts } from '../../src/components/composer/attachment-limits.js';
import {
  checkAttachments,
  isAcceptedType,
  parseAccept,
} from '../../src/components/composer/attachment-limits.js';

const facts = (name: string, type: string, size = 1): FileFacts => ({ name, type, size });

describe('attachment limits', () => {
  it('reads `accept` as a string or an array, ignoring case and blanks', () => {
    expect(parseAccept(' Image/*, .PDF ,,')).toEqual(['image/*', '.pdf']);
    expect(parseAccept(['text/plain', '.md,.txt'])).toEqual(['text/plain', '.md', '.txt']);
    expect(parseAccept(undefined)).toEqual([]);
  });

  it.each([
    [facts('a.png', 'image/png'), 'image/*', true],
    [facts('a.png', 'image/png'), 'image/jpeg', false],
    [facts('notes.MD', ''), '.md', true],
    [facts('.md', ''), '.md', false],
    [facts('a.txt', 'text/plain; charset=utf-8'), 'text/plain', true],
    [facts('a.exe', ''), 'application/*', false],
    [facts('imagefile', 'imagex/png'), 'image/*', false],
    [facts('a.bin', 'application/octet-stream'), '*', true],
  ])('%o against %s: %s', (file, accept, expected) => {
    expect(isAcceptedType(file, parseAccept(accept))).toBe(expected);
  });

  it('never takes more than allowed, and accounts for every file offered', () => {
    const file = fc.record({
      name: fc.constantFrom('a.png', 'b.pdf', 'c.txt', 'd', '.png'),
      type: fc.constantFrom('', 'image/png', 'application/pdf', 'text/plain'),
      size: fc.integer({ min: 0, max: 2000 }),
      lastModified: fc.integer({ min: 0, max: 3 }),
    });
    fc.assert(
      fc.property(
        fc.array(file, { maxLength: 12 }),
        fc.array(file, { maxLength: 4 }),
        fc.subarray(['image/*', '.pdf', 'text/plain', '*']),
        fc.integer({ min: 0, max: 2000 }),
        fc.integer({ min: 0, max: 6 }),
        (offered, current, accept, maxFileSize, maxFiles) => {
          const limits = { accept, maxFileSize, maxFiles };
          const { accepted, rejected } = checkAttachments(offered, current, limits);
          expect(current.length + accepted.length).toBeLessThanOrEqual(
            Math.max(maxFiles, current.length),
          );
          for (const taken of accepted) {
            expect(taken.size).toBeLessThanOrEqual(maxFileSize);
            expect(isAcceptedType(taken, accept)).toBe(true);
          }
          // Every file is taken, turned away, or skipped as a repeat of one already there.
          for (const item of offered) {
            const handled =
              accepted.includes(item) || rejected.some(({ file: other }) => other === item);
            const repeat = [...current, ...accepted].some(
              (other) =>
                other !== item &&
                other.name === item.name &&
                other.size === item.size &&
                other.type === item.type &&
                other.lastModified === item.lastModified,
            );
            expect(handled || repeat).toBe(true);
          }
        },
      ),
    );
  });
});
