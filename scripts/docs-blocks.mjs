// The ts/tsx code blocks of markdown files, and a type-check of them as one TypeScript program.
// Each block becomes its own module, written as shown plus one line after it, `export {};` (the
// prelude: it makes a block without imports a module, so that blocks never share names); line n
// of the module is line n of the block. Everything else a block uses it imports or declares.
// Used by scripts/docs-check.mjs (against the packed tarball) and by test/docs-check.test.ts.
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/** The marker that leaves the next block out of the check; the rest of the comment says why. */
export const SKIP_MARKER = '<!-- docs-check: skip';

/** What the check adds to every block, after its last line. */
export const PRELUDE = 'export {};';

const CHECKED = new Set(['ts', 'tsx', 'typescript']);
const FENCE = /^(\s*)(`{3,}|~{3,})(.*)$/;

/**
 * The ts/tsx blocks of one markdown text, in order: `line` is the markdown line (from 1) of the
 * block's first code line, `index` its number among the file's checked blocks (from 1), `skip`
 * whether a skip marker is the last non-blank line before its fence. Indented fences (in list
 * items) lose their indent. Blocks inside another fence (a markdown example) are not blocks.
 */
export function extractBlocks(markdown, file) {
  const lines = markdown.split(/\r?\n/);
  const blocks = [];
  let open = null;
  let lastText = '';
  for (let at = 0; at < lines.length; at++) {
    const line = lines[at];
    if (open === null) {
      const fence = FENCE.exec(line);
      if (fence && !(fence[2][0] === '`' && fence[3].includes('`'))) {
        const lang = fence[3].trim().split(/\s+/)[0].toLowerCase();
        open = {
          indent: fence[1].length,
          marker: fence[2],
          lang,
          start: at + 1,
          code: [],
          skip: lastText.trim().startsWith(SKIP_MARKER),
        };
      } else if (line.trim() !== '') lastText = line;
      continue;
    }
    const close = FENCE.exec(line);
    if (
      close &&
      close[2][0] === open.marker[0] &&
      close[2].length >= open.marker.length &&
      close[3].trim() === ''
    ) {
      if (CHECKED.has(open.lang)) {
        blocks.push({
          file,
          index: blocks.length + 1,
          lang: open.lang === 'tsx' ? 'tsx' : 'ts',
          line: open.start + 1,
          code: open.code.join('\n'),
          skip: open.skip,
        });
      }
      open = null;
      lastText = line;
      continue;
    }
    // Strip the fence's own indent, no more than the line has.
    const strip = Math.min(open.indent, line.length - line.trimStart().length);
    open.code.push(line.slice(strip));
  }
  if (open !== null) throw new Error(`${file}:${open.start}: a code fence is never closed`);
  return blocks;
}

/**
 * Folders under docs/ that hold no examples: the API pages generated from api/*.api.md
 * (declarations, not programs) and VitePress's build and cache.
 */
const NOT_EXAMPLES = new Set(['docs/api', 'docs/.vitepress/dist', 'docs/.vitepress/cache']);

/**
 * README.md and every markdown file under `root`'s docs/, subfolders included (but not
 * `NOT_EXAMPLES`), as paths relative to `root`, in a stable order.
 */
export function markdownFiles(root) {
  const files = ['README.md'];
  const walk = (folder) => {
    const entries = readdirSync(join(root, folder), { withFileTypes: true });
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const path = `${folder}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!NOT_EXAMPLES.has(path) && entry.name !== 'node_modules') walk(path);
      } else if (entry.name.endsWith('.md')) files.push(path);
    }
  };
  if (existsSync(join(root, 'docs'))) walk('docs');
  return files;
}

/** The compiler options every block is checked with (what a Vite or Next.js app uses). */
export const COMPILER_OPTIONS = {
  strict: true,
  noEmit: true,
  target: ts.ScriptTarget.ES2022,
  lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  jsx: ts.JsxEmit.ReactJSX,
  skipLibCheck: true,
  types: [],
};

/**
 * Type-checks the blocks that are not skipped as one program in `directory` (whose
 * node_modules is what they import), each as `blocks/<file>-<index>.ts(x)`. Returns one line per
 * error, `README.md:123 (block 7): TS2322 …` at the markdown line, and the number checked.
 */
export function checkBlocks(blocks, directory) {
  const folder = join(directory, 'blocks');
  mkdirSync(folder, { recursive: true });
  const byPath = new Map();
  for (const block of blocks) {
    if (block.skip) continue;
    const name = `${block.file.replace(/[^\w.-]+/g, '_')}-${block.index}.${block.lang}`;
    const path = join(folder, name);
    writeFileSync(path, `${block.code}\n${PRELUDE}\n`);
    byPath.set(path, block);
  }
  const program = ts.createProgram([...byPath.keys()], COMPILER_OPTIONS);
  const order = [...byPath.values()];
  const diagnostics = [
    ...ts.getPreEmitDiagnostics(program),
    ...browserGlobalsUsed(program, byPath),
  ];
  const found = diagnostics.map((diagnostic) => {
    const code = typeof diagnostic.code === 'number' ? `TS${diagnostic.code}` : diagnostic.code;
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n  ');
    const block = diagnostic.file && byPath.get(diagnostic.file.fileName);
    if (!block || diagnostic.start === undefined) {
      const where = diagnostic.file?.fileName ?? 'options';
      return { rank: -1, line: 0, text: `${where}: ${code} ${message}` };
    }
    const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    const at = block.line + line;
    const text = `${block.file}:${at} (block ${block.index}): ${code} ${message}`;
    return { rank: order.indexOf(block), line: at, text };
  });
  // In the order of the files and their lines, not the compiler's.
  found.sort((a, b) => a.rank - b.rank || a.line - b.line);
  return { errors: found.map((error) => error.text), checked: byPath.size };
}

/**
 * Names a snippet means as its own values but that lib.dom declares, so that the compiler would
 * take `history.map(…)` for `window.history`: a block that uses one must declare or import it.
 */
const BROWSER_GLOBALS = new Set(
  'history name status event length origin parent self top close stop open print find screen external frames closed'.split(
    ' ',
  ),
);

/** A diagnostic for each use of a `BROWSER_GLOBALS` name that resolves to the browser's global. */
function browserGlobalsUsed(program, byPath) {
  const checker = program.getTypeChecker();
  const found = [];
  for (const path of byPath.keys()) {
    const file = program.getSourceFile(path);
    const visit = (node) => {
      if (ts.isIdentifier(node) && BROWSER_GLOBALS.has(node.text)) {
        const symbol = ts.isShorthandPropertyAssignment(node.parent)
          ? checker.getShorthandAssignmentValueSymbol(node.parent)
          : checker.getSymbolAtLocation(node);
        const declarations = symbol?.declarations ?? [];
        const global = ts.SymbolFlags.Variable | ts.SymbolFlags.Function;
        if (
          symbol &&
          symbol.flags & global &&
          !(symbol.flags & ts.SymbolFlags.Property) &&
          declarations.length > 0 &&
          declarations.every((d) => program.isSourceFileDefaultLibrary(d.getSourceFile()))
        ) {
          found.push({
            file,
            start: node.getStart(file),
            code: 'docs-check',
            messageText: `'${node.text}' is the browser's global here: declare what the app supplies (declare const ${node.text}: …;) or import it.`,
          });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return found;
}
