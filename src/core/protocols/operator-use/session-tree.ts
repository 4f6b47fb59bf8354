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
export const NON_MESSAGE_TYPES = new Set(
  'custom label leaf thinking_level_change model_change session_info channel'.split(' '),
);
export const MESSAGE_TYPES = new Set(['message', 'custom_message', 'branch_summary', 'compaction']);

/** Reports a problem on a session line as `line <n>: <what>`, at `$[n-1]` followed by `field`. */
export function reportLine(
  diagnostics: Diagnostic<DiagnosticCode>[],
  code: DiagnosticCode,
  line: number,
  what: string,
  field = '',
  raw?: unknown,
): void {
  report(diagnostics, code, `line ${line}: ${what}`, { path: `$[${line - 1}]${field}`, raw });
}

/* -------------------------------------------------------------------------------------------------
 * Lines, header, entries
 * -----------------------------------------------------------------------------------------------*/

/** The non-blank lines of a JSONL text (or already parsed lines), each parsed. */
export function readLines(input: unknown, diagnostics: Diagnostic<DiagnosticCode>[]): Line[] {
  if (Array.isArray(input)) return input.map((value, index) => ({ number: index + 1, value }));
  if (typeof input !== 'string') {
    const what = `session is not JSONL text (got ${preview(input)})`;
    report(diagnostics, 'invalid-input', what, { path: '$', raw: input });
    return [];
  }
  return textLines(input).flatMap(({ number, text }) => {
    try {
      return [{ number, value: JSON.parse(text) as unknown }];
    } catch {
      reportLine(diagnostics, 'invalid-input', number, 'not valid JSON; skipped', '', text);
      return [];
    }
  });
}

/** An entry with its id and parent read; `null` for a line that is not an object. */
export function readEntry(line: Line, diagnostics: Diagnostic<DiagnosticCode>[]): Entry | null {
  const { number, value: record } = line;
  if (!isRecord(record)) {
    reportLine(diagnostics, 'invalid-input', number, 'not a JSON object; skipped', '', record);
    return null;
  }
  const type = typeof record['type'] === 'string' ? record['type'] : '';
  if (typeof record['type'] !== 'string') {
    const what = 'entry has no type; it stays in the tree but adds no message';
    reportLine(diagnostics, 'repaired', number, what, '.type', record['type']);
  }
  const id = readId(record['id']) ?? `line-${number}`;
  if (readId(record['id']) === null)
    reportLine(diagnostics, 'repaired', number, `entry has no id; used ${id}`, '.id', record['id']);
  const parent = record['parent_id'];
  const parentId = readId(parent);
  if (parent != null && parentId === null) {
    const what = `parent_id ${preview(parent)} is not an id; read as a root`;
    reportLine(diagnostics, 'repaired', number, what, '.parent_id', parent);
  }
  return { id, parentId, type, record, line: number };
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
  while (cursor !== null) {
    const entry = byId.get(cursor);
    const child = path[path.length - 1];
    if (entry === undefined || visited.has(cursor)) {
      const what = entry === undefined ? 'is not an entry of this session' : 'closes a cycle';
      const from = `${preview(cursor)} ${what}; the branch`;
      if (child === undefined)
        report(diagnostics, 'dropped', `the active leaf ${from} is empty`, { raw: cursor });
      else {
        const said = `parent_id ${from} starts at ${child.id}`;
        reportLine(diagnostics, 'dropped', child.line, said, '.parent_id', cursor);
      }
      break;
    }
    visited.add(cursor);
    path.push(entry);
    cursor = entry.parentId;
  }
  if (entries.length > 0 && leafId === null)
    report(diagnostics, 'dropped', 'the last leaf entry has no target; the branch is empty');
  return path.reverse();
}
