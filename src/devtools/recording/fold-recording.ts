import type {
  Diagnostic,
  MessageStreamProtocol,
  MessageStreamProtocolName,
  MessageStreamProtocolRun,
  Msg,
} from '../../core.js';
import { agUiProtocol } from '../../core/protocols/ag-ui/driver.js';
import { agentFlowProtocol } from '../../core/protocols/agentflow/driver.js';
import { aiSdkProtocol } from '../../core/protocols/ai-sdk/driver.js';
import { fromAiSdkMessages } from '../../core/protocols/ai-sdk/messages.js';
import { operatorUseProtocol } from '../../core/protocols/operator-use/driver.js';
import { agentScopeProtocol } from '../../core/protocols/agentscope/driver.js';
import type { FoldedRecording, RecordedEvent, RecordingSession } from './recording-types.js';

const DRIVERS: Record<MessageStreamProtocolName, MessageStreamProtocol> = {
  agentscope: agentScopeProtocol,
  'ai-sdk': aiSdkProtocol,
  'ag-ui': agUiProtocol,
  agentflow: agentFlowProtocol,
  'operator-use': operatorUseProtocol,
};

/** A fold that takes events in pieces: scrubbing forward folds only what is new. */
interface Folder {
  push(events: readonly RecordedEvent[]): void;
  result(): FoldedRecording;
}

/** What an `add` or `reset` entry holds: a message list (a file may say anything). */
const messagesOf = (value: unknown): readonly Msg[] => (Array.isArray(value) ? value : []);

/** What a `settle` entry holds. */
function settlementOf(value: unknown): { toolCallId: string; allowed: boolean | null } | null {
  if (typeof value !== 'object' || value === null) return null;
  const { toolCallId, allowed } = value as Record<string, unknown>;
  if (typeof toolCallId !== 'string') return null;
  return { toolCallId, allowed: typeof allowed === 'boolean' ? allowed : null };
}

/**
 * The protocol's own driver, the one the stream store opens: frames, what the app added in between
 * and what the store made itself (an optimistic answer), in order; a frame it skips is reported.
 */
function driverFolder(driver: MessageStreamProtocol): Folder {
  const skipped: Diagnostic[] = [];
  const run: MessageStreamProtocolRun = driver.open({
    messages: [],
    host: {
      listening: () => false,
      applied: () => undefined,
      skipped: (diagnostic) => skipped.push(diagnostic),
      made: () => undefined,
    },
  });
  return {
    push(entries) {
      for (const entry of entries) {
        if (entry.unserializable !== undefined) continue;
        if (entry.kind === 'add') run.addMessages(messagesOf(entry.frame));
        else if (entry.kind === 'reset') run.reset(messagesOf(entry.frame));
        else if (entry.kind === 'settle') {
          const settled = settlementOf(entry.frame);
          if (settled) run.settle(settled.toolCallId, settled.allowed);
        } else if (entry.kind === 'event') run.push(entry.frame);
        else run.push(entry.frame, entry.frame);
      }
    },
    result() {
      const { messages, diagnostics } = run.conversation();
      return {
        messages,
        diagnostics: skipped.length > 0 ? [...skipped, ...diagnostics] : diagnostics,
      };
    },
  };
}

/** Message-list snapshots (`useAiSdkChat`): the last one is what the hook showed. */
function snapshotFolder(): Folder {
  let last: unknown = [];
  let result: FoldedRecording | null = null;
  return {
    push(entries) {
      const snapshots = entries.filter((entry) => entry.unserializable === undefined);
      if (snapshots.length === 0) return;
      last = snapshots[snapshots.length - 1]?.frame;
      result = null;
    },
    result() {
      result ??= fromAiSdkMessages(Array.isArray(last) ? last : null);
      return result;
    },
  };
}

function createFolder(session: RecordingSession): Folder {
  const { protocol, frames } = session.header;
  if (frames === 'messages') return snapshotFolder();
  return driverFolder(DRIVERS[protocol]);
}

/** The last fold of each session, so that scrubbing forward folds only the events passed. */
const latest = new WeakMap<RecordingSession, { folder: Folder; count: number }>();

/**
 * What the UI made of a session's first `count` events (all by default): the fold of exactly
 * those, by the protocol's own driver from core (the one `useMessageStream` runs), so scrubbing
 * to an event shows the conversation as it was then.
 * @example
 * const { messages } = foldRecording(session, 10);
 */
export function foldRecording(session: RecordingSession, count?: number): FoldedRecording {
  const { events } = session;
  const end = Math.max(0, Math.min(events.length, Math.floor(count ?? events.length)));
  let cached = latest.get(session);
  if (cached === undefined || cached.count > end) {
    cached = { folder: createFolder(session), count: 0 };
    latest.set(session, cached);
  }
  if (cached.count < end) {
    cached.folder.push(events.slice(cached.count, end));
    cached.count = end;
  }
  return cached.folder.result();
}
