/*
 * `createResumableAgUiFetch`: a `fetch` for an AG-UI agent (`HttpAgent`'s `fetch` option) whose
 * SSE answer survives a dropped connection. It passes only whole frames on and notes the last
 * `id:`; when the body fails mid-run, or ends before the run did, it posts the same request again
 * with `Last-Event-ID` and splices what the server answers into the same body. The agent reads one
 * uninterrupted stream, and nothing of `@ag-ui/client` is needed here.
 */
import { backoffDelay, type ResolvedReconnectOptions } from '../../core/client/backoff.js';
import { SseFrameSplitter, type SseFrame } from './sse-frames.js';

/** The fetch an AG-UI agent calls (`HttpAgent`'s `HttpAgentFetchFn`). */
export type AgUiFetch = (url: string, init?: RequestInit) => Promise<Response>;

/** Options of `createResumableAgUiFetch`. */
export interface ResumableAgUiFetchOptions {
  /** The fetch that makes each request. @default globalThis.fetch */
  fetch?: AgUiFetch | undefined;
  /** Reopening attempts in a row that may fail before the reply fails. @default 5 */
  maxAttempts?: number | undefined;
  /** The wait before the first reopening; each failed one doubles it. @default 500 */
  initialDelayMs?: number | undefined;
  /** The longest wait between two attempts. @default 5000 */
  maxDelayMs?: number | undefined;
  /**
   * Treats a body that sends nothing for this long as dropped, and reopens it: a connection can
   * die without an error (a sleeping laptop, a network switch, a half-open socket). Set it above
   * the longest quiet spell of a healthy run, or rely on the server's heartbeats. @default off
   */
  idleTimeoutMs?: number | undefined;
  /** Called before each reopening, with the id it resumes after (for a status line, or logs). */
  onReopen?: ((info: { lastEventId: string; attempt: number; cause: unknown }) => void) | undefined;
}

// Why a reopening gave up: the server refused the id (404, 410, 422, …) or the attempts ran out.
class ResumeFailure extends Error {
  constructor(
    message: string,
    readonly code: 'RESUME_REFUSED' | 'RESUME_FAILED',
    options: { cause: unknown },
  ) {
    super(message, options);
  }
}

// The run's end when it cannot be resumed: a `RUN_ERROR` the agent folds and shows like any
// other. (Erroring the body instead would leave `HttpAgent` cancelling an errored reader, whose
// rejection nothing catches.)
const failureFrame = (failure: ResumeFailure): string =>
  `data: ${JSON.stringify({ type: 'RUN_ERROR', message: failure.message, code: failure.code })}\n\n`;

const isAborted = (signal: AbortSignal | null | undefined): boolean => signal?.aborted === true;

// A client error other than a timeout or a rate limit: asking again gets the same answer.
const isRefusal = (status: number): boolean =>
  status >= 400 && status < 500 && status !== 408 && status !== 429;

function wait(ms: number, signal: AbortSignal | null | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function withLastEventId(init: RequestInit, lastEventId: string): RequestInit {
  const headers = new Headers(init.headers);
  headers.set('Last-Event-ID', lastEventId);
  return { ...init, headers };
}

/** The spliced body: whole frames of the first answer, then of each reopened one. */
function splicedBody(
  first: ReadableStream<Uint8Array>,
  reopen: (lastEventId: string, attempt: number, cause: unknown) => Promise<Response>,
  options: { maxAttempts: number; backoff: ResolvedReconnectOptions; idleTimeoutMs: number },
  signal: AbortSignal | null | undefined,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const splitter = new SseFrameSplitter();
  let reader = first.getReader();
  let lastEventId: string | null = null;
  let runEnded = false;
  let cancelled = false;
  let failures = 0;

  const forward = (frame: SseFrame, controller: ReadableStreamDefaultController<Uint8Array>) => {
    if (frame.id !== null) lastEventId = frame.id;
    if (frame.endsRun) runEnded = true;
    controller.enqueue(encoder.encode(frame.text));
  };

  // Opens the run again after `lastEventId`, waiting longer after each failure; throws when the
  // server refuses the id or the attempts run out.
  const reopenAfter = async (id: string, cause: unknown): Promise<void> => {
    splitter.reset();
    for (;;) {
      if (failures >= options.maxAttempts) {
        throw new ResumeFailure(
          `The reply's connection dropped and ${options.maxAttempts} attempts to resume it after ${id} failed.`,
          'RESUME_FAILED',
          { cause },
        );
      }
      await wait(backoffDelay(failures, options.backoff), signal);
      failures += 1;
      let response: Response;
      try {
        response = await reopen(id, failures, cause);
      } catch (error) {
        if (isAborted(signal) || cancelled) throw error;
        cause = error;
        continue;
      }
      if (response.ok && response.body) {
        reader = response.body.getReader();
        return;
      }
      const said = await response.text().catch(() => '');
      const error = new ResumeFailure(
        `The reply could not be resumed after ${id}: HTTP ${response.status}${said ? `: ${said}` : ''}`,
        'RESUME_REFUSED',
        { cause },
      );
      if (isRefusal(response.status)) throw error;
      cause = error;
    }
  };

  // Reopens, or ends the body with the failure as the run's `RUN_ERROR`: false when it ended.
  const resumed = async (
    id: string,
    cause: unknown,
    controller: ReadableStreamDefaultController<Uint8Array>,
  ): Promise<boolean> => {
    try {
      await reopenAfter(id, cause);
      return true;
    } catch (error) {
      if (!(error instanceof ResumeFailure)) throw error;
      controller.enqueue(encoder.encode(failureFrame(error)));
      controller.close();
      return false;
    }
  };

  // The next chunk, or a failure once the body has been quiet for `idleTimeoutMs`.
  const read = (): Promise<ReadableStreamReadResult<Uint8Array>> => {
    const current = reader;
    const idleMs = options.idleTimeoutMs;
    if (!(idleMs > 0) || runEnded) return current.read();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const idle = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        current.cancel().catch(() => {});
        reject(new Error(`The reply sent nothing for ${idleMs} ms.`));
      }, idleMs);
    });
    return Promise.race([current.read(), idle]).finally(() => clearTimeout(timer));
  };

  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      for (;;) {
        let chunk: ReadableStreamReadResult<Uint8Array>;
        try {
          chunk = await read();
        } catch (error) {
          // The user's Stop, or a reply already whole: nothing to resume.
          if (isAborted(signal) || cancelled || lastEventId === null) throw error;
          if (runEnded) return controller.close();
          if (await resumed(lastEventId, error, controller)) continue;
          return;
        }
        if (chunk.done) {
          if (runEnded || lastEventId === null) {
            const last = splitter.flush();
            if (last) forward(last, controller);
            return controller.close();
          }
          // A clean end before the run's: a proxy's timeout, a server shutting down.
          const early = new Error('The stream ended before its run did.');
          if (await resumed(lastEventId, early, controller)) continue;
          return;
        }
        const frames = splitter.push(chunk.value);
        if (frames.length === 0) continue;
        failures = 0;
        for (const frame of frames) forward(frame, controller);
        return;
      }
    },
    async cancel(reason) {
      cancelled = true;
      await reader.cancel(reason);
    },
  });
}

/**
 * A `fetch` that makes an AG-UI agent's reply survive a dropped connection: give it to
 * `HttpAgent` (`new HttpAgent({ url, fetch: createResumableAgUiFetch() })`) or any agent that
 * takes a fetch. When the SSE body fails mid-run, or ends before `RUN_FINISHED` / `RUN_ERROR`, it
 * posts the same request again with `Last-Event-ID` (the last frame's `id:`) and carries on with
 * what the server sends after it, so the agent sees one stream with nothing twice and nothing
 * missing. A frame cut by the drop is never passed on. The user's abort (the request's signal) is
 * not retried; a refused id (404, 410, 422) or `maxAttempts` failures in a row end the run with a
 * `RUN_ERROR` (code `RESUME_REFUSED` or `RESUME_FAILED`) whose message says why, which the agent
 * shows as the reply's error. The server must number its frames and reopen a run from `Last-Event-ID`;
 * answers without ids, or not `text/event-stream`, pass through as they are. The request body
 * must be one that can be sent twice (a string, as `HttpAgent`'s is).
 *
 * @example
 * const agent = new HttpAgent({ url: '/ag-ui', fetch: createResumableAgUiFetch() });
 */
export function createResumableAgUiFetch(options: ResumableAgUiFetchOptions = {}): AgUiFetch {
  const base: AgUiFetch = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
  const maxAttempts = options.maxAttempts ?? 5;
  const backoff: ResolvedReconnectOptions = {
    initialDelayMs: options.initialDelayMs ?? 500,
    maxDelayMs: options.maxDelayMs ?? 5000,
    multiplier: 2,
    jitter: 0.5,
    maxAttempts,
    whenEnded: 'reply-open',
  };
  return async (url, init = {}) => {
    const response = await base(url, init);
    const type = response.headers.get('content-type') ?? '';
    if (!response.ok || !response.body || !type.includes('text/event-stream')) return response;
    const reopen = (lastEventId: string, attempt: number, cause: unknown) => {
      options.onReopen?.({ lastEventId, attempt, cause });
      return base(url, withLastEventId(init, lastEventId));
    };
    const idleTimeoutMs = options.idleTimeoutMs ?? 0;
    const body = splicedBody(
      response.body,
      reopen,
      { maxAttempts, backoff, idleTimeoutMs },
      init.signal,
    );
    return new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}
