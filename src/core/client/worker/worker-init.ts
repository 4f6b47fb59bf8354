import { isResponse } from '../../stream/byte-source.js';
import type { MessageStreamOptions } from '../message-stream-options.js';
import { isUrl } from '../message-stream-source.js';
import type { WorkerInit } from './fold-worker-types.js';

/** The options for the worker, and what moves into it with them; or why they cannot go. */
export type WorkerInitResult = { init: WorkerInit; transfer: unknown[] } | { reason: string };

interface StreamLike {
  getReader(): unknown;
}

interface WebGlobals {
  URL?: new (url: string, base?: string) => { readonly href: string };
  Headers?: new (init?: unknown) => Iterable<[string, string]>;
}

const web = (): WebGlobals => globalThis as WebGlobals;

const isStream = (value: unknown): value is StreamLike =>
  typeof (value as Partial<StreamLike> | null)?.getReader === 'function';

/**
 * Copies what the worker can take of the options. Functions stay on this side (the callbacks are
 * called here, from what the worker reports); a function source, a custom `fetch` or an approval
 * policy cannot cross, so the caller folds on this thread and says why.
 */
export function workerInit(
  options: MessageStreamOptions,
  base: string | undefined,
  sourceKey: number,
): WorkerInitResult {
  const { URL: UrlClass, Headers: HeadersClass } = web();
  if (!UrlClass || !HeadersClass) return { reason: 'a platform without URL and Headers' };
  if (options.fetch) return { reason: 'a custom `fetch`' };
  if (options.approvalPolicy) return { reason: 'an `approvalPolicy`' };
  const { source } = options;
  const transfer: unknown[] = [];
  let url: string | null = null;
  let stream: WorkerInit['stream'];
  if (typeof source === 'string' || isUrl(source)) {
    url = new UrlClass(typeof source === 'string' ? source : source.href, base).href;
  } else if (isResponse(source) && isStream(source.body)) {
    const type = (source as { headers?: { get?(name: string): string | null } }).headers?.get?.(
      'content-type',
    );
    stream = { body: source.body, type: type ?? null };
    transfer.push(source.body);
  } else if (isStream(source)) {
    stream = { body: source, type: null };
    transfer.push(source);
  } else if (source != null) {
    return { reason: 'a source that is not a URL, a Response or a ReadableStream' };
  }
  const { protocol, headers } = options;
  const init: WorkerInit = {
    source: url,
    keepSource: false,
    stream,
    sourceKey,
    protocol: typeof protocol === 'object' ? protocol.name : protocol,
    initialHistory: options.initialHistory,
    initialMessages: options.initialConversation?.messages ?? options.initialMessages,
    optimistic: options.optimistic,
    reconnect: options.reconnect,
    idleTimeoutMs: options.idleTimeoutMs,
    format: options.format,
    headers: headers === undefined ? undefined : [...new HeadersClass(headers)],
    method: options.method,
    body: options.body,
    credentials: options.credentials,
    events: Boolean(options.onEvent ?? options.onCustomEvent),
    diagnostics: Boolean(options.onDiagnostic),
  };
  return { init, transfer };
}
