import type { MessageStreamOptions } from '../message-stream-options.js';
import type { MessageStreamStore } from '../message-stream-store-types.js';
import { guard, toError } from '../platform.js';

type Call = (store: MessageStreamStore) => void;

/**
 * The store of `createMessageStreamStore({ worker })`: a store on this thread shows the first
 * snapshot (the server renders it), and the worker's side of the store is imported at the first
 * `start()`, so a chat without `worker` carries none of it. Calls made meanwhile wait for it; if
 * it cannot load, they go to the store on this thread, and the error to `onError`.
 */
export function deferToWorker(
  options: MessageStreamOptions,
  local: (options: MessageStreamOptions) => MessageStreamStore,
): MessageStreamStore {
  let latest = options;
  let store = local(options);
  let waiting: Call[] | null = [];
  let loading = false;
  const listeners = new Set<() => void>();
  const notify = (): void => listeners.forEach((listener) => listener());
  let unsubscribe = store.subscribe(notify);
  const later = (call: Call): void => void (waiting ? waiting.push(call) : call(store));
  const load = (): void => {
    loading = true;
    import('./worker-store.js')
      .then(
        (module) => module.createWorkerStore(latest, local, store.getSnapshot()),
        (error: unknown) => {
          guard(() => latest.onError?.(toError(error)));
          store.setOptions(latest);
          return store;
        },
      )
      .then((next) => {
        unsubscribe();
        store = next;
        unsubscribe = next.subscribe(notify);
        const calls = waiting ?? [];
        waiting = null;
        calls.forEach((call) => call(next));
        notify();
      });
  };
  return {
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => store.getSnapshot(),
    setOptions: (next) => {
      latest = next;
      if (!waiting) store.setOptions(next);
    },
    start: () => {
      if (!loading) load();
      later((it) => it.start());
    },
    close: () => later((it) => it.close()),
    stop: () => later((it) => it.stop()),
    reconnect: () => later((it) => it.reconnect()),
    append: (events) => later((it) => it.append(events)),
    addMessages: (messages) => later((it) => it.addMessages(messages)),
    reset: (messages) => later((it) => it.reset(messages)),
    confirm: (decision) => new Promise((resolve) => later((it) => resolve(it.confirm(decision)))),
  };
}
