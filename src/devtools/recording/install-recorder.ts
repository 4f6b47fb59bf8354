import type { DevtoolsHook } from '../../core/client/devtools-hook.js';
import { DEVTOOLS_HOOK_KEY } from '../../core/client/devtools-hook.js';

const slot = globalThis as Record<string, unknown>;

/**
 * Makes `recorder` the hook that stores and bindings created from now on report to (replacing
 * any other); returns what puts the previous one back.
 * @example
 * const uninstall = installRecorder(createRecorder());
 */
export function installRecorder(recorder: DevtoolsHook): () => void {
  const previous = slot[DEVTOOLS_HOOK_KEY];
  slot[DEVTOOLS_HOOK_KEY] = recorder;
  return () => {
    if (slot[DEVTOOLS_HOOK_KEY] !== recorder) return;
    if (previous === undefined) Reflect.deleteProperty(slot, DEVTOOLS_HOOK_KEY);
    else slot[DEVTOOLS_HOOK_KEY] = previous;
  };
}

/** The hook installed now, if any. */
export function installedHook(): DevtoolsHook | undefined {
  return slot[DEVTOOLS_HOOK_KEY] as DevtoolsHook | undefined;
}
