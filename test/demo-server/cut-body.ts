/*
 * A response whose body drops after `cutAfter` bytes, as a lost connection does: with an error
 * (a reset), or, with `stall`, with nothing more and no error (a link that went quiet).
 */

/** `response` with its body cut after `cutAfter` bytes (the chunk that crosses it still passes). */
export function cutBody(response: Response, cutAfter: number, stall = false): Response {
  if (!response.body) return response;
  const reader = response.body.getReader();
  let read = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (read >= cutAfter && stall) return new Promise<void>(() => {});
      if (read >= cutAfter) {
        void reader.cancel();
        controller.error(new TypeError('terminated: the connection dropped'));
        return;
      }
      const { value, done } = await reader.read();
      if (done) return controller.close();
      read += value.byteLength;
      controller.enqueue(value);
    },
  });
  return new Response(body, { status: response.status, headers: response.headers });
}
