/*
 * Retry keeps the earlier reply as a version: the user message is sent again and its new reply
 * becomes the latest version of the answer to it. The list shows, where the first version stood,
 * the chosen version only, and `branchOf` / `onBranchChange` give it a ‹ 2 / 2 › picker.
 *
 * A reply answers the user message before it, unless a retry said otherwise: the new reply of a
 * retried older turn arrives at the end of the session, after later turns, so which prompt it
 * answers is recorded (in `sessionStorage`, so that a reload keeps the versions together).
 */
import * as React from 'react';
import type { MessageBranch, Msg } from 'react-agent-messages';

export interface ReplyVersions {
  /** The conversation to show: each answer's chosen version, at its first version's place. */
  messages: readonly Msg[];
  branchOf(message: Msg): MessageBranch | undefined;
  onBranchChange(message: Msg, index: number): void;
  /** The user message a reply answers: what Retry sends again. */
  promptOf(reply: Msg): Msg | undefined;
  /** Before sending `prompt` again: the next new reply is its latest version, and is shown. */
  expectVersion(prompt: Msg): void;
  /** The retry was not sent after all. */
  cancelVersion(): void;
}

interface Pending {
  promptId: string;
  /** Replies that existed when the retry was sent: the new version is none of these. */
  known: ReadonlySet<string>;
}

const storageKey = (sessionId: string) => `ram-demo-versions:${sessionId}`;

function loadAnswers(sessionId: string): ReadonlyMap<string, string> {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(storageKey(sessionId)) ?? '{}');
    if (saved === null || typeof saved !== 'object') return new Map();
    return new Map(
      Object.entries(saved).filter((entry): entry is [string, string] => {
        return typeof entry[1] === 'string';
      }),
    );
  } catch {
    return new Map(); // Storage off or a bad entry: versions then follow the order alone.
  }
}

function saveAnswers(sessionId: string, answers: ReadonlyMap<string, string>): void {
  try {
    sessionStorage.setItem(storageKey(sessionId), JSON.stringify(Object.fromEntries(answers)));
  } catch {
    // Full or off: the versions last as long as the page.
  }
}

/** The versions of each reply in `messages` (the session's, oldest first). */
export function useReplyVersions(sessionId: string, messages: readonly Msg[]): ReplyVersions {
  // Reply id → the id of the user message it answers, for replies of a retry.
  const [answers, setAnswers] = React.useState(() => loadAnswers(sessionId));
  const [pending, setPending] = React.useState<Pending | null>(null);
  // User message id → the version shown; none means the latest.
  const [chosen, setChosen] = React.useState<ReadonlyMap<string, number>>(new Map());

  const derived = React.useMemo(() => {
    const byId = new Map<string, Msg>();
    const promptOfReply = new Map<string, string>();
    const versions = new Map<string, Msg[]>();
    let lastUser: string | undefined;
    for (const message of messages) {
      byId.set(message.id, message);
      if (message.role === 'user') lastUser = message.id;
      if (message.role !== 'assistant') continue;
      const expected = pending && !pending.known.has(message.id) ? pending.promptId : undefined;
      const prompt = answers.get(message.id) ?? expected ?? lastUser;
      if (prompt === undefined) continue;
      promptOfReply.set(message.id, prompt);
      const list = versions.get(prompt);
      if (list) list.push(message);
      else versions.set(prompt, [message]);
    }
    // One version of everything (the usual case): the session's own array, as it is.
    const single = [...versions.values()].every((list) => list.length < 2);
    const shown: readonly Msg[] = single
      ? messages
      : messages.flatMap((message) => {
          const prompt = promptOfReply.get(message.id);
          const list = prompt === undefined ? undefined : versions.get(prompt);
          if (prompt === undefined || !list) return [message];
          if (list[0] !== message) return [];
          const index = Math.min(chosen.get(prompt) ?? list.length - 1, list.length - 1);
          return [list[index] ?? message];
        });
    return { byId, promptOfReply, versions, shown };
  }, [messages, answers, pending, chosen]);

  // The retry's reply has arrived: remember which prompt it answers.
  React.useEffect(() => {
    if (!pending) return;
    const reply = messages.find(
      (message) => message.role === 'assistant' && !pending.known.has(message.id),
    );
    if (!reply) return;
    const next = new Map(answers).set(reply.id, pending.promptId);
    saveAnswers(sessionId, next);
    setAnswers(next);
    setPending(null);
  }, [answers, messages, pending, sessionId]);

  const { byId, promptOfReply, versions, shown } = derived;
  const branchOf = React.useCallback(
    (message: Msg): MessageBranch | undefined => {
      const prompt = promptOfReply.get(message.id);
      const list = prompt === undefined ? undefined : versions.get(prompt);
      if (!list || list.length < 2) return undefined;
      return { index: list.indexOf(message), count: list.length };
    },
    [promptOfReply, versions],
  );
  const onBranchChange = React.useCallback(
    (message: Msg, index: number) => {
      const prompt = promptOfReply.get(message.id);
      if (prompt === undefined) return;
      setChosen((previous) => new Map(previous).set(prompt, index));
    },
    [promptOfReply],
  );
  const promptOf = React.useCallback(
    (reply: Msg) => {
      const prompt = promptOfReply.get(reply.id);
      return prompt === undefined ? undefined : byId.get(prompt);
    },
    [byId, promptOfReply],
  );
  const expectVersion = React.useCallback(
    (prompt: Msg) => {
      const known = new Set(messages.filter((m) => m.role === 'assistant').map((m) => m.id));
      setPending({ promptId: prompt.id, known });
      // The new version is the one to show.
      setChosen((previous) => {
        const next = new Map(previous);
        next.delete(prompt.id);
        return next;
      });
    },
    [messages],
  );
  const cancelVersion = React.useCallback(() => setPending(null), []);

  return {
    messages: shown,
    branchOf,
    onBranchChange,
    promptOf,
    expectVersion,
    cancelVersion,
  };
}
