import type { DiagnosticCode } from '../../fold/diagnostic-code.js';
import type { Diagnostic } from '../../model/diagnostic.js';

/** What converting one message's content needs to know about the message. */
export interface BlockContext {
  /** The message's id: its blocks are `<messageId>:<index>` unless they carry their own. */
  messageId: string;
  created_at: string;
  /** `null` while the message is still streaming. */
  finished_at: string | null;
  /** Where what the conversion repairs or sets aside is reported. */
  diagnostics: Diagnostic<DiagnosticCode>[];
}

/** A block's id and the message's timestamps (wire blocks carry no times of their own). */
export function stamp(
  ctx: BlockContext,
  id: string,
): { id: string } & Pick<BlockContext, 'created_at' | 'finished_at'> {
  return { id, created_at: ctx.created_at, finished_at: ctx.finished_at };
}
