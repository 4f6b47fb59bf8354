import { describe, expect, it, vi } from 'vitest';
import { markdownEngine } from '../../../src/markdown/engine/engine-loader.js';
import { lazyMarkdownEngine } from '../../../src/markdown/engine/engine-source.js';
import * as engine from '../../../src/markdown/engine/engine.js';

describe('the markdown engine sources', () => {
  it('has the engine from the start in Node (server rendering is synchronous)', () => {
    expect(markdownEngine.current()).toBe(engine);
    expect(markdownEngine.loading()).toBeNull();
  });

  it('loads lazily: null until it lands, then the engine, telling each subscriber once', async () => {
    let land: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (land = resolve));
    const source = lazyMarkdownEngine(() => gate.then(() => engine));
    const told = vi.fn();
    const gone = vi.fn();
    source.subscribe(told);
    source.subscribe(gone)();
    const loading = source.loading();
    expect(source.current()).toBeNull();
    expect(loading).not.toBeNull();

    land();
    await loading;
    expect(source.current()).toBe(engine);
    expect(source.loading()).toBeNull();
    expect(told).toHaveBeenCalledOnce();
    expect(gone).not.toHaveBeenCalled();
  });

  it('ends loading without the engine when it cannot load, and never rejects', async () => {
    for (const load of [
      () => Promise.reject(new Error('offline')),
      () => {
        throw new Error('no import()');
      },
    ]) {
      const source = lazyMarkdownEngine(load);
      const told = vi.fn();
      source.subscribe(told);
      await expect(source.loading()).resolves.toBeUndefined();
      expect(source.current()).toBeNull();
      expect(source.loading()).toBeNull();
      expect(told).toHaveBeenCalledOnce();
    }
  });
});
