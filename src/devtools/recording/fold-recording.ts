import type {
  Conversation,
  Diagnostic,
  MessageStreamProtocol,
  MessageStreamProtocolName,
  MessageStreamProtocolRun,
} from '../../core.js';
import {
  agentFlowProtocol,
  agUiProtocol,
  aiSdkProtocol,
  createConversation,
  foldEvents,
  fromAiSdkMessages,
  operatorUseProtocol,
  parseAgentEvent,
} from '../../core.js';
import { createDiagnostic } from '../../core/model/diagnostic.js';
import type { FoldedRecording, RecordingSession } from './recording-types.js';

const DRIVERS: Record<Exclude<MessageStreamProtocolName, 'agentscope'>, MessageStreamProtocol> = {
  'ai-sdk': aiSdkProtocol,
  'ag-ui': agUiProtocol,
  agentflow: agentFlowProtocol,
  'operator-use': operatorUseProtocol,
};

/** A fold that takes frames in pieces: scrubbing forward folds only what is new. */
interface Folder {
  push(frames: readonly unknown[]): void;
  result(): FoldedRecording;
}

/** The stream store's own fold of AgentScope events; a frame that is no event is reported. */
function agentScopeFolder(): Folder {
  let conversation: Conversation = createConversation();
  const invalid: Diagnostic[] = [];
  let result: FoldedRecording | null = null;
  return {
    push(frames) {
      const events = [];
      for (const frame of frames) {
        const parsed = parseAgentEvent(frame);
        if (parsed.ok) events.push(parsed.value);
        else invalid.push(createDiagnostic('invalid-event', parsed.error, { raw: frame }));
      }
      conversation = foldEvents(events, conversation);
      result = null;
    },
    result() {
      result ??= {
        messages: conversation.messages,
        diagnostics: [...invalid, ...conversation.diagnostics],
      };
      return result;
    },
  };
}

/** Another protocol, through the same driver the stream store opens. */
function driverFolder(driver: MessageStreamProtocol): Folder {
  const run: MessageStreamProtocolRun = driver.open({ messages: [] });
  return {
    push(frames) {
      for (const frame of frames) run.push(frame);
    },
    result() {
      const { messages, diagnostics } = run.conversation();
      return { messages, diagnostics };
    },
  };
}

/** Message-list snapshots (`useAiSdkChat`): the last one is what the hook showed. */
function snapshotFolder(): Folder {
  let last: unknown = [];
  let result: FoldedRecording | null = null;
  return {
    push(frames) {
      if (frames.length === 0) return;
      last = frames[frames.length - 1];
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
  return protocol === 'agentscope' ? agentScopeFolder() : driverFolder(DRIVERS[protocol]);
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
    cached.folder.push(events.slice(cached.count, end).map((event) => event.frame));
    cached.count = end;
  }
  return cached.folder.result();
}
