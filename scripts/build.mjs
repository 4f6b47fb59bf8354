// Builds dist/: JavaScript and declarations with tsc (one file per module, so consumers'
// bundlers tree-shake and Node resolves every import), then the stylesheet, minified by
// Lightning CSS (no targets: modern syntax such as `light-dark()` and layers is kept as written).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { transform } from 'lightningcss';

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

// A label pack's strings are a JSON catalogue beside its module (translators' tools read JSON).
// tsc copies it and imports it `with { type: 'json' }`; inline it as an object literal instead, so
// that every bundler and Node take the pack as plain JavaScript and dist/ holds no JSON module.
const jsonImport = /^import (\w+) from '\.\/([\w-]+\.json)' with \{ type: 'json' \};$/m;
/** `value` as JavaScript, its keys unquoted where they are names (the packs' size budgets count them). */
function literal(value) {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const entries = Object.entries(value).map(
    ([key, inner]) =>
      `${/^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key)}:${literal(inner)}`,
  );
  return `{${entries.join(',')}}`;
}
const localesDir = join(root, 'dist/locales');
for (const name of readdirSync(localesDir).filter((file) => file.endsWith('.js'))) {
  const path = join(localesDir, name);
  const code = readFileSync(path, 'utf8');
  const match = jsonImport.exec(code);
  if (match === null) continue;
  const [line, binding, catalogue] = match;
  const words = literal(JSON.parse(readFileSync(join(localesDir, catalogue), 'utf8')));
  writeFileSync(
    path,
    code.replace(line, () => `const ${binding} = ${words};`),
  );
  rmSync(join(localesDir, catalogue));
}

// theme.css (tokens) first, then component rules in name order.
const stylesDir = join(root, 'src/styles');
const sheets = readdirSync(stylesDir)
  .filter((name) => name.endsWith('.css'))
  .sort((a, b) => (a === 'theme.css' ? -1 : b === 'theme.css' ? 1 : a.localeCompare(b)));
const source = sheets.map((name) => readFileSync(join(stylesDir, name), 'utf8')).join('\n');
const { code } = transform({
  filename: 'styles.css',
  code: Buffer.from(source),
  minify: true,
  errorRecovery: false,
});
writeFileSync(join(root, 'dist/styles.css'), code);

// The presets, one file each beside it (`react-agent-messages/themes/<name>.css`): they only map
// the tokens onto another design system's, so an app imports one after styles.css.
const themesDir = join(stylesDir, 'themes');
const themes = readdirSync(themesDir).filter((name) => name.endsWith('.css'));
mkdirSync(join(root, 'dist/themes'), { recursive: true });
for (const name of themes) {
  const minified = transform({
    filename: name,
    code: readFileSync(join(themesDir, name)),
    minify: true,
    errorRecovery: false,
  });
  writeFileSync(join(root, 'dist/themes', name), minified.code);
}
console.log(`built dist/ (${sheets.length} stylesheets, ${themes.length} theme presets)`);
