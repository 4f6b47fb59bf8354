// The relative imports between the modules of a folder, and the cycles among them: shared by
// scripts/code-metrics.mjs (which prints them) and test/import-cycles.test.ts (which fails on one).
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** Every .ts and .tsx file under `directory`, declarations left out. */
export function sourceFiles(directory) {
  const walk = (folder) =>
    readdirSync(folder).flatMap((name) => {
      const path = join(folder, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  return walk(directory).filter((path) => /\.(ts|tsx)$/.test(path) && !path.endsWith('.d.ts'));
}

/**
 * Every relative import (static, type-only, re-export and dynamic) of a module, resolved to a
 * file. A type-only import counts: it ties the two modules together for a reader all the same.
 */
export function importsOf(file) {
  const text = readFileSync(file, 'utf8');
  const specifiers = [
    ...text.matchAll(/(?:import|export)[^'"`;]*?from\s*['"]([^'"]+)['"]/g),
    ...text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((match) => match[1]);
  return specifiers
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => {
      const base = resolve(dirname(file), specifier.replace(/\.js$/, ''));
      return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((path) => existsSync(path));
    })
    .filter((path) => path !== undefined);
}

/** The import graph of the modules under `directory`: each file and the files it imports. */
export function importGraph(directory) {
  return new Map(sourceFiles(directory).map((file) => [file, importsOf(file)]));
}

/**
 * The import cycles of a graph: its strongly connected components (Tarjan) of more than one
 * module, and modules that import themselves; each one sorted.
 */
export function importCycles(graph) {
  let index = 0;
  const indexes = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (node) => {
    indexes.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indexes.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node), indexes.get(next)));
      }
    }
    if (low.get(node) === indexes.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      const selfImport = (graph.get(node) ?? []).includes(node);
      if (component.length > 1 || selfImport) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!indexes.has(node)) visit(node);
  return found;
}
