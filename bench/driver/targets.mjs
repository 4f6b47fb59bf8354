// Building blocks of the scenario table (bench/scenarios.mjs): the variants every scenario can
// stream, and target helpers that read a scenario's results. A result is the best run of a
// variant: `{ commitLayout, commit, heap, renders, ... }` with `summarize()`d samples.
import { ratio } from './stats.mjs';

/**
 * Every variant a scenario can stream: its label (given the package versions) and the page
 * options of its runs (`window.ramBench.stream`). `list: true` needs <MessageList>.
 */
export const VARIANTS = {
  ours: {
    label: () => 'react-agent-messages `<Message>`',
    options: { variant: 'ours', scene: 'single' },
  },
  tools40: {
    label: () => '… after 40 finished tool calls in the same reply',
    options: { variant: 'tools40', scene: 'single' },
  },
  list200: {
    label: () => '… as last of 200 in `<MessageList>`',
    options: { variant: 'ours', scene: 'list', historySize: 200 },
    list: true,
  },
  streamdown: {
    label: (v) => `streamdown ${v['streamdown']}`,
    options: { variant: 'streamdown', scene: 'single' },
  },
  tanstack: {
    label: (v) => `TanStack Markdown ${v['@tanstack/markdown']} (whole text each update)`,
    options: { variant: 'tanstack', scene: 'single' },
  },
  naive: {
    label: (v) => `react-markdown ${v['react-markdown']} + remark-gfm (whole text each update)`,
    options: { variant: 'naive', scene: 'single' },
  },
  floor: {
    label: () => 'DOM floor: append to the last of many blocks',
    options: { variant: 'floor', scene: 'single' },
  },
  'floor-node': {
    label: () => 'DOM floor: append to one text node',
    options: { variant: 'floor-node', scene: 'single' },
  },
};

/** A target: `value(results)` must be ≤ `limit`; `format` prints the value. */
export function target(name, limit, value, format = ratio) {
  return { name, limit, value, format };
}

/** Ratio of the commit + layout totals of variants `a` and `b`. */
export const totalRatio = (a, b) => (results) =>
  results[a].commitLayout.total / results[b].commitLayout.total;

/** Ratio of the commit + layout medians of variants `a` and `b`. */
export const medianRatio = (a, b) => (results) =>
  results[a].commitLayout.median / results[b].commitLayout.median;

/** Last 10 % / first 10 % of the stream (commit + layout per update) of `variant`. */
export const lastFirst = (variant) => (results) => results[variant].commitLayout.lastFirst;

/** Renders of the finished messages (and their text blocks) while `variant` streamed. */
export const finishedRenders = (variant) => (results) =>
  results[variant].renders.otherMessages + results[variant].renders.otherTextBlocks;

/** Renders of the streaming reply's finished tool call cards while `variant` streamed. */
export const toolCallRenders = (variant) => (results) => results[variant].renders.finishedToolCalls;
