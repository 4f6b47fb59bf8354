/*
 * The oracle: `@ag-ui/client`'s own fold (an AbstractAgent whose run() emits the events), and
 * our canonical messages mapped back to AG-UI's shape so the two can be compared.
 */
import { AbstractAgent } from '@ag-ui/client';
import type { BaseEvent, Interrupt, Message, RunAgentInput } from '@ag-ui/core';
import { Observable } from 'rxjs';
import type { ContentBlock, Msg } from '../../../src/core.js';

process.env['SUPPRESS_TRANSFORMATION_WARNINGS'] = 'true';

class ReplayAgent extends AbstractAgent {
  constructor(private readonly events: readonly unknown[]) {
    super({ threadId: 'thread' });
  }

  run(_input: RunAgentInput): Observable<BaseEvent> {
    return new Observable<BaseEvent>((subscriber) => {
      for (const event of this.events) subscriber.next(structuredClone(event) as BaseEvent);
      subscriber.complete();
    });
  }
}

/** What the AG-UI client holds after folding the events, or the error it stopped with. */
export interface OracleResult {
  messages: Message[];
  state: unknown;
  pendingInterrupts: Interrupt[];
  error: string | null;
}

export async function clientFold(events: readonly unknown[]): Promise<OracleResult> {
  const agent = new ReplayAgent(events);
  const warn = console.warn;
  const error = console.error;
  console.warn = () => {};
  console.error = () => {};
  let failure: string | null = null;
  try {
    await agent.runAgent();
  } catch (caught) {
    failure = caught instanceof Error ? caught.message : String(caught);
  } finally {
    console.warn = warn;
    console.error = error;
  }
  return {
    messages: structuredClone(agent.messages),
    state: structuredClone(agent.state),
    pendingInterrupts: structuredClone(agent.pendingInterrupts),
    error: failure,
  };
}

/** The fields of an AG-UI message that the UI shows, in a comparable form. */
export interface Comparable {
  id: string;
  role: string;
  content?: unknown;
  toolCalls?: { id: string; name: string; arguments: string }[];
  toolCallId?: string;
  activityType?: string;
  encryptedValue?: string;
  subagentRunId?: string;
}

function partOf(block: ContentBlock): unknown {
  if (block.type === 'text') return { type: 'text', text: block.text };
  if (block.type === 'data') {
    const source = block.source;
    const kind = source.media_type.split('/')[0];
    const type = kind === 'image' || kind === 'audio' || kind === 'video' ? kind : 'document';
    if (source.type === 'base64')
      return { type, source: { type: 'data', value: source.data, mimeType: source.media_type } };
    if (source.type === 'url')
      return { type, source: { type: 'url', value: source.url, mimeType: source.media_type } };
    return { type, source: { type: 'file', value: source.file_id, mimeType: source.media_type } };
  }
  return block;
}

/** Our message in AG-UI's terms. */
export function fromCanonical(msg: Msg): Comparable {
  const agUi = (msg.metadata['ag_ui'] ?? {}) as Record<string, unknown>;
  const role = typeof agUi['role'] === 'string' ? agUi['role'] : msg.role;
  const out: Comparable = { id: msg.id, role };
  if (typeof agUi['subagent_run_id'] === 'string') out.subagentRunId = agUi['subagent_run_id'];
  if (typeof agUi['encrypted_value'] === 'string') out.encryptedValue = agUi['encrypted_value'];
  switch (role) {
    case 'assistant': {
      const text = msg.content.filter((block) => block.type === 'text');
      if (text.length > 0)
        out.content = text.map((block) => (block.type === 'text' ? block.text : '')).join('');
      const calls = msg.content.flatMap((block) =>
        block.type === 'tool_call'
          ? [{ id: block.id, name: block.name, arguments: block.input }]
          : [],
      );
      if (calls.length > 0) out.toolCalls = calls;
      return out;
    }
    case 'reasoning': {
      const block = msg.content.find((candidate) => candidate.type === 'thinking');
      out.content = block?.type === 'thinking' ? block.thinking : '';
      if (block?.type === 'thinking' && typeof block['encrypted_value'] === 'string')
        out.encryptedValue = block['encrypted_value'];
      return out;
    }
    case 'tool': {
      const block = msg.content[0];
      if (block?.type === 'tool_result') {
        out.toolCallId = block.id;
        out.content = typeof block.output === 'string' ? block.output : block.output.map(partOf);
      }
      return out;
    }
    case 'activity': {
      const block = msg.content[0];
      out.activityType = typeof agUi['activity_type'] === 'string' ? agUi['activity_type'] : '';
      out.content = block?.type === 'unknown' ? block.raw : null;
      return out;
    }
    default: {
      const only = msg.content[0];
      out.content =
        msg.content.length === 1 && only?.type === 'text' && only.id === msg.id
          ? only.text
          : msg.content.map(partOf);
      return out;
    }
  }
}

/** The client's message in the same terms. */
export function fromClient(message: Message): Comparable {
  const record = message as unknown as Record<string, unknown>;
  const out: Comparable = { id: message.id, role: message.role };
  if (typeof record['subagentRunId'] === 'string') out.subagentRunId = record['subagentRunId'];
  if (typeof record['encryptedValue'] === 'string') out.encryptedValue = record['encryptedValue'];
  switch (message.role) {
    case 'assistant':
      if (typeof message.content === 'string' && message.content !== '')
        out.content = message.content;
      if (message.toolCalls !== undefined && message.toolCalls.length > 0)
        out.toolCalls = message.toolCalls.map((call) => ({
          id: call.id,
          name: call.function.name,
          arguments: call.function.arguments,
        }));
      return out;
    case 'tool':
      out.toolCallId = message.toolCallId;
      out.content = message.content;
      return out;
    case 'activity':
      out.activityType = message.activityType;
      out.content = message.content;
      return out;
    default:
      out.content = message.content;
      return out;
  }
}
