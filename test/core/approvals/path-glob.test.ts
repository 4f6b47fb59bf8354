import { describe, expect, it } from 'vitest';
import { matchesPathGlob } from '../../../src/core/approvals/path-glob.js';

describe('path globs', () => {
  it('** matches any number of segments, none included', () => {
    expect(matchesPathGlob('src/**', 'src')).toBe(true);
    expect(matchesPathGlob('src/**', 'src/a.ts')).toBe(true);
    expect(matchesPathGlob('src/**', 'src/a/b/c.ts')).toBe(true);
    expect(matchesPathGlob('src/**/test.ts', 'src/test.ts')).toBe(true);
    expect(matchesPathGlob('src/**/test.ts', 'src/a/b/test.ts')).toBe(true);
    expect(matchesPathGlob('src/**/test.ts', 'src/a/b/test.tsx')).toBe(false);
    expect(matchesPathGlob('**', 'any/where.md')).toBe(true);
    expect(matchesPathGlob('src/**', 'lib/a.ts')).toBe(false);
    expect(matchesPathGlob('src/**', 'srcx/a.ts')).toBe(false);
  });

  it('* and ? stay within one segment', () => {
    expect(matchesPathGlob('src/*.ts', 'src/a.ts')).toBe(true);
    expect(matchesPathGlob('src/*.ts', 'src/.hidden.ts')).toBe(true);
    expect(matchesPathGlob('src/*.ts', 'src/a/b.ts')).toBe(false);
    expect(matchesPathGlob('src/*', 'src')).toBe(false);
    expect(matchesPathGlob('src/?.ts', 'src/a.ts')).toBe(true);
    expect(matchesPathGlob('src/?.ts', 'src/é.ts')).toBe(true);
    expect(matchesPathGlob('src/?.ts', 'src/😀.ts')).toBe(true);
    expect(matchesPathGlob('src/?.ts', 'src/ab.ts')).toBe(false);
    expect(matchesPathGlob('*a*b*c', 'xaybzc')).toBe(true);
    expect(matchesPathGlob('*a*b*c', 'xaybzcd')).toBe(false);
  });

  it('is case-sensitive and treats other characters literally', () => {
    expect(matchesPathGlob('src/**', 'SRC/a.ts')).toBe(false);
    expect(matchesPathGlob('src/[ab].ts', 'src/a.ts')).toBe(false);
    expect(matchesPathGlob('src/[ab].ts', 'src/[ab].ts')).toBe(true);
    expect(matchesPathGlob('src/{a,b}.ts', 'src/a.ts')).toBe(false);
  });

  it('normalises . and .., and never lets a path escape the glob', () => {
    expect(matchesPathGlob('src/**', './src/a.ts')).toBe(true);
    expect(matchesPathGlob('src/**', 'src//a/./b.ts')).toBe(true);
    expect(matchesPathGlob('src/**', 'src/a/../b.ts')).toBe(true);
    expect(matchesPathGlob('src/**', 'src/../etc/passwd')).toBe(false);
    expect(matchesPathGlob('src/**', 'src/a/../../etc/passwd')).toBe(false);
    expect(matchesPathGlob('**', '../etc/passwd')).toBe(false);
    expect(matchesPathGlob('*/**', '../etc/passwd')).toBe(false);
    expect(matchesPathGlob('**/passwd', 'a/../../etc/passwd')).toBe(false);
    expect(matchesPathGlob('../docs/**', '../docs/a.md')).toBe(true);
    expect(matchesPathGlob('/srv/**', '/srv/../etc/passwd')).toBe(false);
    expect(matchesPathGlob('/**', '/../etc/passwd')).toBe(false);
  });

  it('keeps absolute and relative paths apart', () => {
    expect(matchesPathGlob('src/**', '/src/a.ts')).toBe(false);
    expect(matchesPathGlob('/srv/app/**', '/srv/app/a.ts')).toBe(true);
    expect(matchesPathGlob('/srv/app/**', 'srv/app/a.ts')).toBe(false);
  });

  it('matches nothing for an empty path, a backslash or a control character', () => {
    expect(matchesPathGlob('**', '')).toBe(false);
    expect(matchesPathGlob('src/**', 'src/a\\..\\..\\secret')).toBe(false);
    expect(matchesPathGlob('src/**', 'src/a\u0000.ts')).toBe(false);
    expect(matchesPathGlob('src/**', 'src/a\n.ts')).toBe(false);
  });

  it('takes linear time on patterns that make regular expressions backtrack', () => {
    const glob = `${'*a'.repeat(30)}b`;
    expect(matchesPathGlob(glob, 'a'.repeat(5000))).toBe(false);
    const deep = `${'**/'.repeat(30)}x`;
    expect(matchesPathGlob(deep, `${'a/'.repeat(2000)}y`)).toBe(false);
  });
});
