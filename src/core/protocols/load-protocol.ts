import type { MessageStreamProtocol, MessageStreamProtocolName } from './protocol-types.js';

/*
 * Each protocol's driver is its own `import()`: an app's bundler splits it into a chunk of its
 * own, loaded only by a stream of that protocol, so a chat that speaks AgentScope pays nothing.
 * 'agentscope' has no driver: the store folds it itself.
 */

/** Imports the driver of a protocol other than AgentScope. */
export function loadProtocol(
  name: MessageStreamProtocolName,
): Promise<MessageStreamProtocol | null> {
  switch (name) {
    case 'ai-sdk':
      return import('./ai-sdk/driver.js').then((module) => module.aiSdkProtocol);
    case 'ag-ui':
      return import('./ag-ui/driver.js').then((module) => module.agUiProtocol);
    case 'agentflow':
      return import('./agentflow/driver.js').then((module) => module.agentFlowProtocol);
    case 'operator-use':
      return import('./operator-use/driver.js').then((module) => module.operatorUseProtocol);
    case 'agentscope':
      return Promise.resolve(null);
    default:
      return Promise.reject(new TypeError(`useMessageStream: unknown protocol "${String(name)}"`));
  }
}
