import type { AiSdkUIMessageLike } from '../../core/protocols/ai-sdk/wire-types.js';
import { isRecord } from '../../core/protocols/common/read.js';

function isToolPart(part: unknown): part is Record<string, unknown> {
  if (!isRecord(part) || typeof part['type'] !== 'string') return false;
  return part['type'] === 'dynamic-tool' || part['type'].startsWith('tool-');
}

function toolName(part: Record<string, unknown>): string {
  const type = part['type'] as string;
  return type === 'dynamic-tool' ? String(part['toolName']) : type.slice('tool-'.length);
}

/**
 * Whether the last message is an assistant reply whose approvals are all answered and not sent
 * yet: what `sendMessage()` with no argument would send. A call still asking, or one the app
 * still has to run (a client-side tool without output, or an approved call of `clientTools`), holds
 * the answers back, as the AI SDK's `lastAssistantMessageIsCompleteWithApprovalResponses` does.
 */
export function hasUnsentApprovals(
  messages: readonly AiSdkUIMessageLike[],
  clientTools: ReadonlySet<string> = new Set(),
): boolean {
  const last = messages.at(-1);
  if (last === undefined || last.role !== 'assistant' || !Array.isArray(last.parts)) return false;
  const tools = (last.parts as readonly unknown[]).filter(isToolPart);
  if (!tools.some((part) => part['state'] === 'approval-responded')) return false;
  return !tools.some(
    (part) =>
      part['state'] === 'approval-requested' ||
      // An approved call the app runs: its output goes with the answers.
      (part['state'] === 'approval-responded' && clientTools.has(toolName(part))) ||
      (part['providerExecuted'] !== true &&
        (part['state'] === 'input-streaming' || part['state'] === 'input-available')),
  );
}
