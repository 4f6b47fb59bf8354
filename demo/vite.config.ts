/*
 * The demo page's Vite config. The page imports the library only by its package names; these
 * aliases point them at the source, so the demo needs no build step and always shows the code in
 * this checkout. `react-agent-messages/styles.css` is the stylesheets in build order (theme.css
 * first, then by name), as scripts/build.mjs concatenates them into dist/styles.css.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const stylesDir = `${root}src/styles/`;
const STYLES_ID = '\0react-agent-messages-styles.css';

function libraryStyles(): Plugin {
  return {
    name: 'react-agent-messages-styles',
    enforce: 'pre',
    resolveId: (id) => (id === 'react-agent-messages/styles.css' ? STYLES_ID : null),
    load(id) {
      if (id !== STYLES_ID) return null;
      const sheets = readdirSync(stylesDir)
        .filter((name) => name.endsWith('.css'))
        .sort((a, b) => (a === 'theme.css' ? -1 : b === 'theme.css' ? 1 : a.localeCompare(b)));
      for (const name of sheets) this.addWatchFile(`${stylesDir}${name}`);
      return sheets.map((name) => readFileSync(`${stylesDir}${name}`, 'utf8')).join('\n');
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('./app', import.meta.url)),
  // Its own optimised-deps cache, apart from Storybook's and Vitest's.
  cacheDir: `${root}node_modules/.vite-demo`,
  plugins: [libraryStyles()],
  resolve: {
    alias: [
      { find: /^react-agent-messages$/, replacement: `${root}src/index.ts` },
      { find: /^react-agent-messages\/core$/, replacement: `${root}src/core.ts` },
      { find: /^react-agent-messages\/ai-sdk$/, replacement: `${root}src/ai-sdk.ts` },
      { find: /^react-agent-messages\/ag-ui$/, replacement: `${root}src/ag-ui.ts` },
      {
        find: /^react-agent-messages\/(agentscope|agentflow|operator-use)$/,
        replacement: `${root}src/$1.ts`,
      },
      { find: /^react-agent-messages\/devtools$/, replacement: `${root}src/devtools.ts` },
      {
        find: /^react-agent-messages\/locales\/(de|fr|es|ja|zh-Hans|ar|he)$/,
        replacement: `${root}src/locales/$1.ts`,
      },
      { find: /^react-agent-messages\/mcp-apps$/, replacement: `${root}src/mcp-apps.ts` },
      {
        find: /^react-agent-messages\/themes\/shadcn\.css$/,
        replacement: `${root}src/styles/themes/shadcn.css`,
      },
    ],
  },
  server: { fs: { allow: [root] } },
  optimizeDeps: {
    // Listed up front so the first visit never triggers a re-optimisation and a page reload.
    include: [
      'react',
      'react/jsx-runtime',
      'react/jsx-dev-runtime',
      'react-dom',
      'react-dom/client',
      'unified',
      'remark-parse',
      'remark-rehype',
      'mdast-util-gfm',
      'micromark-extension-gfm',
      'remend',
      'partial-json',
      'shiki',
      '@tanstack/react-virtual',
      '@ag-ui/client',
    ],
  },
  logLevel: 'warn',
});
