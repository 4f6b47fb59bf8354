import type { MessageStreamProtocolName } from '../protocols/protocol-types.js';

/**
 * What a store or binding tells the devtools about itself when it opens a tap. `frames` says what
 * its frames are: the wire's own (`stream`), or whole message lists (`messages`, `useAiSdkChat`).
 */
export interface DevtoolsTapInfo {
  readonly label: string;
  readonly frames: 'stream' | 'messages';
  /** The protocol; null while a store has not told it yet (read again with each frame). */
  protocol(): MessageStreamProtocolName | null;
}

/** One tapped store or binding, as the devtools hook hands it back. */
export interface DevtoolsTap {
  /** A raw frame or event, as it arrived. */
  frame(value: unknown): void;
  /** A published snapshot, with how long its fold and publish took. */
  commit(ms: number): void;
  /** A decision sent, with what went on the wire. */
  decision(toolCallId: string, allowed: boolean, sent: unknown): void;
  /**
   * What the app changed itself, not the wire: messages it added or reset to, an event folded
   * here ahead of the server (an optimistic decision, or its undoing), a call settled here
   * (`{ toolCallId, allowed }`, `allowed: null` undoes it). Optional: an older recorder has none.
   */
  app?(kind: DevtoolsAppKind, value: unknown): void;
}

/** What `DevtoolsTap.app` records: `add`/`reset` hold a `Msg[]`, `event` an event, `settle` a call. */
export type DevtoolsAppKind = 'add' | 'reset' | 'event' | 'settle';

/** The global object `react-agent-messages/devtools` installs. */
export interface DevtoolsHook {
  open(info: DevtoolsTapInfo): DevtoolsTap;
}

/** Where the hook lives: a global, so that every copy of the library finds the same one. */
export const DEVTOOLS_HOOK_KEY = '__REACT_AGENT_MESSAGES_DEVTOOLS__';

/** A tap from the installed hook, or undefined (nothing is kept) when there is none. */
export function openDevtoolsTap(info: DevtoolsTapInfo): DevtoolsTap | undefined {
  const hook = (globalThis as Record<string, unknown>)[DEVTOOLS_HOOK_KEY] as
    DevtoolsHook | undefined;
  return hook?.open(info);
}

/** A clock for commit costs where `performance` is missing. */
export const devtoolsNow = (): number =>
  (globalThis as { performance?: { now(): number } }).performance?.now() ?? Date.now();
