// Reads the source as someone who will carry it on: how many imports cross from one block folder
// into another, which component folders import each other in a loop, which modules import each
// other in a cycle, how long the files (and the README) are, how many names the root entry
// exports, and how much of the public API (what the entries export, as built in dist/) has JSDoc.
// Prints the numbers; with --check, exits non-zero when a target is missed. Needs dist/ for the
// JSDoc count.
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { importCycles as findCycles, importGraph, sourceFiles } from './import-graph.mjs';

const root = resolve(new URL('..', import.meta.url).pathname);
const src = join(root, 'src');
const components = join(src, 'components');

/**
 * Folders every block (`blocks/<block>/`) may use: the provider (settings and contexts), the
 * shared building blocks, the media views (a data block and a tool result show them) and MCP Apps
 * (a tool call and an activity embed one). The rooms that compose blocks (`message/`,
 * `message-list/`) may import any block; a block imports no other block.
 */
const SHARED = new Set(['provider', 'primitives', 'media', 'mcp-app']);

const TARGETS = {
  crossBlockImports: 0,
  folderLoops: 0,
  importCycles: 0,
  longestFile: 400,
  medianFile: 150,
  jsdocCoverage: 0.95,
  // The README says what this is and how to start; the rest is on the docs site (docs/).
  readmeLines: 250,
  // The root entry: components, hooks, the model and the common fold names; each protocol's names
  // are in its own entry, the rest of the framework-free layer in /core.
  rootNames: 120,
  // One conversation writer (core/fold/writer.ts) is the only module that writes the message list.
  listWriters: 1,
  // One vocabulary: a run-status union, and one diagnostic code union for the protocols and fold.
  runStatusUnions: 1,
  diagnosticCodeUnions: 1,
  // Printed, not yet checked: the protocol layer is still larger than the goal.
  protocolLines: 10500,
};

const sources = sourceFiles(src);
const graph = importGraph(src);

/**
 * The component folder a file lives in: `blocks/<block>` for a block's own folder, else the
 * folder right under src/components; undefined outside one (src/components' own files, the
 * label packs, are not a folder).
 */
function componentFolder(file) {
  const path = relative(components, file);
  if (path.startsWith('..')) return undefined;
  const [folder, ...rest] = path.split(sep);
  if (rest.length === 0) return undefined;
  return folder === 'blocks' && rest.length > 1 ? `blocks/${rest[0]}` : folder;
}

const isBlock = (folder) => folder?.startsWith('blocks/') === true;

const crossBlock = [];
for (const [file, imports] of graph) {
  const from = componentFolder(file);
  if (!isBlock(from)) continue;
  for (const target of imports) {
    const to = componentFolder(target);
    if (to !== undefined && to !== from && !SHARED.has(to)) {
      crossBlock.push(`${relative(root, file)} → ${relative(root, target)}`);
    }
  }
}

// Folder loops: cycles in the graph of component folders (one folder importing another that
// imports it back, directly or around a ring), each printed as the folders it ties together.
const folderGraph = new Map();
for (const [file, imports] of graph) {
  const from = componentFolder(file);
  if (from === undefined) continue;
  const targets = folderGraph.get(from) ?? new Set();
  for (const target of imports) {
    const to = componentFolder(target);
    if (to !== undefined && to !== from) targets.add(to);
  }
  folderGraph.set(from, targets);
}
const folderLoops = findCycles(
  new Map([...folderGraph].map(([folder, targets]) => [folder, [...targets]])),
);

const importCycles = findCycles(graph).map((cycle) => cycle.map((file) => relative(root, file)));

const lengths = sources
  .map((file) => ({
    file: relative(root, file),
    lines: readFileSync(file, 'utf8').split('\n').length,
  }))
  .sort((a, b) => a.lines - b.lines);
const median = lengths[Math.floor(lengths.length / 2)]?.lines ?? 0;
const longest = lengths.at(-1);
const overLimit = lengths.filter((entry) => entry.lines > TARGETS.longestFile);

/** Exports of the built entries, and which of them carry a JSDoc comment. */
function jsdocCoverage() {
  const entries = [
    'dist/index.d.ts',
    'dist/core.d.ts',
    'dist/ai-sdk.d.ts',
    'dist/ag-ui.d.ts',
    'dist/agentscope.d.ts',
    'dist/agentflow.d.ts',
    'dist/operator-use.d.ts',
    'dist/devtools.d.ts',
    'dist/locales/de.d.ts',
    'dist/locales/fr.d.ts',
    'dist/locales/es.d.ts',
    'dist/locales/ja.d.ts',
    'dist/locales/zh-Hans.d.ts',
    'dist/locales/ar.d.ts',
    'dist/locales/he.d.ts',
    'dist/mcp-apps.d.ts',
    'dist/fold-worker.d.ts',
  ].map((path) => join(root, path));
  if (!entries.every((path) => existsSync(path))) return undefined;
  const program = ts.createProgram(entries, { strict: true, skipLibCheck: true, noEmit: true });
  const checker = program.getTypeChecker();
  const seen = new Map();
  for (const entry of entries) {
    const module = checker.getSymbolAtLocation(program.getSourceFile(entry));
    for (const exported of checker.getExportsOfModule(module)) {
      const symbol =
        exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      const documented =
        symbol.getDocumentationComment(checker).length > 0 ||
        (symbol.declarations ?? []).some((node) => ts.getJSDocTags(node).length > 0);
      seen.set(exported.name, documented || seen.get(exported.name) === true);
    }
  }
  const missing = [...seen].filter(([, documented]) => !documented).map(([name]) => name);
  return { total: seen.size, documented: seen.size - missing.length, missing: missing.sort() };
}

const jsdoc = jsdocCoverage();

/** How many names the root entry (`react-agent-messages`, as built) exports, or undefined. */
function rootNames() {
  const entry = join(root, 'dist/index.d.ts');
  if (!existsSync(entry)) return undefined;
  const program = ts.createProgram([entry], { strict: true, skipLibCheck: true, noEmit: true });
  const checker = program.getTypeChecker();
  return checker.getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(entry)))
    .length;
}

const rootCount = rootNames();

const core = join(src, 'core');
const coreSources = sources.filter((file) => file.startsWith(core + sep));
const textOf = (file) => readFileSync(file, 'utf8');
/** Modules that write the persistent message list themselves instead of through the writer. */
const listWriters = coreSources.filter((file) => /\blist(?:Push|Set)\(/.test(textOf(file)));
/** Exported unions of where a run, reply or stream stands (wire-format fields excepted). */
const runStatusUnions = coreSources.flatMap((file) =>
  [...textOf(file).matchAll(/export type (\w*(?:Run|Reply|Stream)Status) =/g)].map((m) => m[1]),
);
/** Exported code unions of the protocols' and the fold's diagnostics. */
const diagnosticCodeUnions = coreSources
  .filter((file) => /core[\\/](?:fold|protocols|client)[\\/]/.test(file))
  .flatMap((file) =>
    [...textOf(file).matchAll(/export type (\w*DiagnosticCode)\b/g)].map((m) => m[1]),
  );
const protocolLines = coreSources
  .filter((file) => /core[\\/](?:fold|protocols)[\\/]/.test(file))
  .reduce((sum, file) => sum + textOf(file).split('\n').length, 0);

/** Lines of README.md, as an editor numbers them (a final newline ends the last line). */
const readmeLines = readFileSync(join(root, 'README.md'), 'utf8')
  .replace(/\n$/, '')
  .split('\n').length;

const rows = [
  [
    'imports from one block folder into another',
    crossBlock.length,
    `≤ ${TARGETS.crossBlockImports}`,
  ],
  ['folder loops (component folders)', folderLoops.length, `≤ ${TARGETS.folderLoops}`],
  ['import cycles', importCycles.length, `≤ ${TARGETS.importCycles}`],
  [`longest source file (${longest?.file})`, longest?.lines ?? 0, `≤ ${TARGETS.longestFile}`],
  ['median source file (lines)', median, `< ${TARGETS.medianFile}`],
  ['README.md (lines)', readmeLines, `≤ ${TARGETS.readmeLines}`],
  ['root entry names', rootCount ?? 'dist/ not built', `≤ ${TARGETS.rootNames}`],
  ['modules writing the message list', listWriters.length, `≤ ${TARGETS.listWriters}`],
  ['run-status unions', runStatusUnions.length, `≤ ${TARGETS.runStatusUnions}`],
  ['diagnostic code unions', diagnosticCodeUnions.length, `≤ ${TARGETS.diagnosticCodeUnions}`],
  ['protocols + fold (lines)', protocolLines, `≤ ${TARGETS.protocolLines}, not yet checked`],
  [
    'exports with JSDoc',
    jsdoc
      ? `${jsdoc.documented}/${jsdoc.total} (${((jsdoc.documented / jsdoc.total) * 100).toFixed(1)} %)`
      : 'dist/ not built',
    `≥ ${TARGETS.jsdocCoverage * 100} %`,
  ],
];
console.log('Code metrics');
for (const [name, value, target] of rows) console.log(`  ${name}: ${value} (target ${target})`);

const verbose = process.argv.includes('--verbose');
if (verbose) {
  for (const line of crossBlock) console.log(`  cross-block: ${line}`);
  for (const loop of folderLoops) console.log(`  folder loop: ${loop.join(' ⇄ ')}`);
  for (const cycle of importCycles) console.log(`  cycle: ${cycle.join(' ⇄ ')}`);
  for (const file of listWriters) console.log(`  writes the message list: ${relative(root, file)}`);
  console.log(`  run-status unions: ${runStatusUnions.join(', ')}`);
  console.log(`  diagnostic code unions: ${diagnosticCodeUnions.join(', ')}`);
  for (const entry of overLimit)
    console.log(`  over ${TARGETS.longestFile} lines: ${entry.file} (${entry.lines})`);
  if (jsdoc) console.log(`  exports without JSDoc: ${jsdoc.missing.join(', ')}`);
}

if (process.argv.includes('--check')) {
  const misses = [
    crossBlock.length > TARGETS.crossBlockImports && 'imports between block folders',
    folderLoops.length > TARGETS.folderLoops && 'folder loops',
    importCycles.length > TARGETS.importCycles && 'import cycles',
    overLimit.length > 0 && `files over ${TARGETS.longestFile} lines`,
    median >= TARGETS.medianFile && 'median file length',
    readmeLines > TARGETS.readmeLines && `README over ${TARGETS.readmeLines} lines`,
    rootCount !== undefined &&
      rootCount > TARGETS.rootNames &&
      `root entry over ${TARGETS.rootNames} names`,
    listWriters.length > TARGETS.listWriters && 'modules writing the message list',
    runStatusUnions.length > TARGETS.runStatusUnions && 'run-status unions',
    diagnosticCodeUnions.length > TARGETS.diagnosticCodeUnions && 'diagnostic code unions',
    jsdoc !== undefined &&
      jsdoc.documented / jsdoc.total < TARGETS.jsdocCoverage &&
      'JSDoc coverage',
  ].filter(Boolean);
  if (misses.length > 0) {
    console.error(`Missed: ${misses.join(', ')} (run with --verbose for the list)`);
    process.exit(1);
  }
}
