/** What `landOnRow` needs of the list. */
export interface LandingTarget {
  readonly root: HTMLElement;
  /** The row's index now, or -1 once it has left the list. */
  index(): number;
  /** Scrolls to the row again, the way the jump did. */
  retry(): void;
}

/** Frames the scroll position must stay put before it counts as at rest. */
const REST_FRAMES = 3;
/** Frames after which a landing that never came to rest is left alone. */
const MAX_FRAMES = 600;
/** Times a jump that came to rest short of its row is made again. */
const MAX_RETRIES = 3;
const USER_INPUT = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;

/**
 * Watches a jump until its row is in view with the scroll at rest, and makes the jump again when
 * the scroll came to rest without it. The virtualizer corrects its target as rows are measured,
 * but only for a few seconds of wall time: on a slow or busy device the rows are measured later
 * than that and the list stops short. Counted in frames, so a slow machine gets as many chances
 * as a fast one. Any input from the user ends the watch; so does the returned function.
 */
export function landOnRow(target: LandingTarget): () => void {
  const { root } = target;
  const view = root.ownerDocument.defaultView;
  if (view === null || typeof view.requestAnimationFrame !== 'function') return () => {};
  let frame = 0;
  let frames = 0;
  let retries = 0;
  let still = 0;
  let lastTop = root.scrollTop;
  const stop = () => {
    view.cancelAnimationFrame(frame);
    for (const type of USER_INPUT) root.removeEventListener(type, stop);
  };
  const check = () => {
    const top = root.scrollTop;
    still = Math.abs(top - lastTop) < 0.5 ? still + 1 : 0;
    lastTop = top;
    if (still >= REST_FRAMES) {
      const index = target.index();
      if (index < 0 || rowInView(root, index)) return stop();
      if (retries === MAX_RETRIES) return stop();
      retries++;
      still = 0;
      target.retry();
    }
    if (++frames >= MAX_FRAMES) return stop();
    frame = view.requestAnimationFrame(check);
  };
  for (const type of USER_INPUT) root.addEventListener(type, stop, { passive: true });
  frame = view.requestAnimationFrame(check);
  return stop;
}

/** Whether the rendered row at `index` overlaps the list's viewport. */
function rowInView(root: HTMLElement, index: number): boolean {
  const row = root.querySelector(`[data-slot="message-list-item"][data-index="${index}"]`);
  if (row === null) return false;
  const [box, viewport] = [row.getBoundingClientRect(), root.getBoundingClientRect()];
  return box.bottom > viewport.top && box.top < viewport.bottom;
}
