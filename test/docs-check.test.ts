import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkBlocks, extractBlocks, markdownFiles } from '../scripts/docs-blocks.mjs';

const fence = '```';
/** One TypeScript program per check: generous, the machine is shared. */
const COMPILE = { timeout: 60_000 };

const GUIDE = [
  '# Guide', // 1
  '', // 2
  `${fence}sh`, // 3
  'npm install react-agent-messages', // 4
  fence, // 5
  '', // 6
  `${fence}ts`, // 7
  'const ok: number = 1;', // 8
  fence, // 9
  '', // 10
  '- In a list:', // 11
  '', // 12
  `  ${fence}tsx`, // 13
  '  const same = <T,>(value: T) => value; // tsx, no React needed', // 14
  "  const n: number = 'two';", // 15
  `  ${fence}`, // 16
  '', // 17
  '<!-- docs-check: skip (rewritten later) -->', // 18
  `${fence}ts`, // 19
  'const skipped: number = "never checked";', // 20
  fence, // 21
  '', // 22
  `${fence}\`md`, // 23: a longer fence holds a markdown example
  `${fence}ts`, // 24
  'not a block: inside a markdown example', // 25
  fence, // 26
  `${fence}\``, // 27
  '', // 28
  `${fence}ts`, // 29
  "const saved: unknown = history; // meant: the app's stored messages", // 30
  fence, // 31
].join('\n');

describe('docs-check', () => {
  const work = mkdtempSync(join(tmpdir(), 'docs-check-test-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('finds the ts and tsx blocks with their first line, outside other fences, indents removed', () => {
    const blocks = extractBlocks(GUIDE, 'guide.md');
    expect(blocks.map(({ index, lang, line, skip }) => ({ index, lang, line, skip }))).toEqual([
      { index: 1, lang: 'ts', line: 8, skip: false },
      { index: 2, lang: 'tsx', line: 14, skip: false },
      { index: 3, lang: 'ts', line: 20, skip: true },
      { index: 4, lang: 'ts', line: 30, skip: false },
    ]);
    expect(blocks[1]?.code).toBe(
      "const same = <T,>(value: T) => value; // tsx, no React needed\nconst n: number = 'two';",
    );
  });

  it(
    'reports a type error at its markdown line, skips marked blocks, and catches a browser global taken for an app value',
    COMPILE,
    () => {
      const { errors, checked } = checkBlocks(extractBlocks(GUIDE, 'guide.md'), work);
      expect(checked).toBe(3);
      expect(errors).toEqual([
        expect.stringMatching(/^guide\.md:15 \(block 2\): TS2322 Type 'string' is not assignable/),
        expect.stringMatching(
          /^guide\.md:30 \(block 4\): docs-check 'history' is the browser's global/,
        ),
      ]);
    },
  );

  it('keeps blocks apart: the same name in two blocks is no redeclaration', COMPILE, () => {
    const twice = `${fence}ts\nconst messages = [1];\n${fence}\n\n${fence}ts\nconst messages = ['a'];\n${fence}\n`;
    expect(checkBlocks(extractBlocks(twice, 'twice.md'), join(work, 'twice')).errors).toEqual([]);
  });

  it("checks the README and every page under docs/, subfolders too, but not the generated API pages or the site's build", () => {
    const site = join(work, 'site');
    for (const page of [
      'README.md',
      'docs/ai-sdk.md',
      'docs/components/message.md',
      'docs/components/deeper/part.md',
      'docs/api/core.md',
      'docs/api/props/MessageProps.md',
      'docs/.vitepress/dist/index.md',
      'docs/.vitepress/theme/notes.txt',
    ]) {
      mkdirSync(join(site, page, '..'), { recursive: true });
      writeFileSync(join(site, page), '# page\n');
    }
    expect(markdownFiles(site)).toEqual([
      'README.md',
      'docs/ai-sdk.md',
      'docs/components/deeper/part.md',
      'docs/components/message.md',
    ]);
  });

  it('refuses a fence that never closes', () => {
    expect(() => extractBlocks(`text\n${fence}ts\nconst a = 1;\n`, 'open.md')).toThrow(
      'open.md:2: a code fence is never closed',
    );
  });
});
