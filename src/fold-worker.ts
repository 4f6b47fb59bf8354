/*
 * `react-agent-messages/fold-worker`: the module a Web Worker runs for
 * `createMessageStreamStore({ worker })` / `useMessageStream({ worker })`. Loading it starts the
 * fold; it exports `serveFoldWorker` for a worker of the app's own that does more.
 */
import type { FoldWorkerScope } from './core/client/worker/serve-fold-worker.js';
import { serveFoldWorker } from './core/client/worker/serve-fold-worker.js';

export type { FoldWorkerScope } from './core/client/worker/serve-fold-worker.js';
export { serveFoldWorker } from './core/client/worker/serve-fold-worker.js';

// Only inside a worker: imported by a page (a test, a type import gone wrong), it does nothing.
const WorkerScope = (globalThis as { WorkerGlobalScope?: abstract new () => unknown })
  .WorkerGlobalScope;
if (WorkerScope !== undefined && globalThis instanceof WorkerScope) {
  serveFoldWorker(globalThis as unknown as FoldWorkerScope);
}
