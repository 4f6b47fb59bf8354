import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Browser globals that core must never touch: it runs in Node, workers and servers.
const domGlobals = [
  'window',
  'document',
  'navigator',
  'location',
  'localStorage',
  'sessionStorage',
  'HTMLElement',
  'Element',
  'requestAnimationFrame',
];

// Every way to hand markup to the browser's HTML parser, in JSX, props objects and DOM calls.
const RAW_HTML = 'No raw HTML: render untrusted content as text.';
const HTML_PROPERTIES = '/^(dangerouslySetInnerHTML|innerHTML|outerHTML|srcdoc)$/i';
const rawHtmlSinks = [
  // <div dangerouslySetInnerHTML={…} />, <iframe srcDoc={…} />
  { selector: 'JSXAttribute[name.name=/^(dangerouslySetInnerHTML|srcdoc)$/i]', message: RAW_HTML },
  // createElement('div', { dangerouslySetInnerHTML: … }), { ...props, 'srcDoc': … }
  { selector: `Property[key.name=${HTML_PROPERTIES}]`, message: RAW_HTML },
  { selector: `Property[key.value=${HTML_PROPERTIES}]`, message: RAW_HTML },
  // element.innerHTML = …, props.dangerouslySetInnerHTML, frame['srcdoc'], outerHTML
  { selector: `MemberExpression[property.name=${HTML_PROPERTIES}]`, message: RAW_HTML },
  { selector: `MemberExpression[property.value=${HTML_PROPERTIES}]`, message: RAW_HTML },
  // element.insertAdjacentHTML(…), range.createContextualFragment(…), document.write(…)
  {
    selector: 'MemberExpression[property.name=/^(insertAdjacentHTML|createContextualFragment)$/]',
    message: RAW_HTML,
  },
  {
    selector: "MemberExpression[object.name='document'][property.name=/^write(ln)?$/]",
    message: RAW_HTML,
  },
  // element.setAttribute('srcdoc', …)
  {
    selector: "CallExpression[callee.property.name='setAttribute'][arguments.0.value=/^srcdoc$/i]",
    message: RAW_HTML,
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'storybook-static',
      'node_modules',
      'coverage',
      'bench-results',
      'docs/.vitepress/dist',
      'docs/.vitepress/cache',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  { files: ['**/*.{js,mjs}'], languageOptions: { globals: { ...globals.node } } },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'stories/**/*.tsx', 'test/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // useResumed memoises on the dependencies its caller passes.
      'react-hooks/exhaustive-deps': ['warn', { additionalHooks: '^useResumed$' }],
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      // Untrusted content is rendered as text or through our own sanitised components only.
      'no-restricted-syntax': ['error', ...rawHtmlSinks],
    },
  },
  {
    files: ['src/core.ts', 'src/core/**/*.ts'],
    languageOptions: { globals: { ...globals.es2023 } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react/*', 'react-dom', 'react-dom/*'],
              message: 'core has no React: it runs in Node and workers.',
            },
            {
              group: ['**/components/**', '**/react/**', '**/list/**'],
              message: 'core never imports the React layer.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...domGlobals.map((name) => ({
          name,
          message: 'core has no DOM: it runs in Node and workers.',
        })),
      ],
    },
  },
  {
    // The streaming-markdown engine is plain TypeScript: the text block view composes it.
    files: ['src/markdown/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react/*', 'react-dom', 'react-dom/*'],
              message: 'src/markdown has no React: it runs and is tested in Node.',
            },
            {
              group: ['**/components/**', '**/react/**', '**/list/**'],
              message: 'src/markdown never imports the React layer.',
            },
          ],
        },
      ],
    },
  },
);
