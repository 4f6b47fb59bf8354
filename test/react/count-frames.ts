/** Counts animation frames from now until the returned function is called; it returns the count. */
export function countFrames(): () => number {
  let frames = 0;
  let running = true;
  const tick = () => {
    if (!running) return;
    frames += 1;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  return () => {
    running = false;
    return frames;
  };
}
