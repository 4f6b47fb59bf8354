import type { Diagnostic } from '../model/diagnostic.js';
import { createDiagnostic } from '../model/diagnostic.js';
import { parseAgentEvent } from '../model/parse/event-reader.js';
import { loadProtocol } from './load-protocol.js';
import type { MessageStreamProtocol, MessageStreamProtocolName } from './protocol-types.js';
import { detectProtocol } from './detect-protocol.js';

/** What `resolveProtocol` found: a protocol, its driver if it is not AgentScope, and what to report. */
export interface ResolvedProtocol {
  readonly name: MessageStreamProtocolName | null;
  readonly driver: MessageStreamProtocol | null;
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * Settles a store's protocol, on demand (the store imports this module only for a stream that
 * is not plainly AgentScope's): the named one, or the first that the frames tell (an AgentScope
 * event, or a type of another protocol), with its driver imported. Null name: nothing told.
 */
export async function resolveProtocol(
  name: MessageStreamProtocolName | null,
  frames: readonly unknown[],
): Promise<ResolvedProtocol> {
  if (name !== null) return { name, driver: await loadProtocol(name), diagnostics: [] };
  for (const frame of frames) {
    const detected = parseAgentEvent(frame).ok ? 'agentscope' : detectProtocol(frame);
    if (detected === null) continue;
    const message = `Detected ${detected} from the first frames`;
    return {
      name: detected,
      driver: detected === 'agentscope' ? null : await loadProtocol(detected),
      diagnostics: [createDiagnostic('protocol-detected', message)],
    };
  }
  return { name: null, driver: null, diagnostics: [] };
}
