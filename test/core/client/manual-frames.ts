import type { FrameScheduler } from '../../../src/core.js';

/** A frame scheduler the test drives: `frame()` runs what was requested since the last one. */
export function manualFrames() {
  const pending = new Map<number, () => void>();
  let nextHandle = 1;
  let frames = 0;
  const scheduler: FrameScheduler = {
    requestFrame(callback) {
      const handle = nextHandle++;
      pending.set(handle, callback);
      return handle;
    },
    cancelFrame(handle) {
      pending.delete(handle as number);
    },
  };
  return {
    scheduler,
    /** Frames requested and not run or cancelled yet. */
    get pending() {
      return pending.size;
    },
    /** How many frames have run. */
    get frames() {
      return frames;
    },
    /** Runs one frame: every callback requested before it. */
    frame() {
      frames += 1;
      const callbacks = [...pending.values()];
      pending.clear();
      for (const callback of callbacks) callback();
    },
  };
}
