import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFrameBatcher, FRAME_FALLBACK_MS } from '../../../src/core/client/frame-batcher.js';
import { manualFrames } from './manual-frames.js';

afterEach(() => {
  vi.useRealTimers();
});

/** `count` batchers on one scheduler, each logging its index when it runs. */
function batchers(count: number, frames = manualFrames()) {
  const log: number[] = [];
  const list = Array.from({ length: count }, (_, index) =>
    createFrameBatcher(() => log.push(index), FRAME_FALLBACK_MS, frames.scheduler),
  );
  return { frames, log, list };
}

describe('createFrameBatcher: several streams in one page', () => {
  it('runs every batcher of a scheduler in one frame callback, in the order they asked', () => {
    const { frames, log, list } = batchers(4);
    for (let round = 0; round < 10; round++)
      for (const batcher of [...list].reverse()) batcher.schedule();

    // One frame request for the four: their updates land in one task, so React commits once.
    expect(frames.pending).toBe(1);
    frames.frame();
    expect(log).toEqual([3, 2, 1, 0]);
    expect(frames.pending).toBe(0);
  });

  it('leaves a cancelled or flushed batcher out, and drops the request when none waits', () => {
    const { frames, log, list } = batchers(3);
    const [a, b, c] = list as [(typeof list)[0], (typeof list)[0], (typeof list)[0]];
    a.schedule();
    b.schedule();
    c.schedule();
    b.cancel();
    c.flush();
    expect(log).toEqual([2]);
    frames.frame();
    expect(log).toEqual([2, 0]);

    a.schedule();
    a.cancel();
    expect(frames.pending).toBe(0);
  });

  it('runs the others when one throws, then reports the error', () => {
    const frames = manualFrames();
    const ran: string[] = [];
    const failing = createFrameBatcher(
      () => {
        throw new Error('listener failed');
      },
      FRAME_FALLBACK_MS,
      frames.scheduler,
    );
    const other = createFrameBatcher(() => ran.push('other'), FRAME_FALLBACK_MS, frames.scheduler);
    failing.schedule();
    other.schedule();

    expect(() => frames.frame()).toThrow('listener failed');
    expect(ran).toEqual(['other']);
    other.schedule();
    expect(frames.pending).toBe(1);
  });

  it('waits for the next frame when asked again while its frame runs', () => {
    const frames = manualFrames();
    let runs = 0;
    const batcher = createFrameBatcher(
      () => {
        runs += 1;
        if (runs === 1) batcher.schedule();
      },
      FRAME_FALLBACK_MS,
      frames.scheduler,
    );
    batcher.schedule();
    frames.frame();
    expect(runs).toBe(1);
    expect(frames.pending).toBe(1);
    frames.frame();
    expect(runs).toBe(2);
  });

  it('keeps the frame for the others when one runs on its fallback timer', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { frames, log, list } = batchers(2);
    list[0]?.schedule();
    vi.advanceTimersByTime(FRAME_FALLBACK_MS / 2);
    list[1]?.schedule();
    vi.advanceTimersByTime(FRAME_FALLBACK_MS / 2);
    expect(log).toEqual([0]);
    expect(frames.pending).toBe(1);
    frames.frame();
    expect(log).toEqual([0, 1]);
  });
});
