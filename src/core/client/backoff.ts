/** How the stream client (`useMessageStream`, `createMessageStreamStore`) reconnects after a dropped connection. */
export interface ReconnectOptions {
  /** The first wait; a server's SSE `retry:` field replaces it. @default 500 */
  initialDelayMs?: number | undefined;
  /** The longest wait between two attempts. @default 30000 */
  maxDelayMs?: number | undefined;
  /** How much each failed attempt lengthens the wait. @default 2 */
  multiplier?: number | undefined;
  /** The share of each wait that is random (0 = none, 1 = anywhere from 0 to the full wait). @default 0.5 */
  jitter?: number | undefined;
  /** Failed attempts in a row after which the client gives up with status `error`. @default Infinity */
  maxAttempts?: number | undefined;
  /**
   * When a stream that ended cleanly is reopened: while its last reply is unfinished, streaming or
   * parked on a confirmation or an external tool whose resume comes on the same stream
   * (`'reply-open'`), or every time, as `EventSource` does (`'always'`, for a long-lived stream
   * such as AgentScope's that only ends when a proxy or a restart cuts it, and must be open when
   * the next turn starts).
   * @default 'reply-open'
   */
  whenEnded?: 'reply-open' | 'always' | undefined;
  /** Whether a failure is worth another attempt. @default not for HTTP 4xx other than 408 and 429 */
  shouldRetry?: ((error: Error, attempt: number) => boolean) | undefined;
}

/** Reconnect options with every default filled in. */
export interface ResolvedReconnectOptions {
  initialDelayMs: number;
  maxDelayMs: number;
  multiplier: number;
  jitter: number;
  maxAttempts: number;
  whenEnded: 'reply-open' | 'always';
  shouldRetry?: ((error: Error, attempt: number) => boolean) | undefined;
}

const DEFAULTS: ResolvedReconnectOptions = {
  initialDelayMs: 500,
  maxDelayMs: 30_000,
  multiplier: 2,
  jitter: 0.5,
  maxAttempts: Number.POSITIVE_INFINITY,
  whenEnded: 'reply-open',
};

/** The reconnect options with their defaults, or null when reconnecting is switched off. */
export function resolveReconnectOptions(
  options: boolean | ReconnectOptions | undefined,
): ResolvedReconnectOptions | null {
  if (options === false) return null;
  if (options === true || options === undefined) return DEFAULTS;
  const resolved = { ...DEFAULTS };
  for (const key of Object.keys(options) as (keyof ReconnectOptions)[]) {
    if (options[key] !== undefined) Object.assign(resolved, { [key]: options[key] });
  }
  return resolved;
}

/**
 * The wait before attempt `attempt` (0 for the first retry): exponential, capped, with jitter
 * taken off the top so that clients dropped together do not come back together.
 */
export function backoffDelay(
  attempt: number,
  options: ResolvedReconnectOptions,
  serverRetryMs: number | null = null,
  random: () => number = Math.random,
): number {
  const base = serverRetryMs ?? options.initialDelayMs;
  const capped = Math.min(options.maxDelayMs, base * options.multiplier ** Math.max(0, attempt));
  const jitter = Math.min(1, Math.max(0, options.jitter));
  return Math.max(0, Math.round(capped * (1 - jitter * random())));
}

/** The default `shouldRetry`: everything but a client error, which another try will not fix. */
export function isRetryable(error: Error): boolean {
  const status = (error as { status?: unknown }).status;
  if (typeof status !== 'number') return true;
  return status < 400 || status >= 500 || status === 408 || status === 429;
}
