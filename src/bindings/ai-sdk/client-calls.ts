import { aiSdkToolInfo } from '../../core/protocols/ai-sdk/tool-state.js';
import type { ContentBlock } from '../../core/model/block.js';
import type { Msg } from '../../core/model/message.js';

/*
 * A `UIMessage` does not say which tools the server can run. An approved call waiting for its
 * output is the server's, unless the app named the tool as one it runs itself (`clientTools`):
 * then the call is `submitted` ("Running externally") and the reply waits for the app.
 */

function isApprovedAndWaiting(block: ContentBlock, content: readonly ContentBlock[]): boolean {
  if (block.type !== 'tool_call' || block.state !== 'allowed') return false;
  const info = aiSdkToolInfo(block);
  if (info?.state !== 'approval-responded' || info.approval?.approved !== true) return false;
  return !content.some((other) => other.type === 'tool_result' && other.id === block.id);
}

/** Marks the approved calls of `clientTools` as the app's; a marker keeps its copies per message. */
export function createClientCallMarker(): (
  messages: Msg[],
  clientTools: ReadonlySet<string>,
) => Msg[] {
  let cache = new WeakMap<Msg, Msg>();
  let names: ReadonlySet<string> | null = null;
  return (messages, clientTools) => {
    if (clientTools.size === 0) return messages;
    if (names !== clientTools) {
      cache = new WeakMap();
      names = clientTools;
    }
    return messages.map((msg) => {
      const cached = cache.get(msg);
      if (cached !== undefined) return cached;
      const { content } = msg;
      let next = msg;
      if (
        content.some(
          (b) =>
            b.type === 'tool_call' && clientTools.has(b.name) && isApprovedAndWaiting(b, content),
        )
      )
        next = {
          ...msg,
          content: content.map((block) =>
            block.type === 'tool_call' &&
            clientTools.has(block.name) &&
            isApprovedAndWaiting(block, content)
              ? { ...block, state: 'submitted' as const }
              : block,
          ),
        };
      cache.set(msg, next);
      return next;
    });
  };
}
