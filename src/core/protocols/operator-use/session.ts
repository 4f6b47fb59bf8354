import type { DiagnosticCode } from '../../fold/diagnostic-code.js';
import type { Diagnostic } from '../../model/diagnostic.js';
import type { JsonValue } from '../../model/json.js';
import type { Msg } from '../../model/message.js';
import { report } from '../common/diagnostic.js';
import {
  asJson,
  isRecord,
  lookup,
  preview,
  readId,
  readString,
  readText,
  type UnknownRecord,
} from '../common/read.js';
import { lineWhere, toTimestamp } from './content.js';
import { convertOperatorUseMessage, entryAsMessage } from './messages.js';
import {
  activeBranch,
  MESSAGE_TYPES,
  NON_MESSAGE_TYPES,
  readEntry,
  readLines,
  reportLine,
  SESSION_VERSION,
  type Entry,
} from './session-tree.js';
import { pairResultsAcross } from '../common/pair-results.js';
import { branchAlternatives, type OperatorUseAlternative } from './session-branches.js';

/** Options of `fromOperatorUseSession`. */
export interface OperatorUseSessionOptions {
  /**
   * The entry the shown branch ends at (any entry id, from `alternatives` or your own record);
   * the session's own leaf when omitted, or when no entry has this id (reported).
   */
  leaf?: string | undefined;
}

/** The session file's header line, as read. */
export interface OperatorUseSessionHeaderInfo {
  id: string | null;
  version: number | null;
  /** ISO 8601, from the header's epoch seconds. */
  created_at: string;
  cwd: string | null;
  parent_session: string | null;
}

/** The active branch of a session as messages, plus the session state `build_session_context()` reports. */
export interface OperatorUseSessionResult {
  messages: Msg[];
  diagnostics: Diagnostic<DiagnosticCode>[];
  header: OperatorUseSessionHeaderInfo | null;
  /** The entry the shown branch ends at; `null` when there is none. */
  leafId: string | null;
  /**
   * For each message entry on the shown branch (by entry id, a message's `metadata.entry_id`),
   * the messages that branch off at the same point, itself included, in file order, each with
   * the leaf that shows it. `operatorUseBranches(result)` turns this into a branch picker.
   */
  alternatives: ReadonlyMap<string, readonly OperatorUseAlternative[]>;
  thinkingLevel: string;
  modelId: string | null;
  providerId: string | null;
  /** The latest `session_info` name. */
  name: string | null;
}

function readHeader(
  record: UnknownRecord,
  line: number,
  diagnostics: Diagnostic<DiagnosticCode>[],
): OperatorUseSessionHeaderInfo {
  const version = typeof record['version'] === 'number' ? record['version'] : null;
  if (version !== SESSION_VERSION) {
    const what = `session version ${preview(record['version'])}; read as version ${SESSION_VERSION}`;
    reportLine(diagnostics, 'converted', line, what, '.version', record['version']);
  }
  const where = { text: `line ${line} header`, path: `$[${line - 1}]` };
  return {
    id: readId(record['id']),
    version,
    created_at: toTimestamp(record['timestamp'], diagnostics, where),
    cwd: readString(record['cwd']),
    parent_session: readString(record['parent_session']),
  };
}

/* -------------------------------------------------------------------------------------------------
 * Entries → messages (build_session_context)
 * -----------------------------------------------------------------------------------------------*/

// The role of the message each session-only entry type stands for.
const ENTRY_ROLES: Readonly<Record<string, string>> = {
  custom_message: 'custom',
  branch_summary: 'branch_summary',
  compaction: 'compaction_summary',
};

function entryMessage(
  entry: Entry,
  labels: ReadonlyMap<string, string>,
  diagnostics: Diagnostic<DiagnosticCode>[],
): Msg | null {
  const { record, type } = entry;
  const role = lookup(ENTRY_ROLES, type);
  if (role === undefined && type !== 'message') return null;
  const metadata: [string, JsonValue][] = [['entry_id', entry.id]];
  const put = (key: string, value: JsonValue | undefined): void => {
    if (value !== undefined) metadata.push([key, value]);
  };
  const fromHook = typeof record['from_hook'] === 'boolean' ? record['from_hook'] : undefined;
  if (type === 'message')
    put('meta', isRecord(record['meta']) ? asJson(record['meta']) : undefined);
  if (type === 'custom_message') put('display', record['display'] !== false);
  if (type === 'compaction') put('first_kept_entry_id', asJson(record['first_kept_entry_id']));
  if (type === 'branch_summary' || type === 'compaction') put('from_hook', fromHook);
  if (type !== 'compaction') put('label', labels.get(entry.id));
  const line = lineWhere(entry.line);
  const where =
    role === undefined ? { text: `${line.text} message`, path: `${line.path}.message` } : line;
  if (role === undefined && record['message'] === undefined)
    reportLine(diagnostics, 'invalid-input', entry.line, 'message entry has no message');
  const message = role === undefined ? record['message'] : entryAsMessage(role, record);
  const options = { diagnostics, fallbackId: entry.id, fallbackTimestamp: record['timestamp'] };
  return convertOperatorUseMessage(message, { ...options, metadata, where });
}

/** What a session holds before any line is read, and what an unreadable one reads as. */
function emptySession(diagnostics: Diagnostic<DiagnosticCode>[]): OperatorUseSessionResult {
  const none = { header: null, leafId: null, modelId: null, providerId: null, name: null };
  return { messages: [], diagnostics, ...none, alternatives: new Map(), thinkingLevel: 'off' };
}

/** The session's entries in file order and by id (the later of two wins), with their labels. */
type Tree = { entries: Entry[]; byId: Map<string, Entry>; labels: Map<string, string> };

/** Reads the lines into a tree, setting the header, the session's own leaf and its name on `result`. */
function readTree(input: unknown, result: OperatorUseSessionResult): Tree {
  const { diagnostics } = result;
  const lines = readLines(input, diagnostics);
  const tree: Tree = { entries: [], byId: new Map(), labels: new Map() };
  for (const [index, line] of lines.entries()) {
    const head = isRecord(line.value) ? line.value : null;
    if (head?.['type'] === 'session' || head?.['type'] === 'session_header') {
      if (index === 0) result.header = readHeader(head, line.number, diagnostics);
      else {
        const what = 'a second session header; skipped';
        reportLine(diagnostics, 'out-of-order', line.number, what, '', line.value);
      }
      continue;
    }
    if (index === 0) {
      const what = `the first line is not a session header ({"type":"session",…}); entries read anyway`;
      reportLine(diagnostics, 'repaired', line.number, what);
    }
    const entry = readEntry(line, diagnostics);
    if (entry === null) continue;
    const { id, type, record } = entry;
    const twice = `entry id ${id} appears twice; the later one wins`;
    if (tree.byId.has(id)) reportLine(diagnostics, 'dropped', entry.line, twice, '.id', id);
    if (type !== '' && !NON_MESSAGE_TYPES.has(type) && !MESSAGE_TYPES.has(type)) {
      const what = `entry type ${preview(type)} is not known; it stays in the tree but adds no message`;
      reportLine(diagnostics, 'unknown-event', entry.line, what, '.type', type);
    }
    tree.entries.push(entry);
    tree.byId.set(id, entry);
    const target = readId(record['target_id']);
    result.leafId = type === 'leaf' ? target : id;
    if (type === 'label' && target !== null) {
      const label = readText(record['label']);
      if (label !== null) tree.labels.set(target, label);
      else tree.labels.delete(target);
    }
    const name = type === 'session_info' ? readString(record['name'])?.trim() : undefined;
    if (name) result.name = name;
  }
  if (lines.length === 0 && typeof input === 'string' && input.trim() !== '')
    report(diagnostics, 'invalid-input', 'no line of the session could be read', { path: '$' });
  return tree;
}

/** What the branch shows after its latest compaction: its summary, the entries it kept, then what came after it. */
function shownEntries(branch: Entry[], diagnostics: Diagnostic<DiagnosticCode>[]): Entry[] {
  const at = branch.findLastIndex((entry) => entry.type === 'compaction');
  const compaction = branch[at];
  if (compaction === undefined) return branch;
  const keptFrom = readId(compaction.record['first_kept_entry_id']);
  const keptIndex = branch.slice(0, at).findIndex((entry) => entry.id === keptFrom);
  if (keptIndex < 0) {
    const what = `first_kept_entry_id ${preview(keptFrom)} is not on the branch before the compaction; nothing before it is kept`;
    reportLine(diagnostics, 'dropped', compaction.line, what, '.first_kept_entry_id', keptFrom);
  }
  const kept = keptIndex < 0 ? [] : branch.slice(keptIndex, at);
  return [
    compaction,
    ...kept.filter((entry) => entry.type !== 'compaction'),
    ...branch.slice(at + 1),
  ];
}

function readSession(
  input: unknown,
  diagnostics: Diagnostic<DiagnosticCode>[],
  leaf: unknown,
): OperatorUseSessionResult {
  const result = emptySession(diagnostics);
  const { entries, byId, labels } = readTree(input, result);
  if (leaf !== undefined) {
    const chosen = readId(leaf);
    if (chosen !== null && byId.has(chosen)) result.leafId = chosen;
    else {
      const what = `the leaf ${preview(leaf)} is not an entry of this session; the session's own leaf is shown`;
      report(diagnostics, 'dropped', what, { raw: leaf });
    }
  }
  const branch = activeBranch(entries, byId, result.leafId, diagnostics);
  for (const { type, record } of branch) {
    if (type === 'thinking_level_change' && typeof record['thinking_level'] === 'string')
      result.thinkingLevel = record['thinking_level'];
    if (type === 'model_change') {
      result.modelId = readString(record['model_id']);
      result.providerId = readString(record['provider_id']);
    }
  }
  const shown = shownEntries(branch, diagnostics);
  const messages = shown.flatMap((entry) => entryMessage(entry, labels, diagnostics) ?? []);
  result.messages = pairResultsAcross(messages);
  result.alternatives = branchAlternatives(entries, byId, branch, result.leafId);
  return result;
}

/**
 * Reads an Operator-Use session file (JSONL, or its lines already parsed): checks the header,
 * walks the entry tree through `parent_id` from the active leaf (or `options.leaf`), and
 * rebuilds the conversation as `build_session_context()` does, with compaction and branch
 * summaries as notice messages. `alternatives` lists the other branches at each message.
 */
export function fromOperatorUseSession(
  jsonl: string | readonly unknown[],
  options: OperatorUseSessionOptions = {},
): OperatorUseSessionResult {
  const diagnostics: Diagnostic<DiagnosticCode>[] = [];
  try {
    return readSession(jsonl, diagnostics, isRecord(options) ? options.leaf : undefined);
  } catch (error) {
    const what = `session could not be read (${String(error)})`;
    report(diagnostics, 'invalid-input', what, { path: '$' });
    return emptySession(diagnostics);
  }
}
