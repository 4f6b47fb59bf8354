// The public API, pinned: API Extractor reads the built declarations of every entry and writes
// every exported name with its full type into api/*.api.md. `npm test` fails when the shipped
// API differs from the checked-in report; `npm run api:update` rewrites the report after an
// intended change, so the diff shows up in review. Needs dist/ (npm run build).
// An entry's signatures may name a type another entry exports (the root's `UseMessageStreamResult`
// names `/core`'s `AgentEvent`): a name no entry of the package exports fails the check.
import { Extractor, ExtractorConfig } from '@microsoft/api-extractor';
import { join } from 'node:path';
import ts from 'typescript';

const root = new URL('..', import.meta.url).pathname;
const update = process.argv.includes('--update');

const ENTRIES = [
  { entry: 'dist/index.d.ts', report: 'react-agent-messages.api.md' },
  { entry: 'dist/core.d.ts', report: 'react-agent-messages-core.api.md' },
  // A protocol entry's types name the shared model (`Msg`, `Diagnostic`, …), which the root and
  // `/core` export: an entry may name what another entry exports (checked below).
  { entry: 'dist/ai-sdk.d.ts', report: 'react-agent-messages-ai-sdk.api.md' },
  { entry: 'dist/ag-ui.d.ts', report: 'react-agent-messages-ag-ui.api.md' },
  {
    entry: 'dist/agentscope.d.ts',
    report: 'react-agent-messages-agentscope.api.md',
  },
  { entry: 'dist/agentflow.d.ts', report: 'react-agent-messages-agentflow.api.md' },
  {
    entry: 'dist/operator-use.d.ts',
    report: 'react-agent-messages-operator-use.api.md',
  },
  { entry: 'dist/devtools.d.ts', report: 'react-agent-messages-devtools.api.md' },
  { entry: 'dist/locales/de.d.ts', report: 'react-agent-messages-locales-de.api.md' },
  { entry: 'dist/locales/fr.d.ts', report: 'react-agent-messages-locales-fr.api.md' },
  { entry: 'dist/locales/es.d.ts', report: 'react-agent-messages-locales-es.api.md' },
  { entry: 'dist/locales/ja.d.ts', report: 'react-agent-messages-locales-ja.api.md' },
  {
    entry: 'dist/locales/zh-Hans.d.ts',
    report: 'react-agent-messages-locales-zh-Hans.api.md',
  },
  { entry: 'dist/locales/ar.d.ts', report: 'react-agent-messages-locales-ar.api.md' },
  { entry: 'dist/locales/he.d.ts', report: 'react-agent-messages-locales-he.api.md' },
  { entry: 'dist/mcp-apps.d.ts', report: 'react-agent-messages-mcp-apps.api.md' },
  { entry: 'dist/fold-worker.d.ts', report: 'react-agent-messages-fold-worker.api.md' },
];

let failed = false;
/** Names an entry's signatures use without exporting them, with the entries that do so. */
const borrowed = new Map();
for (const { entry, report } of ENTRIES) {
  const config = ExtractorConfig.prepare({
    configObject: {
      projectFolder: root,
      mainEntryPointFilePath: join(root, entry),
      compiler: { tsconfigFilePath: join(root, 'tsconfig.build.json') },
      apiReport: {
        enabled: true,
        reportFileName: report,
        reportFolder: join(root, 'api'),
        reportTempFolder: join(root, 'node_modules/.cache/api-report'),
      },
      docModel: { enabled: false },
      dtsRollup: { enabled: false },
      tsdocMetadata: { enabled: false },
      messages: {
        // Release tags (@public, @beta) are not used: every export is public.
        extractorMessageReporting: {
          default: { logLevel: 'warning' },
          'ae-missing-release-tag': { logLevel: 'none' },
          // Undocumented members are marked in the report itself; the JSDoc count is code-metrics'.
          'ae-undocumented': { logLevel: 'none' },
        },
        // JSDoc is written for readers and editors, not for TSDoc's stricter grammar.
        tsdocMessageReporting: { default: { logLevel: 'none' } },
      },
    },
    configObjectFullPath: join(root, 'api/api-extractor.json'),
    packageJsonFullPath: join(root, 'package.json'),
  });
  const result = Extractor.invoke(config, {
    localBuild: update,
    showVerboseMessages: false,
    messageCallback(message) {
      if (message.messageId !== 'ae-forgotten-export') return;
      const name = /The symbol "([^"]+)"/.exec(message.text)?.[1];
      if (name !== undefined) borrowed.set(name, [...(borrowed.get(name) ?? []), entry]);
      message.logLevel = 'none';
      message.handled = true;
    },
  });
  if (!result.succeeded || (result.apiReportChanged && !update)) {
    failed = true;
    console.error(
      `✖ ${entry}: the public API differs from api/${report}. If the change is intended, run ` +
        '`npm run api:update` and commit the report.',
    );
  } else {
    console.log(`✔ ${entry} ${update ? 'written to' : 'matches'} api/${report}`);
  }
}

/** Every name some entry of the package exports. */
function exportedNames() {
  const entries = ENTRIES.map(({ entry }) => join(root, entry));
  const program = ts.createProgram(entries, { strict: true, skipLibCheck: true, noEmit: true });
  const checker = program.getTypeChecker();
  return new Set(
    entries.flatMap((path) =>
      checker
        .getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(path)))
        .map((symbol) => symbol.name),
    ),
  );
}
/**
 * Types the root names only inside an exported one (the groups `Labels` extends, what the provider
 * resolves its options to, a callback's argument): an app reaches them through that type
 * (`Labels['approval']`, `Parameters<FormatAnnouncement>[0]`), so they do not take one of the root's
 * 120 names. The report still prints each in full.
 */
const REACHED_THROUGH_ANOTHER = new Set([
  'A2uiRenderers',
  'A2uiV08Module',
  'ActivityLabels',
  'ApprovalLabels',
  'ChatLabels',
  'CopyFormat',
  'DefaultHighlightLanguage',
  'HighlightConfig',
  'HighlightLanguageLoader',
  'HighlightThemeLoader',
  'ListAnnouncement',
  'ProtocolLabels',
]);
const exported = exportedNames();
const orphans = [...borrowed].filter(([name]) => {
  const bare = name.replace(/_\d+$/, '');
  return !exported.has(bare) && !REACHED_THROUGH_ANOTHER.has(bare);
});
for (const [name, entries] of orphans) {
  failed = true;
  console.error(`✖ ${name} is named by ${entries.join(', ')} but exported by no entry.`);
}
if (failed) process.exit(1);
