import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { importCycles, importGraph } from '../scripts/import-graph.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

describe('import cycles', () => {
  it('src/ has none, counting type-only imports', () => {
    const cycles = importCycles(importGraph(join(root, 'src'))).map((cycle) =>
      cycle.map((file) => relative(root, file)).join(' ⇄ '),
    );
    expect(cycles).toEqual([]);
  });

  describe('the check itself', () => {
    const fixture = mkdtempSync(join(tmpdir(), 'import-cycles-'));
    afterAll(() => rmSync(fixture, { recursive: true, force: true }));
    const write = (path: string, text: string) => {
      mkdirSync(join(fixture, path, '..'), { recursive: true });
      writeFileSync(join(fixture, path), text);
    };

    it('finds a cycle made of type-only imports and re-exports, and no other', () => {
      write('a.ts', "import type { B } from './b.js';\nexport type A = B;\n");
      write('b.ts', "export type { C as B } from './c/index.js';\n");
      write('c/index.ts', "import type { A } from '../a.js';\nexport type C = A | 1;\n");
      write('d.ts', "import type { A } from './a.js';\nexport type D = A;\n");

      const cycles = importCycles(importGraph(fixture)).map((cycle) =>
        cycle.map((file) => relative(fixture, file)),
      );

      expect(cycles).toEqual([['a.ts', 'b.ts', join('c', 'index.ts')]]);
    });
  });
});
