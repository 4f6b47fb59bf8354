import type { MarkdownEngine } from './engine.js';

/** Where the text block reads the markdown engine from: there at once, or loaded lazily. */
export interface MarkdownEngineSource {
  /** The engine; null while it loads, or when it could not load. The same object once there. */
  readonly current: () => MarkdownEngine | null;
  /** Settles (never rejects) when loading ends, the engine there or not; null once it has ended. */
  readonly loading: () => Promise<void> | null;
  /** Calls `onChange` when loading ends; returns the function that stops it. */
  readonly subscribe: (onChange: () => void) => () => void;
}

/** A source whose engine is there from the start: on the server, in Node and in tests. */
export function presentMarkdownEngine(engine: MarkdownEngine): MarkdownEngineSource {
  return { current: () => engine, loading: () => null, subscribe: () => () => undefined };
}

/**
 * A source that starts `load` now. While it loads, text blocks render their text as plain text
 * (or, while hydrating server HTML, wait with the server's markup in place). If it fails, the
 * text stays plain: readable, nothing lost.
 */
export function lazyMarkdownEngine(load: () => Promise<MarkdownEngine>): MarkdownEngineSource {
  let engine: MarkdownEngine | null = null;
  const listeners = new Set<() => void>();
  let loading: Promise<void> | null = Promise.resolve()
    .then(load)
    .then(
      (loaded) => {
        engine = loaded;
      },
      () => undefined,
    )
    .then(() => {
      loading = null;
      for (const listener of [...listeners]) listener();
    });
  return {
    current: () => engine,
    loading: () => loading,
    subscribe: (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
  };
}
