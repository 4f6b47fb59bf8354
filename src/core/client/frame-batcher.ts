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

const globals = (): FrameGlobals => globalThis as FrameGlobals;

/** The platform's animation frames, looked up at each call: one object, so batchers share it. */
const PLATFORM_FRAMES: FrameScheduler = {
  requestFrame: (callback) => globals().requestAnimationFrame?.(callback),
  cancelFrame: (handle) => globals().cancelAnimationFrame?.(handle),
};

/** The platform's animation frames, or null where it has none. */
function platformFrames(): FrameScheduler | null {
  return typeof globals().requestAnimationFrame === 'function' ? PLATFORM_FRAMES : null;
}

/* -------------------------------------------------------------------------------------------------
 * One frame request for every batcher of a scheduler
 * -----------------------------------------------------------------------------------------------*/

interface FrameGroup {
  /** The runs waiting for the next frame, in the order they asked. */
  readonly waiting: Set<() => void>;
  requested: boolean;
  handle: unknown;
}

const groups = new WeakMap<FrameScheduler, FrameGroup>();

// Every batcher on one scheduler (several streams in one page) runs in a single frame callback:
// their store updates land in one task, so React renders them in one commit instead of one per
// stream and frame.
function joinFrame(frames: FrameScheduler, run: () => void): void {
  let group = groups.get(frames);
  if (group === undefined) {
    group = { waiting: new Set(), requested: false, handle: null };
    groups.set(frames, group);
  }
  group.waiting.add(run);
  if (group.requested) return;
  const current = group;
  current.requested = true;
  current.handle = frames.requestFrame(() => {
    current.requested = false;
    current.handle = null;
    runFrame(current.waiting);
  });
}

function leaveFrame(frames: FrameScheduler, run: () => void): void {
  const group = groups.get(frames);
  if (group === undefined || !group.waiting.delete(run)) return;
  if (group.waiting.size > 0 || !group.requested) return;
  frames.cancelFrame(group.handle);
  group.requested = false;
  group.handle = null;
}

/**
 * Runs the batchers waiting at the frame (not those cancelled meanwhile, nor those that ask again
 * during it: they wait for the next frame); one that throws does not keep the others from running.
 */
function runFrame(waiting: Set<() => void>): void {
  let failure: { error: unknown } | null = null;
  for (const run of [...waiting]) {
    if (!waiting.delete(run)) continue;
    try {
      run();
    } catch (error) {
      failure ??= { error };
    }
  }
  if (failure !== null) throw failure.error;
}

/**
 * A batcher that runs `callback` on the next animation frame, in the same frame callback as every
 * other batcher of `frames` (so several streams commit together). A hidden tab gets no frames, so
 * a timer runs it after `fallbackMs` instead: a stream read in the background still lands.
 */
export function createFrameBatcher(
  callback: () => void,
  fallbackMs: number = FRAME_FALLBACK_MS,
  frames: FrameScheduler | null = platformFrames(),
): FrameBatcher {
  let scheduled = false;
  let timer: TimerHandle = null;

  const cancel = (): void => {
    if (frames !== null) leaveFrame(frames, run);
    clearTimer(timer);
    scheduled = false;
    timer = null;
  };
  function run(): void {
    cancel();
    callback();
  }

  return {
    schedule() {
      if (scheduled) return;
      scheduled = true;
      if (frames !== null) joinFrame(frames, run);
      // Without frames at all (a server, a worker), a short timer stands in for one.
      timer = setTimer(run, frames !== null ? fallbackMs : NO_FRAMES_MS);
    },
    flush() {
      if (scheduled) run();
    },
    cancel,
  };
}
