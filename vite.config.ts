import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium.mjs';

const chromium = playwright({
  launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] },
});

// Each project names its Chromium instance: two unnamed ones would clash.
const browser = (name: string) => ({
  enabled: true,
  headless: true,
  provider: chromium,
  instances: [{ browser: 'chromium' as const, name }],
  screenshotFailures: false,
});

export default defineConfig({
  // The demo imports the library by its package names: tests read them from the source.
  resolve: {
    alias: [
      {
        find: /^react-agent-messages$/,
        replacement: fileURLToPath(new URL('./src/index.ts', import.meta.url)),
      },
      {
        find: /^react-agent-messages\/core$/,
        replacement: fileURLToPath(new URL('./src/core.ts', import.meta.url)),
      },
      {
        find: /^react-agent-messages\/ai-sdk$/,
        replacement: fileURLToPath(new URL('./src/ai-sdk.ts', import.meta.url)),
      },
      {
        find: /^react-agent-messages\/ag-ui$/,
        replacement: fileURLToPath(new URL('./src/ag-ui.ts', import.meta.url)),
      },
      // One entry per protocol: react-agent-messages/<protocol> is src/<protocol>.ts.
      {
        find: /^react-agent-messages\/(agentscope|agentflow|operator-use)$/,
        replacement: `${fileURLToPath(new URL('./src/', import.meta.url))}$1.ts`,
      },
      {
        find: /^react-agent-messages\/devtools$/,
        replacement: fileURLToPath(new URL('./src/devtools.ts', import.meta.url)),
      },
      // One label pack per locale: react-agent-messages/locales/<bcp47> is src/locales/<bcp47>.ts.
      {
        find: /^react-agent-messages\/locales\/(de|fr|es|ja|zh-Hans|ar|he)$/,
        replacement: `${fileURLToPath(new URL('./src/locales/', import.meta.url))}$1.ts`,
      },
      {
        find: /^react-agent-messages\/mcp-apps$/,
        replacement: fileURLToPath(new URL('./src/mcp-apps.ts', import.meta.url)),
      },
      {
        find: /^react-agent-messages\/fold-worker$/,
        replacement: fileURLToPath(new URL('./src/fold-worker.ts', import.meta.url)),
      },
      {
        find: /^react-agent-messages\/themes\/shadcn\.css$/,
        replacement: fileURLToPath(new URL('./src/styles/themes/shadcn.css', import.meta.url)),
      },
    ],
  },
  // Pre-bundled up front: a dependency first met mid-run makes Vite reload the page under a test.
  optimizeDeps: {
    include: [
      'react-dom/client',
      'react-dom/server',
      'fast-check',
      '@ag-ui/client',
      '@a2ui/react',
      '@a2ui/react/v0_9',
      '@a2ui/web_core/v0_9',
      '@modelcontextprotocol/client',
      '@modelcontextprotocol/ext-apps/app-bridge',
    ],
  },
  test: {
    // Every project below extends this file, so the aliases above apply in each of them.
    projects: [
      {
        extends: true,
        test: {
          name: 'core',
          environment: 'node',
          include: [
            'test/core/**/*.test.ts',
            'test/markdown/**/*.test.ts',
            'test/locales/**/*.test.ts',
            'test/*.test.ts',
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'demo',
          environment: 'node',
          include: ['test/demo-server/**/*.test.ts'],
        },
      },
      {
        // Hooks need no layout: @testing-library/react in happy-dom, and fake timers.
        extends: true,
        test: {
          name: 'react-node',
          environment: 'happy-dom',
          include: ['test/react-node/**/*.test.{ts,tsx}'],
          setupFiles: ['test/setup/fail-on-console.ts', 'test/react-node/setup.ts'],
        },
      },
      {
        // End-to-end: the real demo server and page in Chromium, driven by playwright-core.
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.test.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          expect: { poll: { timeout: 20_000 } },
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['test/{components,react,list,security}/**/*.test.{ts,tsx}'],
          setupFiles: ['test/setup/fail-on-console.ts'],
          // A request-counting server for the MCP App frames' network tests.
          globalSetup: ['test/security/probe-server.ts'],
          browser: browser('dom (chromium)'),
        },
      },
      {
        // The bindings in Chromium against servers we did not write (Mastra through @ag-ui/mastra),
        // started in Node by the global setup.
        extends: true,
        test: {
          name: 'servers',
          include: ['test/servers/**/*.test.{ts,tsx}'],
          setupFiles: ['test/setup/fail-on-console.ts'],
          globalSetup: ['test/servers/global-setup.ts'],
          // A real agent server answers: on a busy machine a reply can take seconds.
          testTimeout: 60_000,
          expect: { poll: { timeout: 20_000 } },
          browser: browser('servers (chromium)'),
        },
      },
      {
        extends: true,
        plugins: [
          storybookTest({ configDir: fileURLToPath(new URL('./.storybook', import.meta.url)) }),
        ],
        test: {
          name: 'storybook',
          // A huge story (200 KB of markdown, shown all) takes 5 s alone and three times that
          // beside other jobs: seen timing out at 15 s in CI on a loaded machine.
          testTimeout: 60_000,
          setupFiles: ['test/setup/fail-on-console.ts', 'test/setup/story-wait.ts'],
          browser: browser('stories (chromium)'),
        },
      },
    ],
  },
});
