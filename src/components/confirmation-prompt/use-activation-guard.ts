'use client';

import * as React from 'react';
import { useIsomorphicLayoutEffect } from '../primitives/use-isomorphic-layout-effect.js';
import type { ToolCallBlock } from '../../core/model/block.js';
import type { PermissionRule } from '../../core/model/permission.js';

/* -------------------------------------------------------------------------------------------------
 * Interaction tracker
 * -----------------------------------------------------------------------------------------------*/

/** The input that most recently could have produced a click, and when its press began. */
interface Interaction {
  /** `timeStamp` of the pointerup / keydown / keyup that would dispatch the click. */
  at: number;
  /** When the press behind it began; `-Infinity` when it began before we were listening. */
  startedAt: number;
}

/** A click more than this long after the last input came from assistive technology or script. */
const CLICK_AFTER_INPUT_MS = 1000;

let lastInteraction: Interaction | null = null;
const pointerStarts = new Map<number, number>();
const keyStarts = new Map<string, number>();
let listeners = 0;

function onPointerDown(event: PointerEvent) {
  pointerStarts.set(event.pointerId, event.timeStamp);
  lastInteraction = { at: event.timeStamp, startedAt: event.timeStamp };
}

function onPointerUp(event: PointerEvent) {
  lastInteraction = {
    at: event.timeStamp,
    startedAt: pointerStarts.get(event.pointerId) ?? -Infinity,
  };
  pointerStarts.delete(event.pointerId);
}

function onPointerCancel(event: PointerEvent) {
  pointerStarts.delete(event.pointerId);
}

function onKeyDown(event: KeyboardEvent) {
  const key = event.code || event.key;
  if (!event.repeat) keyStarts.set(key, event.timeStamp);
  lastInteraction = { at: event.timeStamp, startedAt: keyStarts.get(key) ?? -Infinity };
}

function onKeyUp(event: KeyboardEvent) {
  const key = event.code || event.key;
  lastInteraction = { at: event.timeStamp, startedAt: keyStarts.get(key) ?? -Infinity };
  keyStarts.delete(key);
}

const handlers = [
  ['pointerdown', onPointerDown],
  ['pointerup', onPointerUp],
  ['pointercancel', onPointerCancel],
  ['keydown', onKeyDown],
  ['keyup', onKeyUp],
] as const;

// One set of capture listeners on window for every prompt on the page, so that a press which
// began before a prompt mounted is already on record when it is released over that prompt.
function listen(): () => void {
  if (listeners++ === 0) {
    for (const [type, handler] of handlers) {
      window.addEventListener(type, handler as EventListener, { capture: true, passive: true });
    }
  }
  return () => {
    if (--listeners > 0) return;
    for (const [type, handler] of handlers) {
      window.removeEventListener(type, handler as EventListener, { capture: true });
    }
    lastInteraction = null;
    pointerStarts.clear();
    keyStarts.clear();
  };
}

/** When the press that produced a click at `clickAt` began; `undefined` when no input did. */
function activationStart(clickAt: number): number | undefined {
  if (lastInteraction === null || clickAt - lastInteraction.at > CLICK_AFTER_INPUT_MS) {
    return undefined;
  }
  return lastInteraction.startedAt;
}

/* -------------------------------------------------------------------------------------------------
 * useActivationGuard
 * -----------------------------------------------------------------------------------------------*/

/** A call as the guard sees it: what a decision on it applies to. */
type Guarded = Pick<ToolCallBlock, 'id' | 'name' | 'input' | 'suggested_rules'>;

/** What a call's buttons decide: a change to any of it is a new question, which re-arms. */
interface Question {
  name: string;
  input: string;
  /** The suggested rules, serialised: a new array with the same rules is the same question. */
  rules: string;
}

const rulesTexts = new WeakMap<readonly PermissionRule[], string>();

function rulesText(rules: readonly PermissionRule[]): string {
  let text = rulesTexts.get(rules);
  if (text === undefined) {
    text = JSON.stringify(rules);
    rulesTexts.set(rules, text);
  }
  return text;
}

function questionOf(item: Guarded): Question {
  return { name: item.name, input: item.input, rules: rulesText(item.suggested_rules) };
}

function asks(question: Question | undefined, item: Guarded): boolean {
  return (
    question !== undefined &&
    question.input === item.input &&
    question.name === item.name &&
    question.rules === rulesText(item.suggested_rules)
  );
}

const NOTHING_ARMED: ReadonlyMap<string, Question> = new Map();

interface ActivationGuard {
  /** True once `item`, as it is now, has been on screen for the arm delay. */
  isArmed(item: Guarded): boolean;
  /** True when a click at `clickAt` may decide `items`: all armed, and pressed after arming. */
  accepts(items: readonly Guarded[], clickAt: number): boolean;
}

/**
 * Arms each item `delayMs` after it appears or last changed (its name, input or suggested
 * rules), and rejects activations made before that: clicks during the delay, and presses
 * (pointerdown, keydown, a held key's repeats) that began before the item was armed, which is
 * how a prompt that pops up under a moving pointer or a held key gets approved by accident. A
 * click with no input behind it (a screen reader's) needs only the delay.
 */
function useActivationGuard(items: readonly Guarded[], delayMs: number): ActivationGuard {
  const shownAt = React.useRef(new Map<string, Question & { at: number }>());
  const timer = React.useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const armedWith = React.useRef(delayMs);
  const [armed, setArmed] = React.useState(NOTHING_ARMED);

  useIsomorphicLayoutEffect(() => {
    const stop = listen();
    const shown = shownAt.current;
    return () => {
      stop();
      // Unmounted, or only disconnected (StrictMode's rehearsal, a hidden <Activity>): forget
      // what was shown, so that connecting again arms afresh instead of waiting forever on the
      // timer cleared here.
      clearTimeout(timer.current);
      shown.clear();
      setArmed(NOTHING_ARMED);
    };
  }, []);

  // Runs after every commit: cheap, and a parent that passes a new array each render must not
  // keep postponing the timer.
  useIsomorphicLayoutEffect(() => {
    const map = shownAt.current;
    const now = performance.now();
    const present = new Set<string>();
    let added = armedWith.current !== delayMs;
    armedWith.current = delayMs;
    for (const item of items) {
      present.add(item.id);
      if (asks(map.get(item.id), item)) continue;
      map.set(item.id, { ...questionOf(item), at: now });
      added = true;
    }
    for (const id of map.keys()) if (!present.has(id)) map.delete(id);
    if (!added || delayMs <= 0) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const ready = new Map<string, Question>();
      for (const [id, { name, input, rules }] of map) ready.set(id, { name, input, rules });
      setArmed(ready);
    }, delayMs);
  });

  const isArmed = React.useCallback(
    (item: Guarded) => delayMs <= 0 || asks(armed.get(item.id), item),
    [armed, delayMs],
  );

  const accepts = React.useCallback(
    (targets: readonly Guarded[], clickAt: number) => {
      if (targets.length === 0 || !targets.every(isArmed)) return false;
      const start = activationStart(clickAt);
      if (start === undefined) return true;
      return targets.every((item) => {
        const shown = shownAt.current.get(item.id);
        return shown !== undefined && asks(shown, item) && start >= shown.at + delayMs;
      });
    },
    [isArmed, delayMs],
  );

  return React.useMemo(() => ({ isArmed, accepts }), [isArmed, accepts]);
}

export { useActivationGuard };
export type { ActivationGuard, Guarded };
