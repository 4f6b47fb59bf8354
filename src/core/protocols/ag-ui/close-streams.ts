/*
 * Closing every open stream when a run starts, finishes or fails.
 */
import type { ReplyFinishedReason } from '../../model/message.js';
import { endStream } from './stream-phase.js';
import type { WireEvent } from './wire-event.js';
import type { Work } from './work.js';

/** Ends every open stream; messages still open afterwards end with `reason`. */
export function closeStreams(
  work: Work,
  event: WireEvent,
  reason: ReplyFinishedReason,
  report: boolean,
): void {
  const open = work.openStreams();
  if (open.length === 0) return;
  if (report)
    work.warn(
      'not-closed',
      `${event.type} while ${open.length} stream(s) were still open; they were closed`,
    );
  for (const [key, stream] of open) {
    endStream(work, key, stream, event);
    const position = work.position(stream.messageId);
    const msg = position < 0 ? null : work.message(position);
    if (reason !== 'completed' && msg?.finished_at != null && msg.finished_reason === 'completed')
      work.edit(position).finished_reason = reason;
  }
}
