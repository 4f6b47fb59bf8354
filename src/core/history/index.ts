/*
 * History in pages: cut a long history where no call, turn or subagent run is split, merge the
 * pages the app loads into one window, and search it. Framework-free, for any history format.
 */
export * from './history-shape.js';
export * from './cut-pages.js';
export * from './merge-pages.js';
export * from './search-messages.js';
