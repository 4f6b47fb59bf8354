'use client';

/*
 * `useAgUiAgent`: a chat over any AG-UI agent, in the shape every binding returns.
 */
import * as React from 'react';
import { standaloneAgUiInterrupts } from '../../core/protocols/ag-ui/response-form.js';
import type {
  AgUiInterrupt,
  AgUiResumeEntry,
  AgUiState,
} from '../../core/protocols/ag-ui/types.js';
import { lastReplyFailed } from '../reply-failed.js';
import type { RunStatus } from '../../core/fold/run-status.js';
import type { JsonValue } from '../../core/model/json.js';
import { useIsomorphicLayoutEffect } from '../../components/primitives/use-isomorphic-layout-effect.js';
import type { AgentChat } from '../agent-chat.js';
import type { AgUiAgentLike } from './agent-like.js';
import { AgUiAgentStore, type AgUiAgentSnapshot } from './agent-store.js';
import type { AgUiFrontendTool } from './frontend-tools.js';

/** Options of `useAgUiAgent`. */
export interface UseAgUiAgentOptions {
  /**
   * Tools the app runs in the page. Their definitions go with every run; when a run ends
   * waiting on them, their handlers run, their results show on the calls' cards and go back to
   * the agent, which runs again. A call with no handler here stays waiting for the app.
   */
  tools?: readonly AgUiFrontendTool[];
  /** How many times in a row frontend tools may answer before the binding stops. @default 10 */
  maxToolRounds?: number;
}

/** What `useAgUiAgent` returns: the `AgentChat` shape, plus what AG-UI adds. */
export interface AgUiAgentChat extends AgentChat {
  /** The agent state (`STATE_SNAPSHOT`, then `STATE_DELTA` patches). */
  state: JsonValue;
  /**
   * Interrupts that need a prompt of their own (they name no call on screen): render an
   * `<InterruptPrompt>` for each, with `onResolve={chat.onResolveInterrupt}`.
   */
  interrupts: readonly AgUiInterrupt[];
  /** Answers an interrupt and resumes the run (`<InterruptPrompt>`'s `onResolve`). */
  onResolveInterrupt(answer: { interrupt: AgUiInterrupt; entry: AgUiResumeEntry }): Promise<void>;
  /** Everything the fold knows: runs, steps, activities, custom events, diagnostics. */
  fold: AgUiState;
}

function statusOf(snapshot: AgUiAgentSnapshot): RunStatus {
  if (snapshot.running) return 'streaming';
  if (snapshot.fold.interrupts.length > 0) return 'awaiting-confirmation';
  if (snapshot.error !== null) return 'error';
  return snapshot.fold.messages.length === 0 ? 'idle' : 'done';
}

function chatOf(store: AgUiAgentStore, snapshot: AgUiAgentSnapshot): AgUiAgentChat {
  const { fold, error } = snapshot;
  const status = statusOf(snapshot);
  return {
    messages: fold.messages,
    status,
    error,
    onDecision: store.decide,
    send: (text) => store.send(text),
    stop: store.stop,
    onActivityAction: store.act,
    state: fold.state,
    interrupts: standaloneAgUiInterrupts(fold.interrupts, fold.messages),
    onResolveInterrupt: store.resolve,
    fold,
    list: {
      messages: fold.messages,
      onDecision: store.decide,
      error,
      onDismissError: store.dismissError,
      onActivityAction: store.act,
    },
    composer: {
      onSend: store.submit,
      onStop: store.stop,
      status,
      queue: true,
      replyFailed: lastReplyFailed(fold.messages),
    },
  };
}

/**
 * A chat over any AG-UI agent (`@ag-ui/client`'s `HttpAgent`, and CopilotKit's, Mastra's,
 * LangGraph's agents): it folds the agent's events into messages, sends the user's words
 * (`addMessage` + `runAgent`), answers approvals and interrupts with `resume` and shows the
 * resumed run, runs the app's frontend tools, shows failures, and stops (`abortRun`), the
 * stopped reply marked interrupted. Keep the agent the same object across renders.
 *
 * @example
 * const chat = useAgUiAgent(agent);
 * return <><MessageList {...chat.list} /><Composer {...chat.composer} /></>;
 */
export function useAgUiAgent(
  agent: AgUiAgentLike,
  options: UseAgUiAgentOptions = {},
): AgUiAgentChat {
  const store = React.useMemo(() => new AgUiAgentStore(agent), [agent]);
  const { tools = [], maxToolRounds = 10 } = options;
  useIsomorphicLayoutEffect(() => {
    store.setOptions({ tools, maxToolRounds });
  });
  React.useEffect(() => store.attach(), [store]);
  const snapshot = React.useSyncExternalStore(
    store.subscribe,
    store.getSnapshot,
    store.getSnapshot,
  );
  return React.useMemo(() => chatOf(store, snapshot), [store, snapshot]);
}
