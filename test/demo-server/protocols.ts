/*
 * Helpers for the AI SDK and AG-UI protocol tests: posting to the demo server and reading the
 * whole SSE answer, the AI SDK's own reader as the oracle, and our canonical messages put in a
 * comparable shape.
 */
import type { UIMessage, UIMessageChunk } from 'ai';
import { parseJsonEventStream, readUIMessageStream, uiMessageChunkSchema } from 'ai';
import type { ContentBlock, Msg } from '../../src/core.js';

export interface SseAnswer {
  status: number;
  headers: Headers;
  text: string;
}

/** Posts JSON and reads the whole answer as text. */
export async function postSse(url: string, body: unknown): Promise<SseAnswer> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/**
 * The payloads of an SSE text's `data:` frames, in order (`[DONE]` included, as text), whatever
 * other fields (`id:`) a frame has.
 */
export function dataFrames(text: string): string[] {
  return text
    .split('\n\n')
    .map((frame) => frame.split('\n').find((line) => line.startsWith('data: ')))
    .filter((line) => line !== undefined)
    .map((line) => line.slice('data: '.length));
}

/** The events of an SSE text, parsed. */
export function sseEvents(text: string): ({ type: string } & Record<string, unknown>)[] {
  return dataFrames(text)
    .filter((data) => data !== '[DONE]')
    .map((data) => JSON.parse(data) as { type: string } & Record<string, unknown>);
}

/**
 * The AI SDK's fold of an SSE body, as `useChat`'s transport reads it: `parseJsonEventStream`
 * validating every chunk against `uiMessageChunkSchema` (an invalid chunk throws), then
 * `readUIMessageStream`. Returns the last message and the errors the stream reported.
 */
export async function aiSdkOracle(
  text: string,
  message?: UIMessage,
): Promise<{ message: UIMessage; errors: string[] }> {
  const body = new Response(text).body;
  if (!body) throw new Error('no body');
  const chunks = parseJsonEventStream({ stream: body, schema: uiMessageChunkSchema }).pipeThrough(
    new TransformStream<{ success: boolean; value?: unknown; error?: unknown }, UIMessageChunk>({
      transform(part, controller) {
        if (!part.success) throw part.error;
        controller.enqueue(part.value as UIMessageChunk);
      },
    }),
  );
  const errors: string[] = [];
  let last: UIMessage | undefined;
  const stream = readUIMessageStream({
    stream: chunks,
    ...(message ? { message: structuredClone(message) } : {}),
    onError: (error) => errors.push(error instanceof Error ? error.message : String(error)),
  });
  for await (const snapshot of stream) last = snapshot;
  if (!last) throw new Error('readUIMessageStream gave no message');
  return { message: last, errors };
}

/** A block as what a reader sees: its kind and its words, a call's name and state. */
export function blockShape(block: ContentBlock): string {
  switch (block.type) {
    case 'text':
      return `text:${block.text}`;
    case 'thinking':
      return `thinking:${block.thinking}`;
    case 'tool_call':
      return `call:${block.name}:${block.state}`;
    case 'tool_result':
      return `result:${block.name}:${block.state}`;
    case 'data':
      return `data:${block.source.media_type}`;
    default:
      return block.type;
  }
}

/** A message's blocks, in the shape above. */
export function shapeOf(msg: Msg | undefined): string[] {
  return (msg?.content ?? []).map(blockShape);
}
