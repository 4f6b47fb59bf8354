/**
 * Resolves once whatever the hook was about to do has happened: a connection opens in a microtask
 * after the effect that asks for it, and the events folded so far are committed at the next
 * animation frame (the hook's frame was requested before this one). An ordering, not a duration:
 * it holds on a fast machine and a slow one alike. What waits on a timer (back-off, the hidden
 * tab's fallback) is checked on a fake clock in test/react-node instead.
 */
export function settled(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}
