/*
 * The gate in front of the bridge's transport: a `message` listener on the host window,
 * registered before the transport's own, that lets through only what the app's frame sent from
 * its opaque origin and stops a frame that floods the page. What it stops never reaches the
 * bridge (`stopImmediatePropagation`).
 */

/** Limits of one frame's messages: a burst, then a steady rate. */
export interface FloodLimits {
  readonly burst: number;
  readonly perSecond: number;
}

/** A token bucket: `take()` is false once the frame spent its burst faster than it refills. */
export function createFloodMeter(limits: FloodLimits, now: () => number) {
  let tokens = limits.burst;
  let last = now();
  return {
    take(): boolean {
      const time = now();
      tokens = Math.min(limits.burst, tokens + ((time - last) / 1000) * limits.perSecond);
      last = time;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}

/** What the gate watches and whom it tells. */
export interface GateOptions {
  readonly frame: HTMLIFrameElement;
  readonly limits: FloodLimits;
  /** The frame went over its limits: it is blocked from now on. */
  readonly onFlood: () => void;
}

/**
 * Starts the gate and returns its stop. A message from another window is left alone (it is not
 * the frame's; the transport ignores it too). A message from the frame passes only from the
 * opaque origin (`"null"`) a sandbox without `allow-same-origin` gives it, and only within
 * its limits; after a flood, nothing from it passes.
 */
export function startMessageGate({ frame, limits, onFlood }: GateOptions): () => void {
  const meter = createFloodMeter(limits, () => performance.now());
  let blocked = false;
  const listener = (event: MessageEvent) => {
    const source = frame.contentWindow;
    if (source === null || event.source !== source) return;
    if (blocked || event.origin !== 'null' || !meter.take()) {
      event.stopImmediatePropagation();
      if (!blocked && event.origin === 'null') {
        blocked = true;
        onFlood();
      }
    }
  };
  window.addEventListener('message', listener);
  return () => window.removeEventListener('message', listener);
}
