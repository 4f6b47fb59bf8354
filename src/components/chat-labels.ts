/**
 * The strings of the chat affordances: the composer, the branch picker, subagent groups and the
 * message action bar. Part of `Labels`: override them through `labels` on `AgentMessagesProvider`.
 */
export interface ChatLabels {
  /** The composer's accessible name. */
  composerLabel: string;
  /** The composer's placeholder. */
  composerPlaceholder: string;
  send: string;
  stop: string;
  /** Why the composer does not send while a tool call waits for the user's decision. */
  composerAwaitingConfirmation: string;
  /** Shown when `onSend` failed; the text and attachments are kept. */
  sendFailed: string;
  /** The Send button while a reply streams: the message waits in the queue. */
  queueMessage: string;
  /** The accessible name of the queue above the input. */
  queuedMessages: string;
  /** A queued message's editable text, 1-based. */
  queuedMessage(position: number): string;
  /** The files that go with a queued message. */
  queuedFiles(count: number): string;
  /** The visible text of a queued message's Send now button. */
  sendNow: string;
  /** "Send now" for the queued message at `position`; it holds `sendNow` (the visible text). */
  sendQueuedNow(position: number): string;
  /** The visible text of a queued message's Steer button: add it to the reply that is running. */
  steer: string;
  /** Steer for the queued message at `position`; it holds `steer` (the visible text). */
  steerQueuedMessage(position: number): string;
  /** Shown on a queued message whose steer failed; it waits in the queue again. */
  steerFailed: string;
  /** The visible text of a queued message's Remove button. */
  removeQueued: string;
  /** Remove for the queued message at `position`; it holds `removeQueued`. */
  removeQueuedMessage(position: number): string;
  /** Shown over a queue that waits because the user stopped the reply. */
  queuePausedByStop: string;
  /** Shown over a queue that waits because the reply or a send failed. */
  queuePausedByError: string;
  /** Lifts the queue's pause. */
  resumeQueue: string;
  /** The visible state of a queued message's row. */
  queuedMessageState: Record<'queued' | 'sent' | 'cancelled', string>;
  /** The visible text of a cancelled message's Restore button. */
  restoreQueued: string;
  /** Restore for the cancelled message at `position`; it holds `restoreQueued`. */
  restoreQueuedMessage(position: number): string;
  /** Dismiss for the cancelled message at `position`; it holds `dismiss`. */
  dismissQueuedMessage(position: number): string;
  /** Announced (politely) when the message at `position` is queued (or restored), sent or cancelled. */
  queueChanged(state: 'queued' | 'sent' | 'cancelled', position: number): string;
  attachFiles: string;
  attachments: string;
  /** Shown over the composer while files are dragged onto it. */
  dropFiles: string;
  removeAttachment(name: string): string;
  /** A file over the size limit; `limit` is already formatted ("10 MB"). */
  attachmentTooLarge(name: string, limit: string): string;
  attachmentTypeRejected(name: string): string;
  tooManyAttachments(max: number): string;
  /** The accessible name of a branch picker. */
  branches: string;
  previousBranch: string;
  nextBranch: string;
  /** The visible position in a branch picker, 1-based: "2 / 3". */
  branchCounter(position: number, count: number): string;
  /** The same position in words, for screen readers: "Version 2 of 3". */
  branchPosition(position: number, count: number): string;
  /** A subagent's messages under the call that started it; `name` is `null` when it has none. */
  subagentRun(name: string | null, count: number): string;
  /** The accessible name of a message's action bar. */
  messageActions: string;
  /** Shown on a message's Copy button when the clipboard refused the text. */
  copyFailed: string;
  /** Asks the agent for a new reply in place of this one. */
  retry: string;
  /** Opens a user message in an editor. */
  edit: string;
  /** The accessible name of the editor of a user message. */
  editMessage: string;
  save: string;
  cancel: string;
  /** The accessible names of the two feedback toggles of a reply. */
  goodResponse: string;
  badResponse: string;
}

/** English chat labels; `number` and `count` format numbers and plurals for the locale. */
export function createChatLabels(
  number: Intl.NumberFormat,
  count: (n: number, one: string, other: string) => string,
): ChatLabels {
  return {
    composerLabel: 'Message',
    composerPlaceholder: 'Send a message…',
    send: 'Send',
    stop: 'Stop',
    composerAwaitingConfirmation: 'Answer the approval request above first',
    sendFailed: 'Your message was not sent. Try again.',
    queueMessage: 'Queue',
    queuedMessages: 'Queued messages',
    queuedMessage: (position) => `Queued message ${number.format(position)}`,
    queuedFiles: (n) => count(n, 'file', 'files'),
    sendNow: 'Send now',
    sendQueuedNow: (position) => `Send now: queued message ${number.format(position)}`,
    steer: 'Steer',
    steerQueuedMessage: (position) => `Steer: queued message ${number.format(position)}`,
    steerFailed: 'Not added to the running reply; it waits in the queue.',
    removeQueued: 'Remove',
    removeQueuedMessage: (position) => `Remove queued message ${number.format(position)}`,
    queuePausedByStop: 'Queue paused: the reply was stopped.',
    queuePausedByError: 'Queue paused: something went wrong.',
    resumeQueue: 'Resume',
    queuedMessageState: { queued: 'Queued', sent: 'Sent', cancelled: 'Cancelled' },
    restoreQueued: 'Restore',
    restoreQueuedMessage: (position) => `Restore queued message ${number.format(position)}`,
    dismissQueuedMessage: (position) => `Dismiss queued message ${number.format(position)}`,
    queueChanged: (state, position) =>
      `Queued message ${number.format(position)}: ${state === 'queued' ? 'waiting' : state}`,
    attachFiles: 'Attach files',
    attachments: 'Attachments',
    dropFiles: 'Drop files to attach them',
    removeAttachment: (name) => `Remove ${name}`,
    attachmentTooLarge: (name, limit) => `${name} is larger than ${limit}`,
    attachmentTypeRejected: (name) => `${name}: this type of file cannot be attached`,
    tooManyAttachments: (max) => `You can attach at most ${count(max, 'file', 'files')}`,
    branches: 'Versions',
    previousBranch: 'Previous version',
    nextBranch: 'Next version',
    branchCounter: (position, total) => `${number.format(position)} / ${number.format(total)}`,
    branchPosition: (position, total) =>
      `Version ${number.format(position)} of ${number.format(total)}`,
    subagentRun: (name, n) =>
      `Subagent${name === null ? '' : ` ${name}`}: ${count(n, 'message', 'messages')}`,
    messageActions: 'Message actions',
    copyFailed: 'Copy failed',
    retry: 'Retry',
    edit: 'Edit',
    editMessage: 'Edit message',
    save: 'Save',
    cancel: 'Cancel',
    goodResponse: 'Good response',
    badResponse: 'Bad response',
  };
}
