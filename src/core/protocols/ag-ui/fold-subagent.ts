/*
 * Subagents: `SUBAGENT_STARTED`, `SUBAGENT_FINISHED` and `SUBAGENT_ERROR`.
 */
import { asJson, lookup, readId, readObject, readString, readText } from '../common/read.js';
import type { AgUiSubagent } from './types.js';
import { readStrings, type WireEvent } from './wire-event.js';
import type { Work } from './work.js';

function setSubagent(work: Work, subagent: AgUiSubagent): void {
  work.subagents = work.withEntry(work.subagents, subagent.subagentRunId, subagent);
}

/** A running subagent, with what its `SUBAGENT_STARTED` names (`{}` for one that never started). */
function running(id: string, started: Record<string, unknown>): AgUiSubagent {
  return {
    subagentRunId: id,
    name: readString(started['name']) ?? '',
    description: readString(started['description']),
    parentSubagentRunId: readId(started['parentSubagentRunId']),
    parentToolCallId: readId(started['parentToolCallId']),
    parentMessageId: readId(started['parentMessageId']),
    status: 'running',
    interruptIds: [],
    error: null,
  };
}

/** `SUBAGENT_STARTED`, `SUBAGENT_FINISHED` and `SUBAGENT_ERROR`. */
export function foldSubagent(work: Work, event: WireEvent): void {
  const id = readId(event['subagentRunId']);
  if (id === null) {
    work.warn('missing-id', `${event.type} without a subagentRunId; skipped`);
    return;
  }
  const known = lookup(work.subagents, id);
  if (event.type === 'SUBAGENT_STARTED') {
    if (readString(event['name']) === null)
      work.warn('invalid-event', 'SUBAGENT_STARTED without a name');
    setSubagent(work, running(id, event));
    return;
  }
  const base = known ?? running(id, {});
  if (known === undefined)
    work.warn('unknown-subagent', `${event.type} for "${id}", which never started`);
  if (event.type === 'SUBAGENT_ERROR') {
    const message = readString(event['message']) ?? 'The subagent reported an error';
    setSubagent(work, {
      ...base,
      status: 'error',
      error: { message, code: readText(event['code']) },
    });
    return;
  }
  const outcome = readObject(event['outcome']);
  const suspended = outcome?.['type'] === 'suspended';
  const next: AgUiSubagent = {
    ...base,
    status: suspended ? 'suspended' : 'success',
    interruptIds: readStrings(outcome?.['interruptIds']),
  };
  if (event['result'] !== undefined) next.result = asJson(event['result']);
  setSubagent(work, next);
}
