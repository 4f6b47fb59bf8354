// The docs site: VitePress, its source the markdown in docs/. `npm run docs:build` builds it with
// Storybook's static build in `storybook/` (embedded by the component pages) and the API pages
// generated from api/*.api.md (scripts/docs-build.mjs). Dead internal links fail the build.
import { defineConfig, type DefaultTheme } from 'vitepress';
import { storyEmbeds } from './story-embed';

/** Served from a sub-path (GitHub Pages: `/react-agent-messages/`) when DOCS_BASE says so. */
const base = process.env['DOCS_BASE'] ?? '/';

const backends: DefaultTheme.SidebarItem[] = [
  { text: 'Vercel AI SDK (useChat)', link: '/ai-sdk' },
  { text: 'AG-UI: CopilotKit, Mastra, LangGraph', link: '/ag-ui' },
  { text: 'AgentScope', link: '/agentscope' },
  { text: 'AgentFlow', link: '/agentflow' },
  { text: 'Operator-Use', link: '/operator-use' },
];

const components: DefaultTheme.SidebarItem[] = [
  { text: 'MessageList', link: '/components/message-list' },
  { text: 'Message', link: '/components/message' },
  { text: 'Composer', link: '/components/composer' },
  { text: 'ConfirmationPrompt', link: '/components/confirmation-prompt' },
  { text: 'InterruptPrompt', link: '/components/interrupt-prompt' },
  { text: 'ToolCallCard', link: '/components/tool-call-card' },
  { text: 'TextBlockView', link: '/components/text-block' },
  { text: 'ThinkingBlockView', link: '/components/thinking-block' },
  { text: 'DataBlockView', link: '/components/data-block' },
  { text: 'ToolResultView', link: '/components/tool-result' },
  { text: 'HintBlockView', link: '/components/hint-block' },
  { text: 'ErrorBlockView', link: '/components/error-block' },
  { text: 'UnknownBlockView', link: '/components/unknown-block' },
  { text: 'Data parts', link: '/components/data-part' },
  { text: 'Message actions', link: '/components/message-actions' },
  { text: 'BranchPicker', link: '/components/branch-picker' },
  { text: 'ApprovalRules', link: '/components/approval-rules' },
  { text: 'AgentMessagesProvider', link: '/components/provider' },
];

export default defineConfig({
  title: 'react-agent-messages',
  description:
    'React components for AI-agent conversations: AI SDK, AG-UI, AgentScope, AgentFlow and Operator-Use in one model.',
  base,
  lang: 'en',
  cleanUrls: true,
  lastUpdated: false,
  // Fragments the pages include (generated props tables and stylesheet variables), not pages.
  srcExclude: ['api/props/**', 'api/css/**'],
  markdown: { config: (md) => storyEmbeds(md, base) },
  themeConfig: {
    nav: [
      { text: 'Guide', link: '/getting-started' },
      { text: 'Backends', items: backends },
      { text: 'Components', link: '/components/message-list' },
      { text: 'API', link: '/api/' },
    ],
    sidebar: [
      {
        text: 'Guide',
        items: [
          { text: 'Getting started', link: '/getting-started' },
          { text: 'Messages you already have', link: '/stored-messages' },
          { text: 'Streams: useMessageStream', link: '/streams' },
          { text: 'Replies that survive', link: '/resume' },
          { text: 'Folding in a worker', link: '/worker' },
          { text: 'Approvals and policies', link: '/approvals' },
          { text: 'Your own blocks and tools', link: '/customising' },
          { text: 'Server rendering', link: '/server-rendering' },
        ],
      },
      { text: 'Backends', items: backends },
      { text: 'Components', collapsed: false, items: components },
      {
        text: 'Look and language',
        items: [
          { text: 'Theming and the DOM contract', link: '/theming' },
          { text: 'Themes and the shadcn preset', link: '/themes' },
          { text: 'Languages and RTL', link: '/i18n' },
        ],
      },
      {
        text: 'More',
        items: [
          { text: 'History windows and find', link: '/history' },
          { text: 'Queue and steer', link: '/queue' },
          { text: 'Activities', link: '/activities' },
          { text: 'MCP Apps', link: '/mcp-apps' },
          { text: 'Devtools', link: '/devtools' },
        ],
      },
      {
        text: 'Reference',
        items: [
          { text: 'API', link: '/api/' },
          { text: 'Security model', link: '/security' },
          { text: 'Benchmarks', link: '/benchmarks' },
          { text: 'Design notes', link: '/design-notes' },
          { text: 'Dependencies and why', link: '/dependencies' },
          { text: 'Migration notes', link: '/migration' },
          { text: 'Development', link: '/development' },
        ],
      },
    ],
    socialLinks: [
      { icon: 'github', link: 'https://github.com/react-agent-messages/react-agent-messages' },
    ],
    search: { provider: 'local' },
    outline: { level: [2, 3] },
  },
});
