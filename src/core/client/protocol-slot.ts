import type { Diagnostic } from '../model/diagnostic.js';
import { createDiagnostic } from '../model/diagnostic.js';
import type { AgentEvent } from '../model/event.js';
import type { Msg } from '../model/message.js';
import { parseAgentEvent } from '../model/parse/event-reader.js';
import type { RawFrame } from '../stream/read-event-stream.js';
import { frameText } from '../stream/read-event-stream.js';
import type { MessageStreamOptions } from './message-stream-options.js';
import { guard } from './platform.js';
import type {
  MessageStreamProtocol,
  MessageStreamProtocolName,
  MessageStreamProtocolRun,
} from '../protocols/protocol-types.js';

/** What the protocol slot needs from the stream store. */
export interface ProtocolHost {
  options(): MessageStreamOptions<unknown>;
  /** The canonical messages shown so far: a protocol's fold opened now starts after them. */
  messages(): readonly Msg[];
  /** Queues an AgentScope event for the store's own fold. */
  receive(event: AgentEvent): void;
  /** Something the snapshot shows changed. */
  changed(): void;
  report(cause: unknown): Error;
}

/**
 * Which wire protocol a store reads, and the fold of one other than AgentScope. AgentScope's
 * events go straight to the store's own fold, so a chat that speaks it pays for nothing else;
 * anything else (a named protocol, a frame that is not an AgentScope event) imports the resolver
 * on demand, frames waiting meanwhile in order.
 */
export class ProtocolSlot {
  /** The protocol: as set, or as detected; null while `auto` has seen no telling frame. */
  name: MessageStreamProtocolName | null = null;
  /** The fold of a protocol other than AgentScope, once its driver is there. */
  run: MessageStreamProtocolRun | null = null;
  /** `protocol-detected` once the frames told the protocol. */
  diagnostics: readonly Diagnostic[] = [];
  /** Whether a dropped stream is reopened with `Last-Event-ID` (AgentScope's, and until known). */
  resumable = true;
  /** Frames waiting for the protocol to be settled; null while nothing loads. */
  private held: RawFrame[] | null = null;

  constructor(
    private readonly host: ProtocolHost,
    protocol: MessageStreamOptions<unknown>['protocol'],
  ) {
    if (typeof protocol === 'object') this.open(protocol);
    else if (protocol !== undefined && protocol !== 'auto') {
      this.name = protocol;
      this.resumable = protocol === 'agentscope';
      if (!this.resumable) this.resolve(null);
    }
  }

  /** Whether the protocol is known and is not AgentScope: frames and decisions go to its fold. */
  get foreign(): boolean {
    return this.name !== null && this.name !== 'agentscope';
  }

  /** Reads one frame; returns its event id when it was an AgentScope event with one. */
  receiveFrame(frame: RawFrame): string | null {
    if (this.held === null) return this.read(frame, true);
    this.held.push(frame);
    return null;
  }

  private read(frame: RawFrame, detect: boolean): string | null {
    if (this.run !== null) {
      this.run.push(frame.value);
      this.host.changed();
      return null;
    }
    const result = parseAgentEvent(frame.value);
    if (result.ok) {
      if (this.name === null) {
        this.name = 'agentscope';
        const message = 'Detected agentscope from the first frames';
        this.diagnostics = [createDiagnostic('protocol-detected', message)];
      }
      this.host.receive(result.value);
      return result.value.id || null;
    }
    if (detect && this.name === null) {
      this.resolve(frame);
      return null;
    }
    const { onDiagnostic } = this.host.options();
    const raw = frame.raw ?? frameText(frame.value);
    if (onDiagnostic)
      guard(() => onDiagnostic(createDiagnostic('invalid-event', result.error, { raw })));
    return null;
  }

  private open(driver: MessageStreamProtocol): void {
    this.name = driver.name;
    this.resumable = driver.resumable;
    const { initialHistory: history } = this.host.options();
    this.run = driver.open({ messages: this.host.messages(), history });
  }

  /**
   * Holds the frames from `first` on while the resolver settles the protocol (by name, or from
   * the frames), then reads them; frames that told nothing are reported as AgentScope's would be.
   * Frames that arrive while the resolver reads are asked too, before any is released: a first
   * frame that says nothing (`{"type":"ping"}`) must not turn the real ones after it into
   * unreadable AgentScope events, whatever the timing.
   * A module that cannot load (a chunk the network lost) goes to `onError`.
   */
  private resolve(first: RawFrame | null): void {
    const held: RawFrame[] = (this.held = first ? [first] : []);
    let asked = 0;
    const settle = async (): Promise<void> => {
      const { resolveProtocol } = await import('../protocols/resolve-protocol.js');
      const seen = (asked = held.length);
      const resolved = await resolveProtocol(
        this.name,
        held.slice(0, seen).map((frame) => frame.value),
      );
      if (resolved.name === null && held.length > seen) return settle();
      this.name = resolved.name;
      this.diagnostics = resolved.diagnostics;
      if (resolved.driver) this.open(resolved.driver);
    };
    const release = (): void => {
      this.held = null;
      held.forEach((frame, index) => {
        // A frame the resolver never saw may still tell; if it does, the rest wait again.
        if (this.held !== null) this.held.push(frame);
        else this.read(frame, index >= asked);
      });
      this.host.changed();
    };
    settle()
      .catch((error: unknown) => {
        // Not asked again: a resolver that cannot load would fail on every frame.
        asked = held.length;
        this.host.report(error);
      })
      .then(release);
  }
}
