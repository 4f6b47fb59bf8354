/*
 * Encrypted reasoning values: `REASONING_ENCRYPTED_VALUE`.
 */
import type { ThinkingBlock } from '../../model/block.js';
import { readId, readString, stringifyJson } from '../common/read.js';
import { findTextBlock } from './fold-text.js';
import { type WireEvent, wireRole } from './wire-event.js';
import type { Work } from './work.js';

/** `REASONING_ENCRYPTED_VALUE`: kept on the message, the thinking block or the call it names. */
export function foldEncryptedValue(work: Work, event: WireEvent): void {
  const entityId = readId(event['entityId']);
  const value = readString(event['encryptedValue']);
  if (entityId === null || value === null) {
    work.warn(
      'invalid-event',
      'REASONING_ENCRYPTED_VALUE without entityId or encryptedValue; skipped',
    );
    return;
  }
  if (event['subtype'] === 'tool-call') {
    const found = work.findCall(entityId);
    if (found === null) {
      work.warn(
        'unknown-call',
        `encrypted value for tool call "${entityId}", which does not exist; kept here only`,
      );
      return;
    }
    work.editAgUiEntry(work.edit(found.position), 'tool_calls', entityId)['encrypted_value'] =
      value;
    return;
  }
  if (event['subtype'] !== 'message')
    work.warn(
      'invalid-event',
      `unknown subtype ${stringifyJson(event['subtype']) ?? ''}; read as "message"`,
    );
  const position = work.position(entityId);
  if (position < 0 || wireRole(work.message(position)) === 'activity') {
    work.warn(
      'unknown-message',
      `encrypted value for message "${entityId}", which cannot hold one; kept here only`,
    );
    return;
  }
  const copy = work.edit(position);
  const at = findTextBlock(copy, 'reasoning');
  if (at >= 0) work.editBlock<ThinkingBlock>(position, at)['encrypted_value'] = value;
  else work.editAgUi(copy)['encrypted_value'] = value;
}
