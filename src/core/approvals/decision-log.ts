import type { ApprovalLogEntry } from './approval-log.js';

/** A policy's log: the latest `max` entries in order, and the latest entry of each call. */
export class DecisionLog {
  private readonly entries: ApprovalLogEntry[] = [];
  private readonly latestByCall = new Map<string, ApprovalLogEntry>();

  constructor(private readonly max: number) {}

  /** Appends an entry, dropping the oldest past `max`. */
  push(entry: ApprovalLogEntry): void {
    this.entries.push(entry);
    this.latestByCall.set(entry.toolCallId, entry);
    if (this.entries.length <= this.max) return;
    const dropped = this.entries.shift();
    if (dropped && this.latestByCall.get(dropped.toolCallId) === dropped) {
      this.latestByCall.delete(dropped.toolCallId);
    }
  }

  /** The entries, oldest first (the live array: copy before handing it out). */
  list(): readonly ApprovalLogEntry[] {
    return this.entries;
  }

  /** The latest entry for a call. */
  latest(toolCallId: string): ApprovalLogEntry | undefined {
    return this.latestByCall.get(toolCallId);
  }
}
