/*
 * Activity messages: `ACTIVITY_SNAPSHOT` and `ACTIVITY_DELTA`.
 */
import type { JsonObject } from '../../model/json.js';
import { isRecord, lookup, readId, readObject, readString, readText } from '../common/read.js';
import { applyJsonPatch, jsonEqual } from './json-patch.js';
import { activityBlock, agUiMetadata, shell } from './messages.js';
import type { AgUiActivity } from './types.js';
import { stampOf, type WireEvent, wireRole } from './wire-event.js';
import type { Work } from './work.js';

function setActivity(work: Work, activity: AgUiActivity): void {
  work.activities = work.withEntry(work.activities, activity.messageId, activity);
}

/** `ACTIVITY_SNAPSHOT`: an activity message, created or replaced (unless `replace: false`). */
export function foldActivitySnapshot(work: Work, event: WireEvent): void {
  const id = readId(event['messageId']);
  if (id === null) {
    work.warn('missing-id', 'ACTIVITY_SNAPSHOT without a messageId; skipped');
    return;
  }
  const activityType = readString(event['activityType']) ?? '';
  const content = readObject(event['content']);
  if (content === null)
    work.warn('invalid-event', 'ACTIVITY_SNAPSHOT content is not an object; read as {}');
  const position = work.position(id);
  const existing = position < 0 ? null : work.message(position);
  const replace = event['replace'] !== false;
  if (existing !== null && !replace) return;
  if (existing !== null && wireRole(existing) !== 'activity')
    work.warn(
      'id-conflict',
      `ACTIVITY_SNAPSHOT replaced message "${id}", which was not an activity`,
    );
  const at = stampOf(event);
  const activity: AgUiActivity = { messageId: id, activityType, content: content ?? {} };
  const agUi = agUiMetadata('activity', {
    subagentRunId: readText(event['subagentRunId']),
    metadata: readObject(event['metadata']),
  });
  agUi['activity_type'] = activityType;
  const block = activityBlock(id, activityType, activity.content, at);
  const msg = shell(id, 'activity', null, [block], agUi, existing?.created_at ?? at, at);
  if (existing !== null && jsonEqual(existing, msg)) return;
  setActivity(work, activity);
  if (existing === null) work.push(msg);
  else work.set(position, msg);
}

/** `ACTIVITY_DELTA`: a JSON Patch on an activity's content; a failed patch changes nothing. */
export function foldActivityDelta(work: Work, event: WireEvent): void {
  const id = readId(event['messageId']);
  const activity = lookup(work.activities, id);
  const position = id === null ? -1 : work.position(id);
  if (id === null || activity === undefined || position < 0) {
    work.warn(
      'unknown-activity',
      `ACTIVITY_DELTA for "${id ?? ''}", which is not an activity; skipped`,
    );
    return;
  }
  const result = applyJsonPatch(activity.content, event['patch']);
  if (!result.ok || !isRecord(result.value)) {
    work.warn(
      'invalid-patch',
      `activity patch not applied (${result.ok ? 'the result is not an object' : `operation ${result.index}: ${result.error}`})`,
    );
    return;
  }
  const activityType = readString(event['activityType']) ?? activity.activityType;
  const content = result.value as JsonObject;
  setActivity(work, { messageId: id, activityType, content });
  const copy = work.edit(position);
  copy.content = [activityBlock(id, activityType, content, copy.created_at)];
  if (activityType !== activity.activityType) work.editAgUi(copy)['activity_type'] = activityType;
}
