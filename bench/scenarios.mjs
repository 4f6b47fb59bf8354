// The scenarios of `npm run bench -- markdown`, one entry each. A scenario streams the page
// document `document` (bench/page/scenario-documents.ts) in 4-character updates through each of
// its `variants` (bench/driver/targets.mjs) and checks its `targets`. Every scenario reports
// totals, median, p95, last/first slice, heap and the ratios of ours to every other variant.
//
// Fields: `id` (for --only=), `title`, `document`, `variants` (the first is the one the ratios
// are of), `once` (variants too slow for every round: streamed once, after the rounds),
// `quickLimit` (with --quick, these variants stream only that many characters), `targets`, and
// `page` (page options of every run: `stylesheet: false` leaves the library's stylesheet out,
// `hostCss` adds the host page's own rules).
import {
  finishedRenders,
  lastFirst,
  medianRatio,
  target,
  toolCallRenders,
  totalRatio,
} from './driver/targets.mjs';

/**
 * Rules host pages commonly set that touch code blocks: wrapping code (`pre-wrap`), a reset that
 * makes every span inline, a markdown theme's inline `pre code`, and Tailwind preflight's lines.
 */
const HOST_CSS = `
pre { white-space: pre-wrap; word-break: break-word; }
span { display: inline; }
pre code { display: inline; padding: 0; }
*, ::before, ::after { box-sizing: border-box; border: 0 solid; }
code, pre { font-family: ui-monospace, monospace; font-size: 1em; }
`;

export const SCENARIOS = [
  {
    id: 'mixed',
    title: '≈ 27 KB mixed answer',
    document: 'mixed',
    variants: [
      'ours',
      'tools40',
      'list200',
      'streamdown',
      'tanstack',
      'naive',
      'floor',
      'floor-node',
    ],
    once: ['naive'],
    quickLimit: { naive: 6000 },
    targets: [
      target('total ≤ 0.3× streamdown', 0.3, totalRatio('ours', 'streamdown')),
      target('total ≤ 2× the block floor', 2, totalRatio('ours', 'floor')),
      target('median ≤ 3× the block floor', 3, medianRatio('ours', 'floor')),
      target('last 10 % / first 10 % ≤ 1.5×', 1.5, lastFirst('ours')),
      target('renders of the finished message = 0', 0, finishedRenders('ours'), String),
      target('renders of the 40 finished tool calls = 0', 0, toolCallRenders('tools40'), String),
      target(
        'last of 200 in `<MessageList>`: total ≤ 1.2× alone',
        1.2,
        totalRatio('list200', 'ours'),
      ),
      target('renders of the 199 finished messages = 0', 0, finishedRenders('list200'), String),
    ],
  },
  ...[32, 64].map((kib) => ({
    id: `fence-${kib}k`,
    title: `${kib} KiB reply that is one code fence, still open`,
    document: `fence-${kib}k`,
    variants: ['ours', 'streamdown', 'tanstack', 'floor-node'],
    // Both re-render the whole fence per update (minutes at 64 KiB): one run each.
    once: ['streamdown', 'tanstack'],
    quickLimit: { tanstack: 8192 },
    targets: [
      target('total ≤ 0.1× streamdown', 0.1, totalRatio('ours', 'streamdown')),
      target('total ≤ 0.5× the one-node floor', 0.5, totalRatio('ours', 'floor-node')),
      target('last 10 % / first 10 % ≤ 1.5×', 1.5, lastFirst('ours')),
      target('renders of the finished message = 0', 0, finishedRenders('ours'), String),
    ],
  })),
  // The same fence in a page without the optional stylesheet (an app styling the components
  // itself), then with common host rules on top: staying flat must not depend on our theme.
  ...[
    { id: 'fence-32k-bare', title: '32 KiB open fence, without the stylesheet', hostCss: '' },
    {
      id: 'fence-32k-host',
      title: '32 KiB open fence, without the stylesheet, under host CSS',
      hostCss: HOST_CSS,
    },
  ].map(({ id, title, hostCss }) => ({
    id,
    title,
    document: 'fence-32k',
    page: { stylesheet: false, hostCss },
    variants: ['ours', 'floor-node'],
    targets: [
      target('total ≤ 0.5× the one-node floor', 0.5, totalRatio('ours', 'floor-node')),
      target('last 10 % / first 10 % ≤ 1.5×', 1.5, lastFirst('ours')),
    ],
  })),
  ...[
    { id: 'table', title: 'table streaming row by row (240 rows)' },
    { id: 'list', title: 'list streaming item by item (200 items)' },
  ].map(({ id, title }) => ({
    id,
    title,
    document: id,
    variants: ['ours', 'streamdown', 'floor'],
    targets: [
      target('last 10 % / first 10 % ≤ 1.5×', 1.5, lastFirst('ours')),
      target('renders of the finished message = 0', 0, finishedRenders('ours'), String),
    ],
  })),
];
