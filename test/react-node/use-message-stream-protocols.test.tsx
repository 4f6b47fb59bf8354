import { act, renderHook } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MessageStreamAnswer } from '../../src/core.js';
import type { AgUiState } from '../../src/ag-ui.js';
import { createAiSdkSseDecoder } from '../../src/core/protocols/ai-sdk/sse.js';
import { parseAgUiSse } from '../../src/core/protocols/ag-ui/reduce.js';
import { foldAiSdkStream } from '../../src/ai-sdk.js';
import { agUiProtocol, foldAgUiEvents } from '../../src/ag-ui.js';
import { FRAME_FALLBACK_MS } from '../../src/core/client/frame-batcher.js';
import { useMessageStream } from '../../src/use-message-stream/use-message-stream.js';
import { must } from '../core/fold/helpers.js';

// From the repository root: happy-dom's `import.meta.url` is not a file URL.
const AI_SDK_LOG = readFileSync(join(process.cwd(), 'demo/fixtures/ai-sdk-demo.sse'), 'utf8');
const AG_UI_LOG = readFileSync(join(process.cwd(), 'demo/fixtures/ag-ui-demo.sse'), 'utf8');

/** Lets the stream, the on-demand imports and a few frames run. */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await act(() => vi.advanceTimersByTimeAsync(FRAME_FALLBACK_MS));
}

async function* iterate(items: readonly unknown[]): AsyncGenerator<unknown> {
  for (const item of items) yield await Promise.resolve(item);
}

// The store imports the resolver and the drivers on demand; loaded once here, before the fake
// clock, they resolve within the frames the tests draw.
beforeAll(async () => {
  const { loadProtocol } = await import('../../src/core/protocols/load-protocol.js');
  await import('../../src/core/protocols/resolve-protocol.js');
  for (const name of ['ai-sdk', 'ag-ui', 'agentflow', 'operator-use'] as const)
    await loadProtocol(name);
});

beforeEach(() => {
  vi.useFakeTimers();
});

describe('useMessageStream in Node: every protocol', () => {
  it('renders an AI SDK stream, says it detected it, and answers an approval with { id, approved }', async () => {
    const decoder = createAiSdkSseDecoder();
    const frames = [...decoder.push(AI_SDK_LOG), ...decoder.end()];
    const last = frames.findIndex(
      (f) => (f as { type?: unknown }).type === 'tool-approval-request',
    );
    const prefix = frames.slice(0, last + 1);
    const answers: MessageStreamAnswer[] = [];
    // Made once: a new source on a render would be read as the next run.
    const source = iterate(prefix) as never;
    const { result } = renderHook(() =>
      useMessageStream({ source, onConfirm: (answer) => void answers.push(answer) }),
    );
    await settle();

    expect(result.current.protocol).toBe('ai-sdk');
    expect(result.current.diagnostics.map((d) => d.message)).toEqual([
      'Detected ai-sdk from the first frames',
    ]);
    expect(result.current.messages).toEqual(foldAiSdkStream(prefix).messages);
    expect(result.current.status).toBe('awaiting-confirmation');
    const [pending] = result.current.pendingConfirmations;
    await act(() => result.current.confirm({ toolCall: must(pending).toolCall, confirmed: true }));
    expect(answers).toEqual([
      { id: (prefix.at(-1) as { approvalId: string }).approvalId, approved: true },
    ]);
  });

  it('renders an AG-UI run from a response, with the agent state in protocolState', async () => {
    const source = new Response(AG_UI_LOG, { headers: { 'content-type': 'text/event-stream' } });
    const { result } = renderHook(() => useMessageStream({ protocol: agUiProtocol, source }));
    await settle();
    const expected = foldAgUiEvents(parseAgUiSse(AG_UI_LOG).events);

    expect(result.current.protocol).toBe('ag-ui');
    expect(result.current.messages).toEqual(expected.messages);
    expect((result.current.protocolState as AgUiState).state).toEqual(expected.state);
    expect(result.current.status).toBe('done');
  });
});
