import type { DataBlock, FileIdSource } from '../../core/model/block.js';
import type { ResolveMedia } from '../provider/agent-messages-provider.js';

/* -------------------------------------------------------------------------------------------------
 * file_id resolution, shared by every view of the same source
 * -----------------------------------------------------------------------------------------------*/

/** Pending with the promise to wait for, or settled with a URL (`null`: nothing, a throw or a rejection). */
export type Resolution =
  { settled: false; promise: Promise<void> } | { settled: true; url: string | null };

// Keyed on the resolver and the source object: a virtualized list remounts blocks as they scroll
// back into view, and a document card asks for its preview and its download link; each of those
// would otherwise call the app's resolver (often a network round trip) again.
const cache = new WeakMap<ResolveMedia, WeakMap<FileIdSource, Resolution>>();

/** The resolver's answer for `source`, starting it on the first call. */
export function resolveFileId(
  resolver: ResolveMedia,
  source: FileIdSource,
  block: DataBlock,
): Resolution {
  let byResolver = cache.get(resolver);
  if (!byResolver) {
    byResolver = new WeakMap();
    cache.set(resolver, byResolver);
  }
  const cached = byResolver.get(source);
  if (cached) return cached;
  const entries = byResolver;
  let resolution: Resolution;
  try {
    const result = resolver(source, block);
    if (isPromiseLike(result)) {
      const promise = Promise.resolve(result).then(
        (url) => void entries.set(source, { settled: true, url: asUrl(url) }),
        () => void entries.set(source, { settled: true, url: null }),
      );
      resolution = { settled: false, promise };
    } else {
      resolution = { settled: true, url: asUrl(result) };
    }
  } catch {
    resolution = { settled: true, url: null };
  }
  entries.set(source, resolution);
  return resolution;
}

function asUrl(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}
