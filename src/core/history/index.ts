/*
 * History in pages: cut a long history where no call, turn or subagent run is split, merge the
 * pages the app loads into one window, and search it. Framework-free, for any history format.
 */
export type {
  HistoryAgUiMessage,
  HistoryShape,
  HistoryTurnRole,
  HistoryUIMessage,
} from './history-shape.js';
export { agUiHistoryShape, msgHistoryShape, uiMessageHistoryShape } from './history-shape.js';
export type { HistoryPage, HistoryPageOptions } from './cut-pages.js';
export { cutHistory, historyCuts, pageAfter, pageAround, pageBefore, pageOf } from './cut-pages.js';
export type { HistoryWindow } from './merge-pages.js';
export { createHistoryWindow, mergeHistoryPage, mergeLiveMessages } from './merge-pages.js';
export type { MessageSearchHit } from './search-messages.js';
export { messageText, searchMessages } from './search-messages.js';
