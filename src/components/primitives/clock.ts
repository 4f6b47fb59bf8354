/**
 * One clock for every time on screen: a single interval, running only while something subscribes,
 * every second while a live elapsed counter is shown and every few seconds for relative times
 * alone. Readers derive their label from `getClockNow()` and re-render only when it changes.
 */

/** How often a subscriber needs the time: `second` for live counters, `minute` for "5 minutes ago". */
export type ClockResolution = 'second' | 'minute';

const SECOND_TICK_MS = 1_000;
// Relative times change at minute steps: a 15 s tick shows a step at most 15 s late.
const MINUTE_TICK_MS = 15_000;

interface Subscriber {
  listener: () => void;
  resolution: ClockResolution;
}

const subscribers = new Set<Subscriber>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;
let period = 0;

function tick(): void {
  now = Date.now();
  for (const subscriber of [...subscribers]) subscriber.listener();
}

/** Starts, retunes or stops the one interval to suit the current subscribers. */
function schedule(): void {
  let wanted = 0;
  for (const subscriber of subscribers) {
    wanted = subscriber.resolution === 'second' ? SECOND_TICK_MS : MINUTE_TICK_MS;
    if (wanted === SECOND_TICK_MS) break;
  }
  if (wanted === period) return;
  if (timer !== undefined) clearInterval(timer);
  period = wanted;
  timer = wanted === 0 ? undefined : setInterval(tick, wanted);
}

/**
 * The clock's current reading in epoch milliseconds. Stable between ticks (so it can feed
 * `useSyncExternalStore`), but never more than a second old when read.
 */
export function getClockNow(): number {
  const current = Date.now();
  if (current - now >= SECOND_TICK_MS || current < now) now = current;
  return now;
}

/** Calls `listener` on every tick until the returned function is called. */
export function subscribeClock(listener: () => void, resolution: ClockResolution): () => void {
  const subscriber: Subscriber = { listener, resolution };
  subscribers.add(subscriber);
  const before = period;
  schedule();
  // A faster tick starts from a fresh reading rather than one up to a slow period old.
  if (period !== before) tick();
  return () => {
    subscribers.delete(subscriber);
    schedule();
  };
}
