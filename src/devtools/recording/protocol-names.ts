import type { MessageStreamProtocolName } from '../../core.js';

/** Every protocol a recording can name. */
export const MESSAGE_STREAM_PROTOCOLS: readonly MessageStreamProtocolName[] = [
  'agentscope',
  'ai-sdk',
  'ag-ui',
  'agentflow',
  'operator-use',
];
