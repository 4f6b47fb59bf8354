/*
 * A model step for `MockLanguageModelV4` that the test ends: it streams its first words at once,
 * then waits for `end()`, so a test can act while the reply is still streaming.
 */

/** One part of a language model's stream, as `MockLanguageModelV4` passes it on. */
export type ModelPart = Record<string, unknown> & { type: string };

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
};

/** A step that streams `words`, then finishes when the test calls `end()`. */
export function scriptedStep(words: string) {
  let controller!: ReadableStreamDefaultController<ModelPart>;
  const stream = new ReadableStream<ModelPart>({
    start(c) {
      controller = c;
      c.enqueue({ type: 'stream-start', warnings: [] });
      c.enqueue({ type: 'text-start', id: 't' });
      c.enqueue({ type: 'text-delta', id: 't', delta: words });
    },
  });
  const end = () => {
    controller.enqueue({ type: 'text-end', id: 't' });
    controller.enqueue({ type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage });
    controller.close();
  };
  return { stream, end };
}
