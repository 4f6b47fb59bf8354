// Builds dist/: JavaScript and declarations with tsc (one file per module, so consumers'
// bundlers tree-shake and Node resolves every import), then the stylesheet.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
rmSync(join(root, 'dist'), { recursive: true, force: true });
execFileSync(
  process.execPath,
  [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'],
  {
    cwd: root,
    stdio: 'inherit',
  },
);

// theme.css (tokens) first, then component rules in name order.
const stylesDir = join(root, 'src/styles');
const sheets = readdirSync(stylesDir)
  .filter((name) => name.endsWith('.css'))
  .sort((a, b) => (a === 'theme.css' ? -1 : b === 'theme.css' ? 1 : a.localeCompare(b)));
writeFileSync(
  join(root, 'dist/styles.css'),
  sheets.map((name) => readFileSync(join(stylesDir, name), 'utf8')).join('\n'),
);
console.log(`built dist/ (${sheets.length} stylesheets)`);
