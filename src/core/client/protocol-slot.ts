import type { Diagnostic } from '../model/diagnostic.js';
import { createDiagnostic } from '../model/diagnostic.js';
import type { Msg } from '../model/message.js';
import { parseAgentEvent } from '../model/parse/event-reader.js';
import type { RawFrame } from '../stream/read-event-stream.js';
import { frameText } from '../stream/read-event-stream.js';
import { agentScopeProtocol } from '../protocols/agentscope/driver.js';
import type { MessageStreamOptions } from './message-stream-options.js';
import type {
  MessageStreamProtocol,
  MessageStreamProtocolHost,
  MessageStreamProtocolName,
  MessageStreamProtocolRun,
} from '../protocols/protocol-types.js';

/** A frame waiting for the protocol, or one the app made (`append`, folded as it is). */
type HeldFrame = RawFrame & { readonly local?: true };

/** What the protocol slot needs from the stream store. */
export interface ProtocolHost extends MessageStreamProtocolHost {
  options(): MessageStreamOptions<unknown>;
  /** Something the snapshot shows changed. */
  changed(): void;
  report(cause: unknown): Error;
}

/**
 * Which wire protocol a store reads, and its driver's fold. Every protocol has a driver;
 * AgentScope's is the only one bundled with the store, so a chat that speaks it pays for nothing
 * else. It also holds the conversation until the protocol is known (the messages given first, an
 * answer to one of them). Any other protocol (named, or told by a frame that is not an AgentScope
 * event) imports the resolver on demand, frames waiting meanwhile in order; its driver then
 * starts from the messages shown so far.
 */
export class ProtocolSlot {
  /** The protocol: as set, or as detected; null while `auto` has seen no telling frame. */
  name: MessageStreamProtocolName | null = null;
  /** The driver folding the frames: AgentScope's until another one is there. */
  run: MessageStreamProtocolRun;
  /** `protocol-detected` once the frames told the protocol. */
  diagnostics: readonly Diagnostic[] = [];
  /** The driver `run` belongs to. */
  private driver: MessageStreamProtocol = agentScopeProtocol;
  /** Frames waiting for the protocol to be settled; null while nothing loads. */
  private held: HeldFrame[] | null = null;

  constructor(
    private readonly host: ProtocolHost,
    protocol: MessageStreamOptions<unknown>['protocol'],
  ) {
    const { initialMessages: messages = [], initialConversation: conversation } = host.options();
    this.run = agentScopeProtocol.open({ messages, conversation, host });
    if (typeof protocol === 'object') this.open(protocol);
    else if (protocol !== undefined && protocol !== 'auto') {
      this.name = protocol;
      if (protocol !== 'agentscope') this.resolve(null);
    }
  }

  /** Whether the driver of the protocol is folding: answers are its, not AgentScope's stand-in. */
  get ready(): boolean {
    return this.name === null || this.name === this.driver.name;
  }

  /** Whether a dropped stream is reopened with `Last-Event-ID` (AgentScope's, and until known). */
  get resumable(): boolean {
    return this.ready && this.driver.resumable;
  }

  /** Whether a stream that ended cleanly may be reopened (AgentScope's, and until known). */
  get reopensWhenEnded(): boolean {
    return this.ready && this.driver.reopensWhenEnded === true;
  }

  /** Reads one frame; returns its event id when the protocol's frames carry one. */
  receiveFrame(frame: RawFrame): string | null {
    if (this.held === null) return this.read(frame, true);
    this.held.push(frame);
    return null;
  }

  /** Queues a frame the app made (`append`): folded as it is, by the protocol's driver. */
  append(frame: unknown): void {
    if (this.held === null) this.run.push(frame);
    else this.held.push({ value: frame, raw: undefined, local: true });
  }

  private read(frame: HeldFrame, detect: boolean): string | null {
    if (frame.local) {
      this.run.push(frame.value);
      return null;
    }
    const raw = frame.raw ?? frameText(frame.value);
    if (this.name === null && detect) {
      if (!parseAgentEvent(frame.value).ok) {
        this.resolve(frame);
        return null;
      }
      this.name = 'agentscope';
      this.diagnostics = [
        createDiagnostic('protocol-detected', 'Detected agentscope from the first frames'),
      ];
    }
    this.run.push(frame.value, raw);
    this.host.changed();
    return this.run.lastEventId?.() ?? null;
  }

  private open(driver: MessageStreamProtocol): void {
    const { initialHistory: history } = this.host.options();
    const messages: readonly Msg[] = this.run.conversation().messages;
    this.name = driver.name;
    this.driver = driver;
    this.run = driver.open({ messages, history, host: this.host });
  }

  /**
   * Holds the frames from `first` on while the resolver settles the protocol (by name, or from
   * the frames), then reads them; frames that told nothing are read as AgentScope's would be.
   * Frames that arrive while the resolver reads are asked too, before any is released: a first
   * frame that says nothing (`{"type":"ping"}`) must not turn the real ones after it into
   * unreadable AgentScope events, whatever the timing.
   * A module that cannot load (a chunk the network lost) goes to `onError`.
   */
  private resolve(first: RawFrame | null): void {
    const held: HeldFrame[] = (this.held = first ? [first] : []);
    let asked = 0;
    const settle = async (): Promise<void> => {
      const { resolveProtocol } = await import('../protocols/resolve-protocol.js');
      const seen = (asked = held.length);
      const frames = held.slice(0, seen).filter((frame) => !frame.local);
      const resolved = await resolveProtocol(
        this.name,
        frames.map((frame) => frame.value),
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
