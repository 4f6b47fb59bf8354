// The docs compile: every ```ts / ```tsx block in README.md and docs/**/*.md is type-checked
// under `tsc --strict` against the packed tarball, all blocks in one program, each block its own
// module (jsx react-jsx, module esnext, moduleResolution bundler, skipLibCheck, lib ES2023 + DOM,
// no @types/node). The prelude added to every block is one line after it, `export {};`, and
// nothing else: a block imports what it uses (from the package, react, `ai`, `@ai-sdk/react`,
// `@ag-ui/client`, `@ag-ui/core`, `@a2ui/react`, `@a2ui/web_core`, shiki's `@shikijs/langs` and `@shikijs/themes`) and declares what the app supplies
// (`declare const history: unknown[];`). A block whose fence follows a
// `<!-- docs-check: skip (why) -->` line is left out, and counted. Errors print as
// `README.md:123 (block 7): TS2322 …`. No network: the tarball is unpacked into a temporary
// folder whose node_modules links the package's dependencies and those SDKs from the repository's
// own node_modules. Needs dist/ (npm run build).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { checkBlocks, extractBlocks, markdownFiles } from './docs-blocks.mjs';
import { packTarball } from './pack.mjs';

/** What snippets may import besides the package, as an app that uses it would install. */
const SNIPPET_PACKAGES = [
  'react',
  'react-dom',
  '@types/react',
  '@types/react-dom',
  'ai',
  '@ai-sdk/react',
  '@ag-ui/client',
  '@ag-ui/core',
  // docs/mcp-apps.md connects MCP clients and loads the MCP Apps host bridge.
  '@modelcontextprotocol/client',
  '@modelcontextprotocol/core',
  '@modelcontextprotocol/ext-apps',
  // The README's "Syntax highlighting" adds grammars and themes from these.
  '@shikijs/langs',
  '@shikijs/themes',
  // docs/activities.md loads the A2UI renderer (v0.8 from the first, v0.9 from both).
  '@a2ui/react',
  '@a2ui/web_core',
];

const root = new URL('..', import.meta.url).pathname;
if (!existsSync(join(root, 'dist/index.js'))) {
  console.error('dist/ is missing: run `npm run build` first');
  process.exit(1);
}

const work = mkdtempSync(join(tmpdir(), 'ram-docs-'));
try {
  const tarball = packTarball(root, work);
  const installed = join(work, 'node_modules/react-agent-messages');
  mkdirSync(installed, { recursive: true });
  execFileSync('tar', ['-xzf', tarball, '-C', installed, '--strip-components=1']);
  const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
  for (const name of [...Object.keys(manifest.dependencies ?? {}), ...SNIPPET_PACKAGES]) {
    const target = join(root, 'node_modules', name);
    if (!existsSync(target)) throw new Error(`${name} is not in node_modules: run npm install`);
    const link = join(work, 'node_modules', name);
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(target, link, 'dir');
  }

  const blocks = markdownFiles(root).flatMap((file) =>
    extractBlocks(readFileSync(join(root, file), 'utf8'), relative(root, join(root, file))),
  );
  const skipped = blocks.filter((block) => block.skip);
  const { errors, checked } = checkBlocks(blocks, work);
  for (const error of errors) console.error(error);
  const summary = `${checked} blocks type-checked, ${skipped.length} skipped`;
  if (errors.length > 0) {
    console.error(`\n${errors.length} errors in the docs' code blocks (${summary})`);
    process.exitCode = 1;
  } else {
    console.log(summary);
  }
  for (const block of skipped)
    console.log(`  skipped: ${block.file}:${block.line - 1} (block ${block.index})`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
