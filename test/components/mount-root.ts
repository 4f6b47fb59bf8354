import type { Root } from 'react-dom/client';
import { createRoot } from 'react-dom/client';
import { afterEach } from 'vitest';

const roots: Root[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) root.unmount();
  document.body.replaceChildren();
});

/**
 * A React root of its own in a fresh element, for tests that render synchronously (`flushSync`)
 * update by update; unmounted, and the page emptied, after each test.
 */
export function mount(): { root: Root; element: HTMLElement } {
  const element = document.createElement('div');
  document.body.append(element);
  const root = createRoot(element);
  roots.push(root);
  return { root, element };
}
