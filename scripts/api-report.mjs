// The public API, pinned: API Extractor reads the built declarations of both entries and writes
// every exported name with its full type into api/*.api.md. `npm test` fails when the shipped
// API differs from the checked-in report; `npm run api:update` rewrites the report after an
// intended change, so the diff shows up in review. Needs dist/ (npm run build).
import { Extractor, ExtractorConfig } from '@microsoft/api-extractor';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const update = process.argv.includes('--update');

const ENTRIES = [
  { entry: 'dist/index.d.ts', report: 'react-agent-messages.api.md' },
  { entry: 'dist/core.d.ts', report: 'react-agent-messages-core.api.md' },
  // A protocol entry's types name the shared model (`Msg`, `Diagnostic`, …), which the root and
  // `/core` export: those are not forgotten exports there.
  { entry: 'dist/ai-sdk.d.ts', report: 'react-agent-messages-ai-sdk.api.md', shared: true },
  { entry: 'dist/ag-ui.d.ts', report: 'react-agent-messages-ag-ui.api.md', shared: true },
  { entry: 'dist/devtools.d.ts', report: 'react-agent-messages-devtools.api.md', shared: true },
  // A label pack's `labels` is typed by the root's `Labels`.
  { entry: 'dist/locales/de.d.ts', report: 'react-agent-messages-locales-de.api.md', shared: true },
  { entry: 'dist/locales/fr.d.ts', report: 'react-agent-messages-locales-fr.api.md', shared: true },
  { entry: 'dist/locales/es.d.ts', report: 'react-agent-messages-locales-es.api.md', shared: true },
  { entry: 'dist/locales/ja.d.ts', report: 'react-agent-messages-locales-ja.api.md', shared: true },
  {
    entry: 'dist/locales/zh-Hans.d.ts',
    report: 'react-agent-messages-locales-zh-Hans.api.md',
    shared: true,
  },
  { entry: 'dist/locales/ar.d.ts', report: 'react-agent-messages-locales-ar.api.md', shared: true },
  { entry: 'dist/locales/he.d.ts', report: 'react-agent-messages-locales-he.api.md', shared: true },
  { entry: 'dist/mcp-apps.d.ts', report: 'react-agent-messages-mcp-apps.api.md', shared: true },
  {
    entry: 'dist/fold-worker.d.ts',
    report: 'react-agent-messages-fold-worker.api.md',
    shared: true,
  },
];

let failed = false;
for (const { entry, report, shared = false } of ENTRIES) {
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
          ...(shared ? { 'ae-forgotten-export': { logLevel: 'none' } } : {}),
        },
        // JSDoc is written for readers and editors, not for TSDoc's stricter grammar.
        tsdocMessageReporting: { default: { logLevel: 'none' } },
      },
    },
    configObjectFullPath: join(root, 'api/api-extractor.json'),
    packageJsonFullPath: join(root, 'package.json'),
  });
  const result = Extractor.invoke(config, { localBuild: update, showVerboseMessages: false });
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
if (failed) process.exit(1);
