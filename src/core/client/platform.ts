/*
 * The platform functions the stream client calls, reached through `globalThis` (core has no DOM
 * and no Node types) and looked up at every call: fake timers installed by a test after this
 * module loaded are the ones used.
 */

/** A timer's handle, whatever the platform makes of it (a number, a Node `Timeout`). */
export type TimerHandle = unknown;

interface TimerGlobals {
  setTimeout(callback: () => void, ms?: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
  queueMicrotask?(callback: () => void): void;
  reportError?(error: unknown): void;
}

const platform = (): TimerGlobals => globalThis as unknown as TimerGlobals;

/** `setTimeout(callback, ms)`. */
export function setTimer(callback: () => void, ms?: number): TimerHandle {
  return platform().setTimeout(callback, ms);
}

/** `clearTimeout(handle)`; nothing for `undefined` or `null`. */
export function clearTimer(handle: TimerHandle): void {
  if (handle !== undefined && handle !== null) platform().clearTimeout(handle);
}

/** `queueMicrotask(callback)`, or a resolved promise's `then` where there is none. */
export function queueTask(callback: () => void): void {
  const { queueMicrotask } = platform();
  if (typeof queueMicrotask === 'function') queueMicrotask(callback);
  else void Promise.resolve().then(callback);
}

/** Reports an app callback's error without ending the stream: `reportError`, or a thrown timer. */
export function reportUncaught(error: unknown): void {
  const { reportError } = platform();
  if (typeof reportError === 'function') reportError(error);
  else
    setTimer(() => {
      throw error;
    }, 0);
}

/** Runs an app callback; if it throws, the error is reported without ending the stream. */
export function guard(callback: () => void): void {
  try {
    callback();
  } catch (error) {
    reportUncaught(error);
  }
}

/** Any thrown value as an `Error`. */
export function toError(cause: unknown): Error {
  return cause instanceof Error ? cause : new Error(String(cause), { cause });
}
