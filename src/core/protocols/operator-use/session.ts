import type { DiagnosticCode } from '../../fold/diagnostic-code.js';
import type { Diagnostic } from '../../model/diagnostic.js';
import type { JsonValue } from '../../model/json.js';
import type { Msg } from '../../model/message.js';
import { report } from '../common/diagnostic.js';
import { isRecord, preview, readId, type UnknownRecord } from '../common/read.js';
import { inside, lineWhere, toTimestamp } from './content.js';
import { convertOperatorUseMessage, entryAsMessage } from './messages.js';
import {
  activeBranch,
  MESSAGE_TYPES,
  NON_MESSAGE_TYPES,
  readEntry,
  readLines,
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
  const where = lineWhere(line);
  if (version !== SESSION_VERSION)
    report(
      diagnostics,
      'converted',
      `${where.text}: session version ${preview(record['version'])}; read as version ${SESSION_VERSION}`,
      { path: `${where.path}.version`, raw: record['version'] },
    );
  return {
    id: readId(record['id']),
    version,
    created_at: toTimestamp(record['timestamp'], diagnostics, {
      text: `${where.text} header`,
      path: where.path,
    }),
    cwd: typeof record['cwd'] === 'string' ? record['cwd'] : null,
    parent_session: typeof record['parent_session'] === 'string' ? record['parent_session'] : null,
  };
}

/* -------------------------------------------------------------------------------------------------
 * Entries → messages (build_session_context)
 * -----------------------------------------------------------------------------------------------*/

function entryMessage(
  entry: Entry,
  labels: ReadonlyMap<string, string>,
  diagnostics: Diagnostic<DiagnosticCode>[],
): Msg | null {
  const { record } = entry;
  const where = lineWhere(entry.line);
  const metadata: [string, JsonValue][] = [['entry_id', entry.id]];
  const label = labels.get(entry.id);
  const options = {
    diagnostics,
    fallbackId: entry.id,
    fallbackTimestamp: record['timestamp'],
    metadata,
    where,
  };
  const fromHook = (): void => {
    if (typeof record['from_hook'] === 'boolean') metadata.push(['from_hook', record['from_hook']]);
  };
  switch (entry.type) {
    case 'message':
      if (isRecord(record['meta'])) metadata.push(['meta', record['meta'] as JsonValue]);
      if (label !== undefined) metadata.push(['label', label]);
      if (record['message'] === undefined)
        report(diagnostics, 'invalid-input', `${where.text}: message entry has no message`, {
          path: where.path,
        });
      return convertOperatorUseMessage(record['message'], {
        ...options,
        where: { text: `${where.text} message`, path: inside(where, '.message').path },
      });
    case 'custom_message':
      metadata.push(['display', record['display'] !== false]);
      if (label !== undefined) metadata.push(['label', label]);
      return convertOperatorUseMessage(entryAsMessage('custom', record), options);
    case 'branch_summary':
      fromHook();
      if (label !== undefined) metadata.push(['label', label]);
      return convertOperatorUseMessage(entryAsMessage('branch_summary', record), options);
    case 'compaction':
      metadata.push(['first_kept_entry_id', (record['first_kept_entry_id'] ?? null) as JsonValue]);
      fromHook();
      return convertOperatorUseMessage(entryAsMessage('compaction_summary', record), options);
    default:
      return null;
  }
}

function readSession(
  input: unknown,
  diagnostics: Diagnostic<DiagnosticCode>[],
  leaf: unknown,
): OperatorUseSessionResult {
  const lines = readLines(input, diagnostics);
  let header: OperatorUseSessionHeaderInfo | null = null;
  const entries: Entry[] = [];
  const byId = new Map<string, Entry>();
  const labels = new Map<string, string>();
  let leafId: string | null = null;
  let name: string | null = null;

  for (const [index, line] of lines.entries()) {
    const type = isRecord(line.value) ? line.value['type'] : undefined;
    if (type === 'session' || type === 'session_header') {
      if (index === 0 && isRecord(line.value))
        header = readHeader(line.value, line.number, diagnostics);
      else
        report(
          diagnostics,
          'out-of-order',
          `line ${line.number}: a second session header; skipped`,
          { path: lineWhere(line.number).path, raw: line.value },
        );
      continue;
    }
    if (index === 0)
      report(
        diagnostics,
        'repaired',
        `line ${line.number}: the first line is not a session header ({"type":"session",…}); entries read anyway`,
        { path: lineWhere(line.number).path },
      );
    const entry = readEntry(line, diagnostics);
    if (entry === null) continue;
    if (byId.has(entry.id))
      report(
        diagnostics,
        'dropped',
        `line ${entry.line}: entry id ${entry.id} appears twice; the later one wins`,
        { path: `${lineWhere(entry.line).path}.id`, raw: entry.id },
      );
    if (entry.type !== '' && !NON_MESSAGE_TYPES.has(entry.type) && !MESSAGE_TYPES.has(entry.type)) {
      report(
        diagnostics,
        'unknown-event',
        `line ${entry.line}: entry type ${preview(entry.type)} is not known; it stays in the tree but adds no message`,
        { path: `${lineWhere(entry.line).path}.type`, raw: entry.type },
      );
    }
    entries.push(entry);
    byId.set(entry.id, entry);
    leafId = entry.type === 'leaf' ? readId(entry.record['target_id']) : entry.id;
    if (entry.type === 'label') {
      const target = readId(entry.record['target_id']);
      const label = entry.record['label'];
      if (target !== null && typeof label === 'string' && label !== '') labels.set(target, label);
      else if (target !== null) labels.delete(target);
    }
    if (
      entry.type === 'session_info' &&
      typeof entry.record['name'] === 'string' &&
      entry.record['name'].trim() !== ''
    ) {
      name = entry.record['name'].trim();
    }
  }
  if (lines.length === 0 && typeof input === 'string' && input.trim() !== '')
    report(diagnostics, 'invalid-input', 'no line of the session could be read', { path: '$' });

  if (leaf !== undefined) {
    const chosen = readId(leaf);
    if (chosen !== null && byId.has(chosen)) leafId = chosen;
    else
      report(
        diagnostics,
        'dropped',
        `the leaf ${preview(leaf)} is not an entry of this session; the session's own leaf is shown`,
        { raw: leaf as JsonValue },
      );
  }
  const branch = activeBranch(entries, byId, leafId, diagnostics);
  let thinkingLevel = 'off';
  let modelId: string | null = null;
  let providerId: string | null = null;
  let compaction: Entry | null = null;
  for (const entry of branch) {
    const { record } = entry;
    if (entry.type === 'thinking_level_change' && typeof record['thinking_level'] === 'string')
      thinkingLevel = record['thinking_level'];
    if (entry.type === 'model_change') {
      modelId = typeof record['model_id'] === 'string' ? record['model_id'] : null;
      providerId = typeof record['provider_id'] === 'string' ? record['provider_id'] : null;
    }
    if (entry.type === 'compaction') compaction = entry;
  }

  const messages: Msg[] = [];
  const append = (entry: Entry): void => {
    if (entry.type === 'compaction') return;
    const message = entryMessage(entry, labels, diagnostics);
    if (message !== null) messages.push(message);
  };
  if (compaction === null) {
    branch.forEach(append);
  } else {
    const found: Entry = compaction;
    const summary = entryMessage(found, labels, diagnostics);
    if (summary !== null) messages.push(summary);
    const at = branch.indexOf(found);
    const keptFrom = readId(found.record['first_kept_entry_id']);
    const keptIndex = branch.slice(0, at).findIndex((entry) => entry.id === keptFrom);
    if (keptIndex < 0)
      report(
        diagnostics,
        'dropped',
        `line ${found.line}: first_kept_entry_id ${preview(keptFrom)} is not on the branch before the compaction; nothing before it is kept`,
        { path: `${lineWhere(found.line).path}.first_kept_entry_id`, raw: keptFrom },
      );
    else branch.slice(keptIndex, at).forEach(append);
    branch.slice(at + 1).forEach(append);
  }

  return {
    messages: pairResultsAcross(messages),
    diagnostics,
    header,
    leafId,
    alternatives: branchAlternatives(entries, byId, branch, leafId),
    thinkingLevel,
    modelId,
    providerId,
    name,
  };
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
    report(diagnostics, 'invalid-input', `session could not be read (${String(error)})`, {
      path: '$',
    });
    return {
      messages: [],
      diagnostics,
      header: null,
      leafId: null,
      alternatives: new Map(),
      thinkingLevel: 'off',
      modelId: null,
      providerId: null,
      name: null,
    };
  }
}
