/*
 * `MESSAGES_SNAPSHOT`: the whole thread, reconciled with the messages already shown.
 */
import type { Diagnostic } from '../../model/diagnostic.js';
import type { JsonObject, JsonValue } from '../../model/json.js';
import type { Msg } from '../../model/message.js';
import { asJson, readObject, readString } from '../common/read.js';
import { jsonEqual, setKey } from './json-patch.js';
import { listConverter, pairList } from './messages.js';
import { STREAM_BLOCKS } from './stream-phase.js';
import type { AgUiActivity } from './types.js';
import { stampOf, type WireEvent, wireRole } from './wire-event.js';
import type { Work } from './work.js';

/** How whole wire messages (a snapshot, `RunAgentInput.messages`) convert. */
export function snapshotConverter(
  work: Work,
  diagnostics: Diagnostic[],
  path: string,
  at: string,
): (wire: unknown, index: number) => Msg | null {
  const subagentParent = (id: string): string | null => work.subagentParent(id);
  return listConverter(path, { diagnostics, subagentParent, createdAt: at });
}

/** Converted wire messages paired: tool names come from the same list first, then from calls shown. */
export function pairShown(work: Work, messages: readonly Msg[]): Msg[] {
  return pairList(messages, (id) => work.callBlock(id)?.call.name ?? null);
}

/**
 * `MESSAGES_SNAPSHOT`, reconciled as `@ag-ui/client` does: messages in the snapshot replace theirs
 * (an unchanged one keeps its identity), messages it leaves out are removed, except activity and
 * reasoning messages when the snapshot carries none of that role (backends rarely send them), and
 * new ones are appended in snapshot order.
 */
export function foldMessagesSnapshot(work: Work, event: WireEvent): void {
  const wire = event['messages'];
  if (!Array.isArray(wire)) {
    work.warn('invalid-event', 'MESSAGES_SNAPSHOT without a messages list; skipped');
    return;
  }
  const diagnostics: Diagnostic[] = [];
  const at = stampOf(event);
  const convert = snapshotConverter(work, diagnostics, `$[${work.eventCount}].messages`, at);
  const incoming = new Map<string, Msg>();
  const order: string[] = [];
  (wire as unknown[]).forEach((raw, index) => {
    const msg = convert(raw, index);
    if (msg === null) return;
    if (incoming.has(msg.id)) {
      // A second message with an id already listed: both are shown, this one under a fresh id.
      const taken = msg.id;
      msg.id = `${taken}:${index}`;
      work.warn(
        'id-conflict',
        `MESSAGES_SNAPSHOT lists "${taken}" more than once; messages[${index}] kept as "${msg.id}"`,
      );
    }
    if (!incoming.has(msg.id)) order.push(msg.id);
    incoming.set(msg.id, msg);
  });
  work.addDiagnostics(diagnostics);
  for (const msg of pairShown(work, [...incoming.values()])) incoming.set(msg.id, msg);
  const roles = new Set([...incoming.values()].map(wireRole));
  const kept: Msg[] = [];
  const seen = new Set<string>();
  for (let position = 0; position < work.length; position++) {
    const existing = work.message(position);
    const replacement = incoming.get(existing.id);
    if (replacement !== undefined) {
      if (seen.has(existing.id)) continue;
      seen.add(existing.id);
      kept.push(sameShown(existing, replacement) ? existing : replacement);
      continue;
    }
    const role = wireRole(existing);
    if ((role === 'activity' || role === 'reasoning') && !roles.has(role)) kept.push(existing);
  }
  for (const id of order) if (!seen.has(id)) kept.push(incoming.get(id) as Msg);
  work.replaceAll(kept);
  // Activities follow their messages.
  const activities: Record<string, AgUiActivity> = {};
  for (const msg of kept) {
    const block = msg.content[0];
    if (wireRole(msg) !== 'activity' || block?.type !== 'unknown') continue;
    const agUi = readObject(msg.metadata['ag_ui']);
    setKey(activities, msg.id, {
      messageId: msg.id,
      activityType: readString(agUi?.['activity_type']) ?? '',
      content: (readObject(block.raw) ?? {}) as JsonObject,
    });
  }
  work.activities = activities;
  repointStreams(work);
}

/** A message that shows the same content is kept as it was (identity), timestamps aside. */
function sameShown(existing: Msg, replacement: Msg): boolean {
  if (existing.content.length !== replacement.content.length || existing.role !== replacement.role)
    return false;
  const strip = (msg: Msg): JsonValue =>
    asJson({
      ...msg,
      created_at: '',
      finished_at: msg.finished_at === null ? null : '',
      content: msg.content.map((block) => ({
        ...block,
        created_at: '',
        finished_at: block.finished_at == null ? null : '',
      })),
    });
  return jsonEqual(strip(existing), strip(replacement));
}

/** After a snapshot, open streams point at their block again (or end, when it is gone). */
function repointStreams(work: Work): void {
  for (const [key, stream] of work.openStreams()) {
    const position = work.position(stream.messageId);
    const entity = key.slice(key.indexOf(':') + 1);
    const type = STREAM_BLOCKS[stream.kind].type;
    const content = position < 0 ? [] : work.message(position).content;
    const at = content.findIndex((block) => block.type === type && block.id === entity);
    if (at < 0) work.deleteStream(key);
    else if (at !== stream.at) work.setStream(key, { ...stream, at });
  }
}
