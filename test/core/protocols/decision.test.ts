import { describe, expect, it } from 'vitest';
import { createConfirmResult, toolCallBlock, type Decision } from '../../../src/core.js';
import { createAgUiResume } from '../../../src/core/protocols/ag-ui/resume.js';
import type { AgUiInterrupt } from '../../../src/core/protocols/ag-ui/types.js';
import {
  createAiSdkApprovalResponse,
  type AiSdkToolCallBlock,
} from '../../../src/core/protocols/ai-sdk/tool-state.js';

// One decision, as the confirmation prompt hands it over, answered in each protocol's words.
const call = {
  ...toolCallBlock({ id: 'c1', name: 'Bash', input: '{"command":"rm -rf dist"}' }),
  ai_sdk: { state: 'approval-requested', approval: { id: 'ap-1' } },
} as AiSdkToolCallBlock;
const rule = {
  tool_name: 'Bash',
  rule_content: 'rm:*',
  behavior: 'allow',
  source: 'user',
} as const;
const denied: Decision = { toolCall: call, confirmed: false, rules: [rule], reason: 'not today' };
const interrupts: AgUiInterrupt[] = [{ id: 'i1', reason: 'tool_approval', toolCallId: 'c1' }];

describe('one Decision for every protocol', () => {
  it('AgentScope: the denial is sent without its rules (AgentScope has no place for a reason)', () => {
    expect(createConfirmResult('r1', denied).confirm_results).toEqual([
      { confirmed: false, tool_call: call, rules: null },
    ]);
    expect(createConfirmResult('r1', { ...denied, confirmed: true }).confirm_results).toEqual([
      { confirmed: true, tool_call: call, rules: [rule] },
    ]);
  });

  it('AI SDK: approved and reason, under the approval id', () => {
    expect(createAiSdkApprovalResponse(denied)).toEqual({
      id: 'ap-1',
      approved: false,
      reason: 'not today',
    });
  });

  it('AG-UI: the interrupt about the call resolves with approved and the reason', () => {
    expect(createAgUiResume(interrupts, [denied])).toEqual([
      { interruptId: 'i1', status: 'resolved', payload: { approved: false, reason: 'not today' } },
    ]);
    const { reason: _omitted, ...plain } = denied;
    expect(createAgUiResume(interrupts, [{ ...plain, confirmed: true }])).toEqual([
      { interruptId: 'i1', status: 'resolved', payload: { approved: true } },
    ]);
  });
});
