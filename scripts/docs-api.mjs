// The docs site's API pages, generated from the checked-in API reports so that they cannot drift:
// each api/<report>.api.md becomes docs/api/<entry>.md, one section per export with its
// declaration as the report has it and the summary of its JSDoc from the entry's source; every
// `…Props` interface also becomes docs/api/props/<Name>.md, a table of its own props that the
// component pages include, and each src/styles/<name>.css docs/api/css/<name>.md, the `--ram-*`
// variables it reads. docs/api/ is gitignored: `npm run docs:build` writes it first.
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, 'docs/api');
const PACKAGE = 'react-agent-messages';

/** The reports, each with its import path and the source file of its entry. */
function reports() {
  return readdirSync(join(root, 'api'))
    .filter((file) => file.endsWith('.api.md'))
    .sort()
    .map((file) => {
      const suffix = file.slice(PACKAGE.length, -'.api.md'.length).replace(/^-/, '');
      const source = join(root, 'src', suffix === '' ? 'index.ts' : `${suffix}.ts`);
      return {
        file,
        entry: suffix === '' ? PACKAGE : `${PACKAGE}/${suffix}`,
        slug: suffix === '' ? 'react-agent-messages' : suffix,
        source: existsSync(source) ? source : null,
      };
    });
}

const DECLARATION =
  /^(?:export )?(?:declare )?(?:abstract )?(interface|type|function|const|let|class|enum|namespace) (\w+)/m;

/** The declarations of one report: `{ kind, name, code }`, api-extractor's `_2` renames undone. */
function declarationsOf(report) {
  const body = /```ts\n([\s\S]*?)\n```/.exec(report)?.[1] ?? '';
  const renames = new Map();
  for (const [, from, to] of body.matchAll(/^export \{ (\w+) as (\w+) \}$/gm))
    renames.set(from, to);
  const found = new Map();
  for (const chunk of body.split(/\n{2,}/)) {
    const code = chunk
      .split('\n')
      .filter((line) => !/^\s*\/\/ /.test(line))
      .join('\n')
      .trim();
    const match = DECLARATION.exec(code);
    if (!match || (!code.startsWith('export') && !renames.has(match[2]))) continue;
    const name = renames.get(match[2]) ?? match[2];
    const shown = renames.has(match[2])
      ? code.replace(new RegExp(`\\b${match[2]}\\b`, 'g'), name)
      : code;
    const kind = match[1] === 'let' ? 'const' : match[1];
    // Overloads are chunks of their own: one section holds them all.
    const previous = found.get(name);
    found.set(name, { kind, name, code: previous ? `${previous.code}\n\n${shown}` : shown });
  }
  return [...found.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** A program over the entries' sources, to read their JSDoc. */
function docsReader(sources) {
  const program = ts.createProgram(sources, {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    jsx: ts.JsxEmit.ReactJSX,
    skipLibCheck: true,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const text = (parts) => ts.displayPartsToString(parts).trim();
  return (source) => {
    const file = source && program.getSourceFile(source);
    const symbols = new Map();
    const moduleSymbol = file && checker.getSymbolAtLocation(file);
    for (const exported of moduleSymbol ? checker.getExportsOfModule(moduleSymbol) : []) {
      const symbol =
        exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      symbols.set(exported.name, symbol);
    }
    return {
      summary(name) {
        const symbol = symbols.get(name);
        return symbol ? text(symbol.getDocumentationComment(checker)) : '';
      },
      /** The props an interface declares itself (not those it extends), with their JSDoc. */
      members(name) {
        const symbol = symbols.get(name);
        const declaration = symbol?.declarations?.find(ts.isInterfaceDeclaration);
        if (!declaration) return null;
        return declaration.members.flatMap((member) => {
          if (!member.name) return [];
          const memberSymbol = checker.getSymbolAtLocation(member.name);
          const type = ts.isPropertySignature(member)
            ? (member.type?.getText() ?? 'unknown')
            : ts.isMethodSignature(member)
              ? `(${member.parameters.map((p) => p.getText()).join(', ')}) => ${member.type?.getText() ?? 'void'}`
              : '';
          return [
            {
              name: member.name.getText(),
              optional: Boolean(member.questionToken),
              type: type.replace(/\s+/g, ' '),
              doc: memberSymbol ? text(memberSymbol.getDocumentationComment(checker)) : '',
            },
          ];
        });
      },
    };
  };
}

/** JSDoc as markdown prose: `{@link X}` as code, no HTML or Vue syntax outside code spans. */
function prose(doc) {
  return doc
    .replace(/\{@link\s+([^}|\s]+)(?:\s*\|\s*([^}]+))?\}/g, (_, target, label) =>
      label ? label : `\`${target}\``,
    )
    .split(/(`[^`]*`)/)
    .map((part, at) =>
      at % 2 === 1
        ? part
        : part
            .replace(/&/g, '&amp;')
            .replace(/</g, '&lt;')
            .replace(/>/g, '&gt;')
            .replace(/\{\{/g, '{&#8203;{'),
    )
    .join('');
}

/** A table cell: one line, pipes escaped. */
const cell = (text) => text.replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|');
const codeCell = (text) => cell(`\`${text.replace(/`/g, "'")}\``);

/** The props table of one interface, as markdown. */
function propsTable(name, members) {
  const rows = members.map(
    (member) =>
      `| ${codeCell(member.name + (member.optional ? '?' : ''))} | ${codeCell(member.type)} | ${cell(prose(member.doc))} |`,
  );
  return [
    `<!-- generated by scripts/docs-api.mjs from src: ${name}'s own props -->`,
    '',
    '| prop | type | what it does |',
    '| --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}

const KINDS = [
  ['function', 'Functions and components'],
  ['class', 'Classes'],
  ['const', 'Constants'],
  ['interface', 'Interfaces'],
  ['type', 'Types'],
  ['enum', 'Enums'],
  ['namespace', 'Namespaces'],
];

const all = reports();
const read = docsReader(all.flatMap((report) => (report.source ? [report.source] : [])));
rmSync(out, { recursive: true, force: true });
mkdirSync(join(out, 'props'), { recursive: true });
const index = [];
let props = 0;
for (const report of all) {
  const docs = read(report.source);
  const reportText = readFileSync(join(root, 'api', report.file), 'utf8').replace(/\r\n/g, '\n');
  const declarations = declarationsOf(reportText);
  const page = [
    `# ${report.entry}`,
    '',
    `Generated at build time from [\`api/${report.file}\`](https://github.com/react-agent-messages/react-agent-messages/blob/main/api/${report.file}), the API report the test suite holds the build to, with each export's JSDoc. ${declarations.length} exports.`,
    '',
    '```ts',
    `import { … } from '${report.entry}';`,
    '```',
    '',
  ];
  for (const [kind, title] of KINDS) {
    const ofKind = declarations.filter((declaration) => declaration.kind === kind);
    if (ofKind.length === 0) continue;
    page.push(`## ${title}`, '');
    for (const declaration of ofKind) {
      const summary = docs.summary(declaration.name);
      page.push(`### ${declaration.name}`, '');
      if (summary) page.push(prose(summary), '');
      page.push('```ts', declaration.code, '```', '');
      const members = declaration.name.endsWith('Props') ? docs.members(declaration.name) : null;
      if (members && members.length > 0) {
        const table = propsTable(declaration.name, members);
        page.push(table);
        writeFileSync(join(out, 'props', `${declaration.name}.md`), table);
        props++;
      }
    }
  }
  writeFileSync(join(out, `${report.slug}.md`), page.join('\n'));
  index.push(
    `- [\`${report.entry}\`](./${report.slug}.md): ${declarations.length} exports` +
      (report.source ? '' : ' (no source entry found: signatures only)'),
  );
}
// The CSS variables each stylesheet reads, for the component pages and the theming page.
const styles = join(root, 'src/styles');
mkdirSync(join(out, 'css'), { recursive: true });
let sheets = 0;
for (const file of existsSync(styles)
  ? readdirSync(styles).filter((f) => f.endsWith('.css'))
  : []) {
  const css = readFileSync(join(styles, file), 'utf8');
  const used = [...new Set([...css.matchAll(/var\((--ram-[\w-]+)/g)].map((match) => match[1]))];
  const list = used.sort().map((name) => `\`${name}\``);
  writeFileSync(
    join(out, 'css', file.replace(/\.css$/, '.md')),
    `<!-- generated by scripts/docs-api.mjs from src/styles/${file} -->\n\n` +
      (list.length > 0
        ? `\`${file}\` reads ${list.join(', ')}.\n`
        : `\`${file}\` reads no \`--ram-*\` variable.\n`),
  );
  sheets++;
}

writeFileSync(
  join(out, 'index.md'),
  [
    '# API reference',
    '',
    'One page per entry point, generated at build time from the checked-in API reports (`api/*.api.md`), so they list exactly what the package exports. Every export has JSDoc, so your editor shows the same on hover. Components forward their `ref` and pass other props (`className`, `id`, `aria-*`, …) to their root element.',
    '',
    ...index,
    '',
  ].join('\n'),
);
console.log(
  `docs/api: ${all.length} entry pages, ${props} props tables, ${sheets} stylesheets' variables`,
);
