/*
 * What the AI SDK and AG-UI translations both need from AgentScope's events: pieces that stream in
 * deltas there but travel whole in those protocols (a data block's base64 chunks, a tool result's
 * text and media, a tool call's arguments), gathered until their end event.
 */
import type { AgentEvent } from 'react-agent-messages/core';
import { mediaFiles } from './media.js';

/** A file of a tool result: by URL, or base64 data. */
export interface ResultFile {
  mediaType: string;
  url: string | null;
  data: string | null;
}

/** A finished tool result. */
export interface ToolResult {
  id: string;
  name: string;
  text: string;
  files: ResultFile[];
  state: string;
}

/** A finished data block (an image the model made). */
export interface DataPart {
  id: string;
  mediaType: string;
  bytes: Buffer;
}

/** A finished tool call: its name and arguments. */
export interface ToolCall {
  id: string;
  name: string;
  input: string;
}

/** What one AgentScope event completed. */
export type Completed =
  | { kind: 'data'; part: DataPart }
  | { kind: 'result'; result: ToolResult }
  | { kind: 'call'; call: ToolCall };

export class ReplyParts {
  private readonly data = new Map<string, { mediaType: string; chunks: Buffer[] }>();
  private readonly results = new Map<string, ToolResult>();
  private readonly calls = new Map<string, ToolCall>();

  /**
   * Gathers `event`; returns what it completed. A data block is complete once anything else
   * happens: its chunks all come first, but AgentScope ends it only when the model call ends,
   * after what was said and called since, and these protocols send it whole, in its place.
   */
  take(event: AgentEvent): Completed[] {
    const done: Completed[] = [];
    if (event.type !== 'DATA_BLOCK_DELTA' && event.type !== 'DATA_BLOCK_END') {
      for (const id of [...this.data.keys()]) {
        const part = this.endData(id);
        if (part) done.push({ kind: 'data', part });
      }
    }
    const own = this.gather(event);
    if (own) done.push(own);
    return done;
  }

  private endData(id: string): DataPart | null {
    const open = this.data.get(id);
    this.data.delete(id);
    return open ? { id, mediaType: open.mediaType, bytes: Buffer.concat(open.chunks) } : null;
  }

  private gather(event: AgentEvent): Completed | null {
    switch (event.type) {
      case 'DATA_BLOCK_START':
        this.data.set(event.block_id, { mediaType: event.media_type, chunks: [] });
        return null;
      case 'DATA_BLOCK_DELTA':
        // Each chunk is base64 on its own (independently encoded), so decode them one by one.
        this.data.get(event.block_id)?.chunks.push(Buffer.from(event.data, 'base64'));
        return null;
      case 'DATA_BLOCK_END': {
        const part = this.endData(event.block_id);
        return part ? { kind: 'data', part } : null;
      }
      case 'TOOL_CALL_START':
        this.calls.set(event.tool_call_id, {
          id: event.tool_call_id,
          name: event.tool_call_name,
          input: '',
        });
        return null;
      case 'TOOL_CALL_DELTA': {
        const call = this.calls.get(event.tool_call_id);
        if (call) call.input += event.delta;
        return null;
      }
      case 'TOOL_CALL_END': {
        const call = this.calls.get(event.tool_call_id);
        return call ? { kind: 'call', call } : null;
      }
      case 'TOOL_RESULT_START':
        this.results.set(event.tool_call_id, {
          id: event.tool_call_id,
          name: event.tool_call_name,
          text: '',
          files: [],
          state: 'running',
        });
        return null;
      case 'TOOL_RESULT_TEXT_DELTA':
        this.result(event.tool_call_id).text += event.delta;
        return null;
      case 'TOOL_RESULT_DATA_DELTA':
        this.result(event.tool_call_id).files.push({
          mediaType: event.media_type,
          url: event.url ?? null,
          data: event.data ?? null,
        });
        return null;
      case 'TOOL_RESULT_END': {
        const result = this.result(event.tool_call_id);
        this.results.delete(event.tool_call_id);
        return { kind: 'result', result: { ...result, state: event.state } };
      }
      default:
        return null;
    }
  }

  /** The call `id` names, as far as it streamed. */
  call(id: string): ToolCall | undefined {
    return this.calls.get(id);
  }

  // A continuation streams into a result that opened in an earlier request: start it here.
  private result(id: string): ToolResult {
    let result = this.results.get(id);
    if (!result) {
      result = { id, name: this.calls.get(id)?.name ?? '', text: '', files: [], state: 'running' };
      this.results.set(id, result);
    }
    return result;
  }
}

/** The same-origin URL of a generated media file with exactly these bytes, or `null`. */
export function mediaUrlOf(bytes: Buffer, origin: string): string | null {
  for (const file of mediaFiles().values()) {
    if (file.bytes.equals(bytes)) return `${origin}/media/${file.name}`;
  }
  return null;
}

/** A `data:` URL of the bytes. */
export function dataUrl(mediaType: string, base64: string): string {
  return `data:${mediaType};base64,${base64}`;
}

/** A tool call's arguments as JSON, or the raw text when they do not parse. */
export function parseInput(input: string): unknown {
  try {
    return JSON.parse(input) as unknown;
  } catch {
    return input;
  }
}
