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

/**
 * A batcher that runs `callback` on the next animation frame. A hidden tab gets no frames, so a
 * timer runs it after `fallbackMs` instead: a stream read in the background still lands.
 */
export function createFrameBatcher(
  callback: () => void,
  fallbackMs: number = FRAME_FALLBACK_MS,
): FrameBatcher {
  let frame: number | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const hasFrames = typeof requestAnimationFrame === 'function';

  const cancel = (): void => {
    if (frame !== null) cancelAnimationFrame(frame);
    if (timer !== null) clearTimeout(timer);
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
      if (hasFrames) frame = requestAnimationFrame(run);
      // Without frames at all (a server, a worker), a short timer stands in for one.
      timer = setTimeout(run, hasFrames ? fallbackMs : 16);
    },
    flush() {
      if (frame !== null || timer !== null) run();
    },
    cancel,
  };
}
