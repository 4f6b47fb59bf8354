/*
 * react-agent-messages: React components and hooks for agent conversations.
 * Everything from `react-agent-messages/core` is re-exported, so one import serves an app.
 */

export * from './core.js';

export type { UnknownBlockProps } from './components/unknown-block/unknown-block.js';
export { UnknownBlock } from './components/unknown-block/unknown-block.js';
