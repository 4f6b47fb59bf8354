/*
 * `useChat({ resume: true })` as the AI SDK documents it: each reply is written through
 * `resumable-stream` under a stream id, the chat remembers its active stream id, and
 * `GET /api/chat/:id/stream` hands a reconnecting (or reloaded) page the whole reply from its
 * start, then live (`DefaultChatTransport` treats a resumed stream as a replay). The chat's
 * messages are kept too, so a reloaded page starts from them (`GET /api/chat/:id/messages`).
 * On Redis every process can resume a reply that another one is producing.
 */
import type { ServerResponse } from 'node:http';
import type { UIMessage, UIMessageChunk } from 'ai';
import { readUIMessageStream } from 'ai';
import type { ResumableStreamContext } from 'resumable-stream/generic';
import { createResumableStreamContext } from 'resumable-stream/generic';
import type { Relay } from '../relay/relay.js';
import { RELAY_TTL_SECONDS } from '../relay/relay.js';

/** The AI SDK's `UI_MESSAGE_STREAM_HEADERS`. */
export const UI_MESSAGE_STREAM_HEADERS = {
  'content-type': 'text/event-stream',
  'cache-control': 'no-cache',
  connection: 'keep-alive',
  'x-vercel-ai-ui-message-stream': 'v1',
  'x-accel-buffering': 'no',
} as const;

const messagesKey = (chatId: string) => `ram:ai-sdk:chat:${chatId}:messages`;
const activeKey = (chatId: string) => `ram:ai-sdk:chat:${chatId}:active`;

/** A reply being produced: frames go in with `write`, `end` closes it. */
export interface ReplyFrames {
  readonly stream: ReadableStream<string>;
  /** A UI message chunk (as `emit.ts` builds it), or the closing `[DONE]`. */
  write(chunk: object | '[DONE]'): void;
  end(): void;
}

/** A stream of SSE frames fed by hand, and the chunks it carried (for the finished message). */
export function replyFrames(): ReplyFrames & { readonly chunks: UIMessageChunk[] } {
  let controller!: ReadableStreamDefaultController<string>;
  let ended = false;
  const chunks: UIMessageChunk[] = [];
  const stream = new ReadableStream<string>({
    start(c) {
      controller = c;
    },
  });
  return {
    stream,
    chunks,
    write(chunk) {
      if (ended) return;
      if (chunk !== '[DONE]') chunks.push(chunk as UIMessageChunk);
      controller.enqueue(`data: ${typeof chunk === 'string' ? chunk : JSON.stringify(chunk)}\n\n`);
    },
    end() {
      if (ended) return;
      ended = true;
      controller.close();
    },
  };
}

/** The AI SDK route's chats: messages, active stream ids and their resumable streams. */
export class AiSdkChats {
  private readonly context: ResumableStreamContext;
  /** Streams still publishing (what `waitUntil` is given), so closing waits for them. */
  private readonly pending = new Set<Promise<unknown>>();

  constructor(private readonly relay: Relay) {
    this.context = createResumableStreamContext({
      keyPrefix: 'ram:ai-sdk',
      waitUntil: (promise) => {
        this.pending.add(promise);
        void promise.finally(() => this.pending.delete(promise));
      },
      publisher: relay.publisher,
      subscriber: relay.subscriber,
      // A resumed reader notices a finished stream within a second, even if its DONE was lost.
      doneWatchdogIntervalMs: 1000,
    });
  }

  /** Resolves once every stream has published its end (call after the runs are stopped). */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.pending]);
  }

  async messages(chatId: string): Promise<unknown[]> {
    const text = await this.relay.get(messagesKey(chatId));
    const value: unknown = text ? JSON.parse(text) : [];
    return Array.isArray(value) ? value : [];
  }

  saveMessages(chatId: string, messages: readonly unknown[]): Promise<void> {
    return this.relay.set(messagesKey(chatId), JSON.stringify(messages), RELAY_TTL_SECONDS);
  }

  /**
   * Starts a reply as a resumable stream under `streamId`, the chat's active stream until it
   * ends; then the chat's messages gain the finished reply (continuing the last one sent, when
   * that is the assistant's). Resolves with the stream for this response.
   */
  async start(
    chatId: string,
    streamId: string,
    frames: ReplyFrames & { readonly chunks: UIMessageChunk[] },
    sent: readonly UIMessage[],
    done: Promise<unknown>,
  ): Promise<ReadableStream<string> | null> {
    await this.saveMessages(chatId, sent);
    const out = await this.context.createNewResumableStream(streamId, () => frames.stream);
    await this.relay.set(activeKey(chatId), streamId, RELAY_TTL_SECONDS);
    void done.then(async () => {
      const previous = sent.at(-1)?.role === 'assistant' ? sent.at(-1) : undefined;
      const reply = await finishedMessage(frames.chunks, previous);
      const kept = previous ? sent.slice(0, -1) : sent;
      await this.saveMessages(chatId, reply ? [...kept, reply] : kept);
      // Only if no newer reply took over the chat meanwhile.
      if ((await this.relay.get(activeKey(chatId))) === streamId) {
        await this.relay.del(activeKey(chatId));
      }
    });
    return out;
  }

  /** `GET /api/chat/:id/stream`: the active reply from its start, or 204 when there is none. */
  async resume(res: ServerResponse, chatId: string): Promise<void> {
    const streamId = await this.relay.get(activeKey(chatId));
    const stream = streamId ? await this.context.resumeExistingStream(streamId) : null;
    if (!stream) {
      res.writeHead(204, { 'cache-control': 'no-store' });
      res.end();
      return;
    }
    await pipeSse(stream, res);
  }

  /** A stream another process produces under `streamId`, as this response; `attached` once read. */
  async follow(
    res: ServerResponse,
    streamId: string,
    attached: () => Promise<void>,
  ): Promise<boolean> {
    const stream = await this.context.resumeExistingStream(streamId);
    if (!stream) return false;
    await attached();
    await pipeSse(stream, res);
    return true;
  }
}

/** The reply the chunks build, read by the AI SDK's own `readUIMessageStream`. */
async function finishedMessage(
  chunks: readonly UIMessageChunk[],
  previous: UIMessage | undefined,
): Promise<UIMessage | null> {
  const stream = new ReadableStream<UIMessageChunk>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  let last: UIMessage | null = null;
  try {
    const read = readUIMessageStream(previous ? { message: previous, stream } : { stream });
    for await (const message of read) last = message;
  } catch {
    // A reply the SDK cannot read is not kept; the page still showed it live.
  }
  return last;
}

/** Writes a stream of SSE text to the response; a reader that leaves stops only the copy. */
export async function pipeSse(stream: ReadableStream<string>, res: ServerResponse): Promise<void> {
  if (!res.headersSent) {
    res.writeHead(200, UI_MESSAGE_STREAM_HEADERS);
    res.flushHeaders();
  }
  const reader = stream.getReader();
  const stop = () => void reader.cancel().catch(() => undefined);
  res.on('close', stop);
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done || res.writableEnded) break;
      res.write(value);
    }
  } catch {
    // The reader was cancelled because the client left.
  } finally {
    res.off('close', stop);
    res.end();
  }
}
