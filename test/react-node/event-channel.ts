import type { AgentEvent } from '../../src/core.js';

/**
 * An async iterable of events that the test feeds: a WebSocket or SDK stream as an app would
 * hand it to `useMessageStream`. It records how it was read, so tests can count opens and see
 * whether the reader let go of it.
 */
export interface EventChannel extends AsyncIterable<AgentEvent> {
  /** Hands events to the reader. */
  push(...events: AgentEvent[]): void;
  /** Ends the stream cleanly once the pushed events are read. */
  end(): void;
  /** Fails the stream once the pushed events are read. */
  fail(error: Error): void;
  /** How many times an iterator was asked for: one per connection that read this channel. */
  readonly opens: number;
  /** Whether the reader called `return()`: it stopped reading before the end. */
  readonly returned: boolean;
}

type Settle = (result: IteratorResult<AgentEvent>) => void;

export function eventChannel(): EventChannel {
  const queue: AgentEvent[] = [];
  let waiting: { resolve: Settle; reject: (error: Error) => void } | null = null;
  let ended = false;
  let failure: Error | null = null;
  let opens = 0;
  let returned = false;

  const settle = (): void => {
    if (waiting === null) return;
    const { resolve, reject } = waiting;
    const event = queue.shift();
    if (event !== undefined) resolve({ done: false, value: event });
    else if (failure !== null) reject(failure);
    else if (ended || returned) resolve({ done: true, value: undefined });
    else return;
    waiting = null;
  };

  return {
    push(...events) {
      queue.push(...events);
      settle();
    },
    end() {
      ended = true;
      settle();
    },
    fail(error) {
      failure = error;
      settle();
    },
    get opens() {
      return opens;
    },
    get returned() {
      return returned;
    },
    [Symbol.asyncIterator](): AsyncIterator<AgentEvent> {
      opens += 1;
      return {
        next: () =>
          new Promise<IteratorResult<AgentEvent>>((resolve, reject) => {
            waiting = { resolve, reject };
            settle();
          }),
        return: () => {
          returned = true;
          settle();
          return Promise.resolve({ done: true, value: undefined });
        },
      };
    },
  };
}
