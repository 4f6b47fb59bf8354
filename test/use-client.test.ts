import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * React Server Components run a module without `'use client'` on the server, where hooks,
 * context and class components do not exist: a server component that imports `<Message>` then
 * fails with "createContext is not a function". Every module that needs the browser's React says
 * so; pure helpers (and all of core) do not, so a server can still call them.
 */

const root = join(import.meta.dirname, '..');
const src = join(root, 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.d\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** The code without comments, so a hook named in prose does not count. */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

/** Why a module needs `'use client'`, or `null` when it runs in a server component as is. */
function clientOnlyReason(text: string): string | null {
  const body = code(text);
  const hookCall = /(?<!function\s+)\b(?:React\.)?(use[A-Z]\w*)\s*(?:<[^()]*>)?\s*\(/.exec(body);
  if (hookCall) return `calls ${hookCall[1]}`;
  const hookReference = /\bReact\.(use[A-Z]\w*)\b/.exec(body);
  if (hookReference) return `uses React.${hookReference[1]}`;
  if (/\bcreateContext\b/.test(body)) return 'creates a context';
  if (/\bextends\s+(?:React\.)?(?:Pure)?Component\b/.test(body)) return 'is a class component';
  return null;
}

/** Whether the module's first statement is the `'use client'` directive. */
function hasUseClient(text: string): boolean {
  return /^(?:\s|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*(['"])use client\1;?/.test(text);
}

const modules = sourceFiles(src).map((path) => ({
  path: relative(root, path),
  text: readFileSync(path, 'utf8'),
}));

describe("'use client'", () => {
  it('tells client-only code from code a server component can run', () => {
    expect(clientOnlyReason('const [a] = React.useState(0);')).toBe('calls useState');
    expect(clientOnlyReason('const v = useSyncExternalStore<T>(s, g);')).toBe(
      'calls useSyncExternalStore',
    );
    expect(clientOnlyReason('export const C = React.createContext(null);')).toBe(
      'creates a context',
    );
    expect(clientOnlyReason('class B extends React.Component<P> {}')).toBe('is a class component');
    expect(clientOnlyReason('export const f = x ? React.useEffect : React.useLayoutEffect;')).toBe(
      'uses React.useEffect',
    );
    expect(clientOnlyReason('// call useState() here\nexport function useX() {}')).toBeNull();
    expect(clientOnlyReason('export function format(n: number) { return n; }')).toBeNull();
    expect(hasUseClient("'use client';\n\nimport x from 'y';")).toBe(true);
    expect(hasUseClient("/* header */\n'use client';")).toBe(true);
    expect(hasUseClient("import x from 'y';\n'use client';")).toBe(false);
  });

  it('marks every module that uses hooks, context or class components', () => {
    const client = modules.filter(({ text }) => clientOnlyReason(text) !== null);
    // The components and hooks: far more than a handful, or the scan found nothing.
    expect(client.length).toBeGreaterThan(20);
    const missing = client
      .filter(({ text }) => !hasUseClient(text))
      .map(({ path, text }) => `${path} ${clientOnlyReason(text)}`);
    expect(missing).toEqual([]);
  });

  it('leaves core and pure helpers callable from a server component', () => {
    const needless = modules
      .filter(({ text }) => hasUseClient(text) && clientOnlyReason(text) === null)
      .map(({ path }) => path);
    expect(needless).toEqual([]);
    const core = modules.filter(({ path }) => path.startsWith(join('src', 'core')));
    expect(core.filter(({ text }) => hasUseClient(text)).map(({ path }) => path)).toEqual([]);
    expect(core.length).toBeGreaterThan(20);
  });
});
