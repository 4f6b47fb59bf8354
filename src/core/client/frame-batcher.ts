import { clearTimer, setTimer, type TimerHandle } from './platform.js';

/**
 * Where the stream client gets its frames: the browser's `requestAnimationFrame` by default; a
 * test, a canvas app or a custom render loop can hand in its own.
 */
export interface FrameScheduler {
  /** Calls `callback` once, at the next frame; returns a handle for `cancelFrame`. */
  requestFrame(callback: () => void): unknown;
  /** Forgets a requested frame. */
  cancelFrame(handle: unknown): void;
}

/** Runs a callback at most once per animation frame, however often it is asked to. */
export interface FrameBatcher {
  /** Asks for a run at the next frame; asking again before it runs changes nothing. */
  schedule(): void;
  /** Runs now if a run is pending, and cancels the pending frame. */
  flush(): void;
  /** Forgets a pending run. */
  cancel(): void;
}

/** How long a pending run waits for a frame before a timer runs it instead. */
export const FRAME_FALLBACK_MS = 200;

/** The wait that stands in for a frame where there are no frames at all (a server, a worker). */
const NO_FRAMES_MS = 16;

interface FrameGlobals {
  requestAnimationFrame?(callback: () => void): unknown;
  cancelAnimationFrame?(handle: unknown): void;
}

/** The platform's animation frames, looked up at each call, or null where it has none. */
function platformFrames(): FrameScheduler | null {
  const globals = (): FrameGlobals => globalThis as FrameGlobals;
  if (typeof globals().requestAnimationFrame !== 'function') return null;
  return {
    requestFrame: (callback) => globals().requestAnimationFrame?.(callback),
    cancelFrame: (handle) => globals().cancelAnimationFrame?.(handle),
  };
}

/**
 * A batcher that runs `callback` on the next animation frame. A hidden tab gets no frames, so a
 * timer runs it after `fallbackMs` instead: a stream read in the background still lands.
 */
export function createFrameBatcher(
  callback: () => void,
  fallbackMs: number = FRAME_FALLBACK_MS,
  frames: FrameScheduler | null = platformFrames(),
): FrameBatcher {
  let frame: unknown = null;
  let timer: TimerHandle = null;

  const cancel = (): void => {
    if (frame !== null) frames?.cancelFrame(frame);
    clearTimer(timer);
    frame = null;
    timer = null;
  };
  const run = (): void => {
    cancel();
    callback();
  };

  return {
    schedule() {
      if (frame !== null || timer !== null) return;
      if (frames !== null) frame = frames.requestFrame(run) ?? null;
      // Without frames at all (a server, a worker), a short timer stands in for one.
      timer = setTimer(run, frames !== null ? fallbackMs : NO_FRAMES_MS);
    },
    flush() {
      if (frame !== null || timer !== null) run();
    },
    cancel,
  };
}
