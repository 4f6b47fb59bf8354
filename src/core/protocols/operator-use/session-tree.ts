import type { DiagnosticCode } from '../../fold/diagnostic-code.js';
import type { Diagnostic } from '../../model/diagnostic.js';
import { report } from '../common/diagnostic.js';
import { isRecord, preview, readId, type UnknownRecord } from '../common/read.js';
import { textLines } from '../../stream/text-lines.js';

/** One JSONL line, parsed. */
export interface Line {
  number: number;
  value: unknown;
}

/** A session entry: a node of the tree. */
export interface Entry {
  id: string;
  parentId: string | null;
  type: string;
  record: UnknownRecord;
  line: number;
}

export const SESSION_VERSION = 3;
export const NON_MESSAGE_TYPES = new Set([
  'custom',
  'label',
  'leaf',
  'thinking_level_change',
  'model_change',
  'session_info',
  'channel',
]);
export const MESSAGE_TYPES = new Set(['message', 'custom_message', 'branch_summary', 'compaction']);

/* -------------------------------------------------------------------------------------------------
 * Lines, header, entries
 * -----------------------------------------------------------------------------------------------*/

/** The non-blank lines of a JSONL text (or already parsed lines), each parsed. */
export function readLines(input: unknown, diagnostics: Diagnostic<DiagnosticCode>[]): Line[] {
  if (Array.isArray(input)) return input.map((value, index) => ({ number: index + 1, value }));
  if (typeof input !== 'string') {
    report(diagnostics, 'invalid-input', `session is not JSONL text (got ${preview(input)})`, {
      path: '$',
      raw: input,
    });
    return [];
  }
  const lines: Line[] = [];
  for (const { number, text } of textLines(input)) {
    try {
      lines.push({ number, value: JSON.parse(text) as unknown });
    } catch {
      report(diagnostics, 'invalid-input', `line ${number}: not valid JSON; skipped`, {
        path: `$[${number - 1}]`,
        raw: text,
      });
    }
  }
  return lines;
}

/** An entry with its id and parent read; `null` for a line that is not an object. */
export function readEntry(line: Line, diagnostics: Diagnostic<DiagnosticCode>[]): Entry | null {
  const where = `line ${line.number}`;
  const path = `$[${line.number - 1}]`;
  if (!isRecord(line.value)) {
    report(diagnostics, 'invalid-input', `${where}: not a JSON object; skipped`, {
      path,
      raw: line.value,
    });
    return null;
  }
  const record = line.value;
  let type = record['type'];
  if (typeof type !== 'string') {
    report(
      diagnostics,
      'repaired',
      `${where}: entry has no type; it stays in the tree but adds no message`,
      { path: `${path}.type`, raw: type },
    );
    type = '';
  }
  let id = readId(record['id']);
  if (id === null) {
    id = `line-${line.number}`;
    report(diagnostics, 'repaired', `${where}: entry has no id; used ${id}`, {
      path: `${path}.id`,
      raw: record['id'],
    });
  }
  const parent = record['parent_id'];
  const parentId = readId(parent);
  if (parent != null && parentId === null)
    report(
      diagnostics,
      'repaired',
      `${where}: parent_id ${preview(parent)} is not an id; read as a root`,
      { path: `${path}.parent_id`, raw: parent },
    );
  return { id, parentId, type: type as string, record, line: line.number };
}

/* -------------------------------------------------------------------------------------------------
 * The active branch (SessionManager._build_index and get_branch)
 * -----------------------------------------------------------------------------------------------*/

/** The entries from the root to the leaf, as `SessionManager.get_branch()`, stopping at a break or a cycle. */
export function activeBranch(
  entries: readonly Entry[],
  byId: ReadonlyMap<string, Entry>,
  leafId: string | null,
  diagnostics: Diagnostic<DiagnosticCode>[],
): Entry[] {
  const path: Entry[] = [];
  const visited = new Set<string>();
  let cursor = leafId;
  let child: Entry | null = null;
  while (cursor !== null) {
    const entry = byId.get(cursor);
    if (entry === undefined) {
      if (child === null)
        report(
          diagnostics,
          'dropped',
          `the active leaf ${preview(cursor)} is not an entry of this session; the branch is empty`,
          { raw: cursor },
        );
      else
        report(
          diagnostics,
          'dropped',
          `line ${child.line}: parent_id ${preview(cursor)} is not an entry of this session; the branch starts at ${child.id}`,
          { path: `$[${child.line - 1}].parent_id`, raw: cursor },
        );
      break;
    }
    if (visited.has(cursor) && child !== null) {
      report(
        diagnostics,
        'dropped',
        `line ${child.line}: parent_id ${preview(cursor)} closes a cycle; the branch starts at ${child.id}`,
        { path: `$[${child.line - 1}].parent_id`, raw: cursor },
      );
      break;
    }
    visited.add(cursor);
    path.push(entry);
    child = entry;
    cursor = entry.parentId;
  }
  if (entries.length > 0 && leafId === null)
    report(diagnostics, 'dropped', 'the last leaf entry has no target; the branch is empty');
  return path.reverse();
}
