import { isRecord } from '../../model/parse/field-reader.js';
import { preview, readId } from './content.js';

type Record_ = Record<string, unknown>;

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
  record: Record_;
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
export function readLines(input: unknown, diagnostics: string[]): Line[] {
  if (Array.isArray(input)) return input.map((value, index) => ({ number: index + 1, value }));
  if (typeof input !== 'string') {
    diagnostics.push(`session is not JSONL text (got ${preview(input)})`);
    return [];
  }
  const lines: Line[] = [];
  input.split(/\r?\n/).forEach((text, index) => {
    if (text.trim() === '') return;
    try {
      lines.push({ number: index + 1, value: JSON.parse(text) as unknown });
    } catch {
      diagnostics.push(`line ${index + 1}: not valid JSON; skipped`);
    }
  });
  return lines;
}

/** An entry with its id and parent read; `null` for a line that is not an object. */
export function readEntry(line: Line, diagnostics: string[]): Entry | null {
  const where = `line ${line.number}`;
  if (!isRecord(line.value)) {
    diagnostics.push(`${where}: not a JSON object; skipped`);
    return null;
  }
  const record = line.value;
  let type = record['type'];
  if (typeof type !== 'string') {
    diagnostics.push(`${where}: entry has no type; it stays in the tree but adds no message`);
    type = '';
  }
  let id = readId(record['id']);
  if (id === null) {
    id = `line-${line.number}`;
    diagnostics.push(`${where}: entry has no id; used ${id}`);
  }
  const parent = record['parent_id'];
  const parentId = readId(parent);
  if (parent != null && parentId === null)
    diagnostics.push(`${where}: parent_id ${preview(parent)} is not an id; read as a root`);
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
  diagnostics: string[],
): Entry[] {
  const path: Entry[] = [];
  const visited = new Set<string>();
  let cursor = leafId;
  let child: Entry | null = null;
  while (cursor !== null) {
    const entry = byId.get(cursor);
    if (entry === undefined) {
      if (child === null)
        diagnostics.push(
          `the active leaf ${preview(cursor)} is not an entry of this session; the branch is empty`,
        );
      else
        diagnostics.push(
          `line ${child.line}: parent_id ${preview(cursor)} is not an entry of this session; the branch starts at ${child.id}`,
        );
      break;
    }
    if (visited.has(cursor) && child !== null) {
      diagnostics.push(
        `line ${child.line}: parent_id ${preview(cursor)} closes a cycle; the branch starts at ${child.id}`,
      );
      break;
    }
    visited.add(cursor);
    path.push(entry);
    child = entry;
    cursor = entry.parentId;
  }
  if (entries.length > 0 && leafId === null)
    diagnostics.push('the last leaf entry has no target; the branch is empty');
  return path.reverse();
}
