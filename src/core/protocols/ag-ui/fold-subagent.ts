/*
 * Subagents: `SUBAGENT_STARTED`, `SUBAGENT_FINISHED` and `SUBAGENT_ERROR`.
 */
import { asJson, readId, readObject, readString, readText } from '../common/read.js';
import type { AgUiSubagent } from './types.js';
import type { WireEvent } from './wire-event.js';
import type { Work } from './work.js';

function setSubagent(work: Work, subagent: AgUiSubagent): void {
  work.subagents = work.withEntry(work.subagents, subagent.subagentRunId, subagent);
}

/** `SUBAGENT_STARTED`, `SUBAGENT_FINISHED` and `SUBAGENT_ERROR`. */
export function foldSubagent(work: Work, event: WireEvent): void {
  const id = readId(event['subagentRunId']);
  if (id === null) {
    work.warn('missing-id', `${event.type} without a subagentRunId; skipped`);
    return;
  }
  const known = Object.hasOwn(work.subagents, id) ? work.subagents[id] : undefined;
  if (event.type === 'SUBAGENT_STARTED') {
    const name = readString(event['name']);
    if (name === null) work.warn('invalid-event', 'SUBAGENT_STARTED without a name');
    setSubagent(work, {
      subagentRunId: id,
      name: name ?? '',
      description: readString(event['description']),
      parentSubagentRunId: readId(event['parentSubagentRunId']),
      parentToolCallId: readId(event['parentToolCallId']),
      parentMessageId: readId(event['parentMessageId']),
      status: 'running',
      interruptIds: [],
      error: null,
    });
    return;
  }
  const base: AgUiSubagent = known ?? {
    subagentRunId: id,
    name: '',
    description: null,
    parentSubagentRunId: null,
    parentToolCallId: null,
    parentMessageId: null,
    status: 'running',
    interruptIds: [],
    error: null,
  };
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
  const ids = Array.isArray(outcome?.['interruptIds'])
    ? (outcome['interruptIds'] as unknown[]).filter(
        (value): value is string => typeof value === 'string',
      )
    : [];
  const next: AgUiSubagent = {
    ...base,
    status: suspended ? 'suspended' : 'success',
    interruptIds: ids,
  };
  if (event['result'] !== undefined) next.result = asJson(event['result']);
  setSubagent(work, next);
}
