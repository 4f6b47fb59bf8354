import type { DiagnosticCode } from '../../fold/diagnostic-code.js';
import type { RunStatus } from '../../fold/run-status.js';
import { ConversationWriter } from '../../fold/writer.js';
import type { WriterState } from '../../fold/writer-state.js';
import { emptyWriterState } from '../../fold/writer-state.js';
import type { Diagnostic } from '../../model/diagnostic.js';
import type { Msg } from '../../model/message.js';

/**
 * The writer state of a protocol state made elsewhere (deserialized, copied, a history): its
 * messages and diagnostics written once, so a fold can go on from it.
 */
export function adoptWritten(
  messages: readonly Msg[],
  diagnostics: readonly Diagnostic<DiagnosticCode>[],
): WriterState {
  const writer = new ConversationWriter(emptyWriterState());
  for (const msg of messages) writer.push(msg);
  for (const diagnostic of diagnostics) writer.keep(diagnostic);
  return writer.finish();
}

/**
 * A protocol's working copy of one batch: messages and diagnostics are written through the
 * conversation writer, so earlier states never change and a batch copies only what it touches.
 */
export class FoldDraft {
  private readonly writer: ConversationWriter;
  /** Whether a message changed: a batch that changes none keeps its messages array. */
  changed = false;
  /** Whether the batch reported a problem. */
  reported = false;

  constructor(
    private readonly written: WriterState,
    /** Where the run is; every protocol's state carries it beside its messages. */
    public status: RunStatus,
  ) {
    this.writer = new ConversationWriter(written);
  }

  /** How many messages there are. */
  get length(): number {
    return this.writer.length;
  }

  /** The message at `position` (undefined past the end). */
  message(position: number): Msg | undefined {
    return this.writer.message(position);
  }

  /** The position of the first message with this id, or -1. */
  position(id: string): number {
    return this.writer.position(id);
  }

  /** Where the tool call with this id is: its message's position and the block's, or null. */
  findCall(id: string): { position: number; at: number } | null {
    return this.writer.findCall(id);
  }

  /** Puts `msg` in place of the message at `position`. */
  set(position: number, msg: Msg): void {
    if (this.writer.message(position) === msg) return;
    this.writer.set(position, msg);
    this.changed = true;
  }

  /** Appends a message; returns its position. */
  push(msg: Msg): number {
    this.changed = true;
    return this.writer.push(msg);
  }

  /** Adds a message, or replaces its earlier copy (a re-delivered message). */
  upsert(msg: Msg): void {
    this.writer.upsert(msg);
    this.changed = true;
  }

  /**
   * Puts a finished message in place of its earlier copy at `earlier`, taking out the open
   * message at `open`, or else in place of that open one; appends it when there is neither (-1
   * for each). Returns its position.
   */
  settleAt(msg: Msg, open: number, earlier: number): number {
    let at = earlier >= 0 ? earlier : open;
    if (open >= 0 && earlier >= 0 && earlier !== open) {
      this.remove(open);
      if (earlier > open) at -= 1;
    }
    if (at < 0) return this.push(msg);
    this.set(at, msg);
    return at;
  }

  /** Appends a delta to the streaming field of the block at `at` of the message at `position`. */
  appendText(position: number, at: number, delta: string): void {
    this.writer.appendText(position, at, delta);
    this.changed = true;
  }

  /** Takes out the message at `position`, moving the later ones (O(messages), for rare repairs). */
  remove(position: number): void {
    const rest: Msg[] = [];
    for (let at = 0; at < this.length; at++)
      if (at !== position) rest.push(this.message(at) as Msg);
    this.replaceAll(rest);
  }

  /** Replaces every message, in order. */
  replaceAll(messages: readonly Msg[]): void {
    this.writer.replaceAll(messages);
    this.changed = true;
  }

  /** Records diagnostics a conversion collected. */
  keep(...diagnostics: Diagnostic<DiagnosticCode>[]): void {
    for (const diagnostic of diagnostics) this.writer.keep(diagnostic);
    if (diagnostics.length > 0) this.reported = true;
  }

  /** Publishes the batch (the state it started from when nothing changed); not used after. */
  protected publish(): WriterState {
    return this.changed || this.reported ? this.writer.finish() : this.written;
  }
}
