/*
 * Renders one hostile case through `<Message>` with every trap armed, and checks what all cases
 * share: no script ran or was attempted, no request left for a host outside the allow-list, the
 * built-in prototypes are untouched, the message rendered without a block crashing, and render
 * plus layout stayed under the time budget.
 */
import { expect } from 'vitest';
import { render } from 'vitest-browser-react';
import type { BlockComponents, SafetyOptions } from '../../src/index.js';
import { AgentMessagesProvider, Message } from '../../src/index.js';
import type { Case } from './corpus/index.js';
import {
  ALLOWED_MEDIA_PREFIX,
  TIME_BUDGET_MS,
  installTraps,
  prototypeFingerprint,
  resetTraps,
  settle,
  trapped,
} from './harness.js';

/** The app's settings in every case: one allow-listed image prefix. */
export const SAFETY: SafetyOptions = { mediaAllowlist: [ALLOWED_MEDIA_PREFIX] };

const decide = () => undefined;

/** Two frames: long enough for the browser to report what it blocked. */
export function frames(): Promise<void> {
  return new Promise((resolve) =>
    requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
  );
}

export interface CaseOutcome {
  root: HTMLElement;
  ms: number;
}

export interface RunOptions {
  /** Block components to render with instead of the defaults (the trap proofs plant bad ones). */
  components?: Partial<BlockComponents>;
}

export async function runCase(entry: Case, options: RunOptions = {}): Promise<CaseOutcome> {
  installTraps();
  resetTraps();
  const prototypes = prototypeFingerprint();
  const message = entry.message();
  const start = performance.now();
  const screen = await render(
    <AgentMessagesProvider
      safety={SAFETY}
      {...(options.components ? { components: options.components } : {})}
    >
      <Message message={message} onDecision={decide} />
    </AgentMessagesProvider>,
  );
  const ms = settle(start);
  await frames();
  const root = screen.container;

  expect(trapped(root), 'scripts, requests or markup trapped').toEqual([]);
  expect(prototypeFingerprint(), 'built-in prototypes changed').toBe(prototypes);
  expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  expect(({} as Record<string, unknown>)['isAdmin']).toBeUndefined();
  expect(root.querySelector('[data-slot="message"]'), 'the message rendered').not.toBeNull();
  expect(root.querySelectorAll('[data-slot="block-error"]'), 'a block crashed').toHaveLength(0);
  const shown = root.textContent ?? '';
  for (const expected of entry.shows ?? []) {
    if (typeof expected === 'string') expect(shown).toContain(expected);
    else expect(shown).toMatch(expected);
  }
  entry.check?.(root);
  expect(ms, `render and layout took ${Math.round(ms)} ms`).toBeLessThan(TIME_BUDGET_MS);
  return { root, ms };
}
