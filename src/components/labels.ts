import type { RunStatus } from '../core/fold/run-status.js';
import type { ToolCallState, ToolResultState } from '../core/model/block.js';
import type { ReplyFinishedReason } from '../core/model/message.js';
import type { MediaKind } from '../core/safety/media-type.js';
import type { ApprovalLabels } from './approval-labels.js';
import { createApprovalLabels } from './approval-labels.js';
import { createChatLabels, type ChatLabels } from './chat-labels.js';
import { activityLabels, type ActivityLabels } from './activity-labels.js';
import { protocolLabels, type ProtocolLabels } from './protocol-labels.js';
import { createLocaleFormats } from './locale-formats.js';
import { mcpAppLabels, type McpAppLabels } from './mcp-app-labels.js';

/**
 * Every string the components show. Override any of them through `labels` on
 * `AgentMessagesProvider`; plurals and numbers go through `Intl` with the provider's `locale`.
 */
export interface Labels
  extends ApprovalLabels, ChatLabels, ProtocolLabels, ActivityLabels, McpAppLabels {
  roles: Record<'user' | 'assistant' | 'system' | 'tool', string>;
  replyStatus: Record<RunStatus, string>;
  finishedReason: Record<ReplyFinishedReason, string>;
  toolCallState: Record<ToolCallState, string>;
  toolResultState: Record<ToolResultState, string>;
  media: Record<MediaKind, string>;
  thinking: string;
  /** A finished thinking block's duration, in words ("Thought for 12 seconds"). */
  thoughtFor(seconds: number): string;
  redactedThinking: string;
  /** A finished thinking block whose duration is unknown ("Thoughts"). */
  reasoning: string;
  copy: string;
  copied: string;
  showRaw: string;
  showAll(characters: number): string;
  showLess: string;
  blockFailed(type: string): string;
  unsupportedContent(type: string): string;
  arguments: string;
  result: string;
  /** Marks a tool call that the app (the client), not the agent, executes. */
  remoteTool: string;
  noArguments: string;
  /** In a tool card whose call asks for approval: the prompt shown with it has the arguments. */
  argumentsInPrompt: string;
  /** Shown above tool arguments that are not valid JSON. */
  invalidArguments: string;
  noOutput: string;
  /** Names an agent runtime's `<system-reminder>` notice inside a tool result. */
  systemReminder: string;
  /** The tooltip of a marker such as `[U+200B]` that stands for a hidden character. */
  hiddenCharacter(codePoint: string): string;
  /** Note under text or tool output that held hidden characters, now shown as markers. */
  hiddenCharacters: string;
  /**
   * Note under output shown up to a cap even after "Show all", and before the "Show more" of a
   * text too long to reveal at once.
   */
  outputCapped(shown: number, total: number): string;
  showMore(count: number): string;
  /** The size of a collapsed JSON object or array. */
  jsonEntries(count: number): string;
  /** How long a reply or a tool call took, or has been running: "12 sec", "2 hr, 5 min", "84 days". */
  elapsed(seconds: number): string;
  /** Shown instead of a counter for a reply still open a day after it started. */
  startedAt(date: Date): string;
  tokens(input: number, output: number): string;
  cacheTokens(count: number): string;
  cost(amount: number): string;
  loadMedia(host: string): string;
  blockedUrl: string;
  unresolvedMedia(name: string): string;
  mediaLoading: string;
  mediaBlocked(reason: string): string;
  mediaFailed(name: string): string;
  downloadFile(name: string): string;
  viewImage(alt: string): string;
  documentPreview(name: string): string;
  /** A link that opens a document which is not previewed here in a new tab, naming its host. */
  openDocument(host: string): string;
  pageList(pages: readonly number[]): string;
  download: string;
  openImage: string;
  close: string;
  transcript: string;
  pages(count: number): string;
  sources: string;
  citation(index: number): string;
  citationPage(page: number): string;
  opensInNewTab: string;
  linksTo(host: string): string;
  /** The target named by `linksTo` for a link within the app. */
  thisSite: string;
  blockedImage: string;
  taskDone: string;
  taskOpen: string;
  footnotes: string;
  backToReference(index: number): string;
  allow: string;
  alwaysAllow(tool: string, rule: string | null): string;
  deny: string;
  allowAll: string;
  denyAll: string;
  confirmationTitle(count: number): string;
  sending: string;
  decisionFailed: string;
  /** Shown after a decision was sent, until the agent applies it and the prompt goes away. */
  decisionSent(confirmed: boolean): string;
  /** Shown above tool arguments in which an object repeats a key. */
  duplicateKeys: string;
  /** Shown while long tool arguments are cut: Allow waits until the user has shown them all. */
  reviewArguments: string;
  /** Describes the decision buttons while a new prompt ignores clicks (its arm delay). */
  confirmationArming: string;
  error: string;
  hint: string;
  /** Title of a compaction notice; `tokensBefore` is the context size that was summarised, if known. */
  contextCompacted(tokensBefore: number | null): string;
  /** Title of a branch summary notice, with the branch's label if it has one. */
  branchSummary(label: string | null): string;
  /** Closes an error alert. */
  dismiss: string;
  /** The message list's accessible name. */
  listLabel: string;
  listEmpty: string;
  listLoading: string;
  /** Shown at the top of the list while older messages load. */
  listLoadingOlder: string;
  /** Shown under a reply that has started but has no content yet. */
  replyPending(name: string): string;
  jumpToLatest: string;
  /** Messages that arrived since the user scrolled away from the latest. */
  newMessages(count: number): string;
  /** Announced (politely) when a text block of a reply finishes: the sender and its start. */
  textFinished(name: string, excerpt: string): string;
  /** Announced (politely) when a reply ends. */
  replyEnded(name: string, status: 'done' | 'error' | 'interrupted' | 'exceeded'): string;
  /** Announced (politely) when a tool result settles. */
  toolEnded(name: string, state: ToolResultState): string;
  /** Announced (assertively) when a tool call starts waiting for approval. */
  approvalNeeded(name: string): string;
  /** How long ago `date` was, e.g. "now" or "5 minutes ago"; shown once the page is interactive. */
  relativeTime(date: Date, now: Date): string;
  /**
   * A date and time in the reader's time zone, or in `timeZone` when given: a server render does
   * not know the reader's zone, so it shows UTC (named in the text) until the page hydrates.
   */
  absoluteTime(date: Date, timeZone?: string): string;
}

/** English labels for a locale (numbers, plurals and dates follow `locale`). */
export function createLabels(locale = 'en'): Labels {
  const number = new Intl.NumberFormat(locale);
  const plural = new Intl.PluralRules(locale);
  const count = (n: number, one: string, other: string) =>
    `${number.format(n)} ${plural.select(n) === 'one' ? one : other}`;
  const formats = createLocaleFormats(locale);
  return {
    ...createApprovalLabels(count),
    ...createChatLabels(number, count),
    ...protocolLabels,
    ...activityLabels,
    ...mcpAppLabels,
    roles: { user: 'You', assistant: 'Assistant', system: 'System', tool: 'Tool' },
    replyStatus: {
      idle: 'Idle',
      connecting: 'Connecting…',
      streaming: 'Responding…',
      'awaiting-confirmation': 'Waiting for your approval',
      'awaiting-external': 'Waiting for an external tool',
      done: 'Done',
      error: 'Failed',
      interrupted: 'Interrupted',
      exceeded: 'Stopped: too many steps',
      cancelled: 'Cancelled',
    },
    finishedReason: {
      completed: 'Completed',
      interrupted: 'Interrupted by the user',
      exceed_max_iters: 'Stopped after reaching the maximum number of steps',
      error: 'Failed',
    },
    toolCallState: {
      pending: 'Pending',
      asking: 'Needs approval',
      allowed: 'Allowed',
      submitted: 'Running externally',
      finished: 'Finished',
    },
    toolResultState: {
      running: 'Running',
      success: 'Succeeded',
      error: 'Failed',
      interrupted: 'Interrupted',
      denied: 'Denied',
    },
    media: { image: 'Image', audio: 'Audio', video: 'Video', document: 'Document', file: 'File' },
    thinking: 'Thinking…',
    thoughtFor: (seconds) => `Thought for ${formats.duration(seconds)}`,
    redactedThinking: 'Reasoning hidden by the provider',
    reasoning: 'Thoughts',
    copy: 'Copy',
    copied: 'Copied',
    showRaw: 'Show raw',
    showAll: (characters) => `Show all (${count(characters, 'character', 'characters')})`,
    showLess: 'Show less',
    blockFailed: (type) => `This ${type} block could not be displayed.`,
    unsupportedContent: (type) => `Unsupported content: ${type}`,
    arguments: 'Arguments',
    result: 'Result',
    remoteTool: 'Runs in your app',
    noArguments: 'No arguments',
    argumentsInPrompt: 'Shown in the approval prompt below',
    invalidArguments: 'Not valid JSON: shown as received',
    noOutput: 'No output',
    systemReminder: 'System note',
    hiddenCharacter: (codePoint) => `Hidden character ${codePoint} (not copied)`,
    hiddenCharacters: 'Contains hidden characters, shown as [U+…] and left out when copied.',
    outputCapped: (shown, total) =>
      `Showing the first ${count(shown, 'character', 'characters')} of ${number.format(total)}`,
    showMore: (n) => `Show ${number.format(n)} more`,
    jsonEntries: (n) => count(n, 'item', 'items'),
    elapsed: formats.elapsed,
    startedAt: (date) => `Started ${formats.date(date)}`,
    tokens: (input, output) =>
      `${count(input, 'token', 'tokens')} in · ${count(output, 'token', 'tokens')} out`,
    cacheTokens: (n) => `${count(n, 'cached token', 'cached tokens')}`,
    cost: formats.cost,
    loadMedia: (host) => `Load from ${host}`,
    blockedUrl: 'Blocked link',
    unresolvedMedia: (name) => `${name} (not available)`,
    mediaLoading: 'Loading…',
    mediaBlocked: (reason) => `Blocked: ${reason}`,
    mediaFailed: (name) => `Could not load ${name}`,
    downloadFile: (name) => `Download ${name}`,
    viewImage: (alt) => `Open image: ${alt}`,
    documentPreview: (name) => `Preview of ${name}`,
    openDocument: (host) => `Open on ${host}`,
    pageList: (pages) =>
      `${pages.length === 1 ? 'Page' : 'Pages'} ${pages.map((page) => number.format(page)).join(', ')}`,
    download: 'Download',
    openImage: 'Open image',
    close: 'Close',
    transcript: 'Transcript',
    pages: (n) => count(n, 'page', 'pages'),
    sources: 'Sources',
    citation: (index) => `Source ${number.format(index)}`,
    citationPage: (page) => `Page ${number.format(page)}`,
    opensInNewTab: '(opens in new tab)',
    linksTo: (host) => `links to ${host}`,
    thisSite: 'this site',
    blockedImage: 'Blocked image',
    taskDone: 'Done',
    taskOpen: 'Not done',
    footnotes: 'Footnotes',
    backToReference: (index) => `Back to reference ${number.format(index)}`,
    allow: 'Allow',
    alwaysAllow: (tool, rule) =>
      `Always allow ${tool}${rule === null ? ' (any invocation)' : `: ${rule}`}`,
    deny: 'Deny',
    allowAll: 'Allow all',
    denyAll: 'Deny all',
    confirmationTitle: (n) =>
      n === 1
        ? 'The agent wants to run a tool'
        : `The agent wants to run ${number.format(n)} tools`,
    sending: 'Sending…',
    decisionFailed: 'Your decision could not be sent. Try again.',
    decisionSent: (confirmed) =>
      confirmed ? 'Allowed. Waiting for the agent…' : 'Denied. Waiting for the agent…',
    duplicateKeys:
      'These arguments repeat a key, and tools may read either value: shown exactly as sent.',
    reviewArguments: 'These arguments are long: show them all before allowing the call.',
    confirmationArming: 'Available in a moment',
    error: 'Error',
    hint: 'Note',
    contextCompacted: (tokens) =>
      tokens === null
        ? 'Context compacted'
        : `Context compacted — ${count(tokens, 'token', 'tokens')} summarised`,
    branchSummary: (label) => (label === null ? 'Branch summary' : `Branch summary: ${label}`),
    dismiss: 'Dismiss',
    listLabel: 'Conversation',
    listEmpty: 'No messages yet',
    listLoading: 'Loading…',
    listLoadingOlder: 'Loading earlier messages…',
    replyPending: (name) => `${name} is thinking…`,
    jumpToLatest: 'Jump to latest',
    newMessages: (n) => count(n, 'new message', 'new messages'),
    textFinished: (name, excerpt) => `${name}: ${excerpt}`,
    replyEnded: (name, status) =>
      ({
        done: `${name} finished replying`,
        error: 'Reply failed',
        interrupted: 'Reply interrupted',
        exceeded: 'Reply stopped: too many steps',
      })[status],
    toolEnded: (name, state) =>
      `Tool ${name} ${
        (
          {
            running: 'running',
            success: 'finished',
            error: 'failed',
            interrupted: 'interrupted',
            denied: 'denied',
          } satisfies Record<ToolResultState, string>
        )[state]
      }`,
    approvalNeeded: (name) => `Approval needed: tool ${name}`,
    relativeTime: formats.relativeTime,
    absoluteTime: formats.absoluteTime,
  };
}

/** The English labels every component uses unless a provider sets `locale` or `labels`. */
export const defaultLabels: Labels = createLabels('en');
