/*
 * How the scripted agent uses tools: behind the permission engine (ask, then run or deny), as an
 * external tool the client runs, and the continuations that resume a parked reply. The events
 * and their order follow reference/agentscope.md §1.4 (steps 3 and 4).
 */
import type {
  ExternalExecutionResultEvent,
  PermissionRule,
  ToolResultBlock,
  UserConfirmResultEvent,
} from 'react-agent-messages/core';
import type { Call, Turn } from './turn.js';

/* -------------------------------------------------------------------------------------------------
 * Types
 * -----------------------------------------------------------------------------------------------*/

export type Resume = (
  turn: Turn,
  input: UserConfirmResultEvent | ExternalExecutionResultEvent,
) => Promise<Outcome>;

/** How a run ends: the reply ends (completed or over the iteration limit) or parks. */
export type Outcome =
  | { kind: 'completed' }
  | { kind: 'exceeded' }
  | { kind: 'park'; wait: 'confirm' | 'external'; resume: Resume };

export const COMPLETED: Outcome = { kind: 'completed' };
const DENIED = (name: string) =>
  `<system-reminder>The execution of tool "${name}" is denied by user!</system-reminder>`;

/* -------------------------------------------------------------------------------------------------
 * Tool helpers
 * -----------------------------------------------------------------------------------------------*/

interface ToolScript {
  rules: PermissionRule[];
  output: readonly string[];
  /** What the model says once the tool has run, or once the user denied it. */
  after(turn: Turn): Promise<Outcome>;
  afterDenied(turn: Turn): Promise<Outcome>;
}

/** A tool behind the permission engine: runs if a session rule allows it, else asks and parks. */
export function useTool(turn: Turn, call: Call, script: ToolScript): Promise<Outcome> | Outcome {
  if (turn.host.allows(turn.callBlock(call, 'pending'))) {
    return turn.runTool(call, script.output).then(() => script.after(turn));
  }
  turn.emit('REQUIRE_USER_CONFIRM', { tool_calls: [turn.callBlock(call, 'asking', script.rules)] });
  return {
    kind: 'park',
    wait: 'confirm',
    async resume(next, input) {
      const result =
        input.type === 'USER_CONFIRM_RESULT'
          ? input.confirm_results.find((r) => r.tool_call.id === call.id)
          : undefined;
      if (result?.confirmed) {
        if (result.rules) next.host.addRules(result.rules);
        await next.runTool(call, script.output);
        return script.after(next);
      }
      next.emit('TOOL_RESULT_START', { tool_call_id: call.id, tool_call_name: call.name });
      next.emit('TOOL_RESULT_TEXT_DELTA', { tool_call_id: call.id, delta: DENIED(call.name) });
      next.emit('TOOL_RESULT_END', { tool_call_id: call.id, state: 'denied' });
      return script.afterDenied(next);
    },
  };
}

/** An external tool: the result block opens, the call is submitted, and the run parks. */
export function useExternalTool(
  turn: Turn,
  call: Call,
  after: (turn: Turn, output: string) => Promise<Outcome>,
): Outcome {
  turn.startResult(call);
  turn.emit('REQUIRE_EXTERNAL_EXECUTION', { tool_calls: [turn.callBlock(call, 'submitted')] });
  return {
    kind: 'park',
    wait: 'external',
    async resume(next, input) {
      const result =
        input.type === 'EXTERNAL_EXECUTION_RESULT'
          ? input.execution_results.find((r) => r.id === call.id)
          : undefined;
      // The result is replayed as deltas into the already open result block (§1.4, step 4).
      const text = replayExternal(next, call, result);
      return after(next, text);
    },
  };
}

function replayExternal(turn: Turn, call: Call, result: ToolResultBlock | undefined): string {
  const output = result?.output ?? 'The browser returned no result.';
  const blocks = typeof output === 'string' ? [{ type: 'text' as const, text: output }] : output;
  let text = '';
  for (const block of blocks) {
    if (block.type === 'text') {
      text += block.text;
      turn.emit('TOOL_RESULT_TEXT_DELTA', { tool_call_id: call.id, delta: block.text });
    } else if (block.type === 'data') {
      const source = block.source;
      // The block's own id: replaying the result folds to the same block.
      turn.emit('TOOL_RESULT_DATA_DELTA', {
        tool_call_id: call.id,
        block_id: block.id,
        media_type: source.media_type,
        data: source.type === 'base64' ? source.data : null,
        url: source.type === 'url' ? source.url : null,
      });
    }
  }
  const state = result?.state === 'running' ? 'success' : (result?.state ?? 'error');
  turn.emit('TOOL_RESULT_END', { tool_call_id: call.id, state });
  return text;
}

/** A model call that only talks. */
export function answer(turn: Turn, text: string): Promise<Outcome> {
  return turn.model(() => turn.say(text)).then(() => COMPLETED);
}
