/* The types of searching a thread that the root entry exports (types only). */
export type { MessageSearch, MessageSearchOptions } from './use-message-search.js';
