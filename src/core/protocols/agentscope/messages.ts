import type { DiagnosticCode } from '../../fold/diagnostic-code.js';
import type { Diagnostic } from '../../model/diagnostic.js';
import { generateId } from '../../model/ids.js';
import type { Msg } from '../../model/message.js';
import { parseMsg, validateMsg } from '../../model/parse/message-reader.js';
import { blankMsg } from '../../model/factories.js';
import {
  isRecord,
  preview,
  readId,
  readTimestamp,
  stringifyJson,
  type UnknownRecord,
} from '../common/read.js';
import { unknownBlock } from '../common/unknown-message.js';
import { fromLegacy, isLegacy, reportAt } from './legacy.js';

/** A validated AgentScope message and what had to be repaired or converted to read it. */
export interface AgentScopeMsgResult {
  message: Msg;
  diagnostics: Diagnostic<DiagnosticCode>[];
}

function unreadableMessage(raw: unknown): Msg {
  const id = generateId();
  return blankMsg({ id, content: [unknownBlock(`${id}-0`, raw, null)], finished_at: '' });
}

/* -------------------------------------------------------------------------------------------------
 * Fields parseMsg cannot repair (it rejects the whole message); fixed here so the rest survives
 * -----------------------------------------------------------------------------------------------*/

function rescue(value: UnknownRecord, diagnostics: Diagnostic<DiagnosticCode>[]): UnknownRecord {
  const fixed: UnknownRecord = { ...value };
  let changed = false;
  const repair = (
    key: string,
    next: unknown,
    why: string,
    code: DiagnosticCode = 'repaired',
    detail?: string,
  ): void => {
    fixed[key] = next;
    changed = true;
    reportAt(
      diagnostics,
      code,
      `msg.${key}`,
      `msg.${key} ${preview(value[key])} ${why}`,
      value[key],
      detail,
    );
  };
  if (value['role'] != null && typeof value['role'] !== 'string')
    repair('role', 'assistant', 'is not a string; read as assistant');
  if (
    value['name'] != null &&
    typeof value['name'] !== 'string' &&
    typeof value['name'] !== 'number'
  )
    repair('name', fixed['role'] ?? 'assistant', 'is not a string; read as the role');
  if (value['id'] != null && readId(value['id']) === null)
    repair('id', generateId(), 'is not an id; a new one was made');
  for (const key of ['created_at', 'finished_at']) {
    const raw = value[key];
    if (raw == null || typeof raw === 'string') continue;
    const converted = readTimestamp(raw);
    if (converted !== null) {
      fixed[key] = converted;
      changed = true;
    } else
      repair(
        key,
        key === 'created_at' ? '' : null,
        'is not a timestamp; left empty',
        'invalid-data',
        'invalid-timestamp',
      );
  }
  const content = value['content'];
  if (content != null && typeof content !== 'string' && !Array.isArray(content))
    repair('content', [content], 'is not a list; kept as one block');
  if (value['usage'] != null && !isRecord(value['usage']))
    repair('usage', null, 'is not an object; dropped');
  const error = value['error'];
  if (error != null && typeof error !== 'string' && !isRecord(error))
    repair(
      'error',
      { type: 'unknown', message: stringifyJson(error) ?? '' },
      'is not an object; kept as its text',
    );
  return changed ? fixed : value;
}

/* -------------------------------------------------------------------------------------------------
 * Entry point
 * -----------------------------------------------------------------------------------------------*/

/** A repair `parseMsg` reported (`msg.content[1].input was repaired`) as a diagnostic. */
function fromParseWarning(warning: string, diagnostics: Diagnostic<DiagnosticCode>[]): void {
  const where = warning.split(' ', 1)[0] ?? 'msg';
  const code = warning.includes(' kept as an unknown block') ? 'unknown-block' : 'repaired';
  reportAt(diagnostics, code, where, warning);
}

function read(json: unknown, diagnostics: Diagnostic<DiagnosticCode>[]): Msg {
  const unreadable = (why: string, raw?: unknown): Msg => {
    reportAt(diagnostics, 'invalid-input', 'msg', `msg ${why}; kept as an unknown block`, raw);
    return unreadableMessage(json);
  };
  if (!isRecord(json)) return unreadable(`${preview(json)} is not a JSON object`, json);
  const rescued = rescue(json, diagnostics);
  const normalized = isLegacy(rescued) ? fromLegacy(rescued, diagnostics) : rescued;
  const parsed = parseMsg(normalized);
  if (!parsed.ok) return unreadable(`could not be read: ${parsed.error}`);
  for (const warning of parsed.warnings ?? []) fromParseWarning(warning, diagnostics);
  if (validateMsg(parsed.value).length === 0) return parsed.value;
  // parseMsg repairs in one pass; a second pass settles what the first left behind.
  const again = parseMsg(parsed.value);
  if (again.ok && validateMsg(again.value).length === 0) return again.value;
  return unreadable('could not be repaired');
}

/**
 * Reads an AgentScope `Msg` from JSON: a valid 2.x message comes back as the same object, older
 * servers' omissions get AgentScope's defaults, and 1.x messages (`tool_use`, media blocks with a
 * `source`, `timestamp`, string `content`) are converted to the 2.x model. Never throws.
 */
export function fromAgentScopeMsg(json: unknown): AgentScopeMsgResult {
  const diagnostics: Diagnostic<DiagnosticCode>[] = [];
  try {
    return { message: read(json, diagnostics), diagnostics };
  } catch (error) {
    reportAt(
      diagnostics,
      'invalid-input',
      'msg',
      `msg could not be read (${String(error)}); kept as an unknown block`,
    );
    return { message: unreadableMessage(json), diagnostics };
  }
}
