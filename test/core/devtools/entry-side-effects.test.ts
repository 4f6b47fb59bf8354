/*
 * `import 'react-agent-messages/devtools'` installs the recorder: a bundler drops a bare import
 * of a module the package calls side-effect free, so every module from the entry down to the one
 * that installs the hook must be listed in package.json's `sideEffects`.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');

/** The module a relative specifier in `from` names, as a repository path (`src/….ts`). */
function resolve(from: string, specifier: string): string {
  const url = new URL(specifier.replace(/\.js$/, '.ts'), new URL(from, root));
  return url.pathname.slice(root.pathname.length);
}

/** The modules from `from` down to `to`, following `export … from './…'` lines. */
function reexportPath(from: string, to: string): string[] {
  if (from === to) return [to];
  for (const match of read(from).matchAll(/^export (?:\*|\{[^}]*\}) from '(\.[^']+)'/gm)) {
    const next = resolve(from, match[1] ?? '');
    const rest = next === to || next.endsWith('/index.ts') ? reexportPath(next, to) : [];
    if (rest.length > 0) return [from, ...rest];
  }
  return [];
}

describe('the devtools entry', () => {
  it('lists every module that installs the recorder on import as having side effects', () => {
    const pkg = JSON.parse(read('package.json')) as { sideEffects: string[] };
    const path = reexportPath('src/devtools.ts', 'src/devtools/recording/default-recorder.ts');

    expect(path).toEqual([
      'src/devtools.ts',
      'src/devtools/recording/index.ts',
      'src/devtools/recording/default-recorder.ts',
    ]);
    for (const module of path)
      expect(pkg.sideEffects).toContain(
        `./${module.replace(/^src\//, 'dist/').replace(/\.ts$/, '.js')}`,
      );
  });
});
