/*
 * Oracle tests: streams made by the real `ai` package (`streamText` over `MockLanguageModelV4`,
 * then `toUIMessageStream()`), folded by `foldAiSdkStream` and by the AI SDK's own
 * `readUIMessageStream`, compared part by part. The comparison maps our canonical blocks back to
 * the AI SDK's part semantics (text, reasoning, tool state/input/output/approval, sources, files,
 * data, steps), and checks that `fromAiSdkMessages` of the AI SDK's message equals the fold.
 */
import type { UIMessage, UIMessageChunk } from 'ai';
import {
  convertToModelMessages,
  jsonSchema,
  readUIMessageStream,
  stepCountIs,
  streamText,
  tool,
} from 'ai';
import { MockLanguageModelV4, convertArrayToReadableStream } from 'ai/test';
import { describe, expect, it } from 'vitest';
import type { Msg } from '../../../src/core.js';
import type { AiSdkStreamState, AiSdkToolCallBlock } from '../../../src/ai-sdk.js';
import { getReplyStatus } from '../../../src/core.js';
import {
  createAiSdkApprovalResponse,
  createAiSdkStreamState,
  foldAiSdkStream,
  fromAiSdkMessages,
} from '../../../src/ai-sdk.js';

/* -------------------------------------------------------------------------------------------------
 * Generating streams with the AI SDK
 * -----------------------------------------------------------------------------------------------*/

type ModelPart = Record<string, unknown> & { type: string };

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
};
const finish = (reason = 'stop'): ModelPart => ({
  type: 'finish',
  finishReason: { unified: reason, raw: reason },
  usage,
});
const text = (id: string, ...deltas: string[]): ModelPart[] => [
  { type: 'text-start', id },
  ...deltas.map((delta) => ({ type: 'text-delta', id, delta })),
  { type: 'text-end', id },
];

/** A model answering each call with the next list of stream parts. */
function model(...steps: ModelPart[][]) {
  return new MockLanguageModelV4({
    doStream: steps.map((parts) => ({
      stream: convertArrayToReadableStream([{ type: 'stream-start', warnings: [] }, ...parts]),
    })) as never,
  });
}

const tools = {
  weather: tool({
    inputSchema: jsonSchema<{ city: string }>({ type: 'object' }),
    execute: async ({ city }) => ({ city, celsius: 18 }),
  }),
  deploy: tool({
    inputSchema: jsonSchema<{ env: string }>({ type: 'object' }),
    needsApproval: true,
    execute: async ({ env }) => `deployed to ${env}`,
  }),
  broken: tool({
    inputSchema: jsonSchema<Record<string, never>>({ type: 'object' }),
    execute: async (): Promise<string> => {
      throw new Error('the disk is full');
    },
  }),
};

async function chunksOf(
  steps: ModelPart[][],
  options: {
    messages?: Awaited<ReturnType<typeof convertToModelMessages>>;
    original?: UIMessage[];
  } = {},
): Promise<UIMessageChunk[]> {
  const result = streamText({
    model: model(...steps),
    ...(options.messages ? { messages: options.messages } : { prompt: 'Hi' }),
    tools,
    stopWhen: stepCountIs(4),
    // The provider error of one scenario is expected: not logged.
    onError: () => {},
  });
  const chunks: UIMessageChunk[] = [];
  const stream = result.toUIMessageStream({
    sendReasoning: true,
    sendSources: true,
    onError: (error) => (error instanceof Error ? error.message : String(error)),
    ...(options.original
      ? { originalMessages: options.original }
      : { generateMessageId: () => 'reply-1' }),
  });
  for await (const chunk of stream) chunks.push(chunk as UIMessageChunk);
  return chunks;
}

/** The AI SDK's own fold of `chunks`: the last message `readUIMessageStream` gives. */
async function oracle(chunks: UIMessageChunk[], message?: UIMessage): Promise<UIMessage> {
  let last: UIMessage | undefined;
  const stream = readUIMessageStream({
    stream: convertArrayToReadableStream(chunks),
    ...(message ? { message: structuredClone(message) } : {}),
  });
  for await (const snapshot of stream) last = snapshot;
  if (last === undefined) throw new Error('readUIMessageStream gave no message');
  return last;
}

/* -------------------------------------------------------------------------------------------------
 * Part semantics, from both sides
 * -----------------------------------------------------------------------------------------------*/

type Semantic = Record<string, unknown>;

function parseInput(input: string): unknown {
  if (input === '') return undefined;
  try {
    return JSON.parse(input);
  } catch {
    return input;
  }
}

/** The AI SDK message's parts, reduced to what a user sees (sources apart, in their order). */
function fromOracle(message: UIMessage): { parts: Semantic[]; sources: Semantic[] } {
  const parts: Semantic[] = [];
  const sources: Semantic[] = [];
  for (const part of message.parts as Record<string, unknown>[]) {
    const type = part['type'] as string;
    if (type === 'text' || type === 'reasoning') {
      parts.push({
        kind: type,
        text: part['text'],
        done: part['state'] !== 'streaming',
        citations: ((part['citations'] as Record<string, unknown>[] | undefined) ?? []).map((c) => {
          const source = c['source'] as Record<string, unknown>;
          return {
            url: source['url'],
            title: source['title'],
            span: [c['startIndex'], c['endIndex']],
          };
        }),
      });
    } else if (type === 'source-url' || type === 'source-document') {
      sources.push({ type, sourceId: part['sourceId'], url: part['url'], title: part['title'] });
    } else if (type === 'file' || type === 'reasoning-file') {
      parts.push({
        kind: 'file',
        reasoning: type === 'reasoning-file',
        mediaType: part['mediaType'],
        url: part['url'],
      });
    } else if (type === 'step-start') {
      parts.push({ kind: 'step' });
    } else if (type === 'dynamic-tool' || type.startsWith('tool-')) {
      const approval = part['approval'] as Record<string, unknown> | undefined;
      parts.push({
        kind: 'tool',
        id: part['toolCallId'],
        name: type === 'dynamic-tool' ? part['toolName'] : type.slice(5),
        dynamic: type === 'dynamic-tool',
        state: part['state'],
        input: part['input'],
        output: part['state'] === 'output-available' ? part['output'] : undefined,
        errorText: part['errorText'],
        approval: approval && {
          id: approval['id'],
          approved: approval['approved'],
          reason: approval['reason'],
        },
      });
    } else if (type.startsWith('data-')) {
      parts.push({ kind: 'data', type, id: part['id'], data: part['data'] });
    } else {
      parts.push({ kind: 'other', type });
    }
  }
  return { parts, sources };
}

/** Our canonical message, mapped back to the same semantics. */
function fromFold(msg: Msg): { parts: Semantic[]; sources: Semantic[]; errors: string[] } {
  const meta = (msg.metadata['ai_sdk'] ?? {}) as Record<string, unknown>;
  const steps = new Set((meta['step_starts'] as number[] | undefined) ?? []);
  const reasoningFiles = new Set((meta['reasoning_files'] as string[] | undefined) ?? []);
  const sources = ((meta['sources'] as Record<string, unknown>[] | undefined) ?? []).map((s) => ({
    type: s['type'],
    sourceId: s['sourceId'],
    url: s['url'],
    title: s['title'],
  }));
  const results = new Map(
    msg.content.flatMap((block) =>
      block.type === 'tool_result' ? [[block.id, block] as const] : [],
    ),
  );
  const parts: Semantic[] = [];
  const errors: string[] = [];
  msg.content.forEach((block, position) => {
    if (steps.has(position)) parts.push({ kind: 'step' });
    switch (block.type) {
      case 'text':
      case 'thinking':
        parts.push({
          kind: block.type === 'text' ? 'text' : 'reasoning',
          text: block.type === 'text' ? block.text : block.thinking,
          done: block.finished_at !== null,
          // Sources attached for display have no span; the text's own citations have one.
          citations: (block.type === 'text' ? (block.citations ?? []) : [])
            .filter((c) => c.span !== undefined)
            .map((c) => ({ url: c.url, title: c.title, span: [...(c.span ?? [])] })),
        });
        return;
      case 'data': {
        const source = block.source;
        parts.push({
          kind: 'file',
          reasoning: reasoningFiles.has(block.id),
          mediaType: source.media_type,
          url:
            source.type === 'base64'
              ? `data:${source.media_type};base64,${source.data}`
              : source.type === 'url'
                ? source.url
                : source.file_id,
        });
        return;
      }
      case 'tool_call': {
        const info = (block as AiSdkToolCallBlock).ai_sdk;
        const result = results.get(block.id);
        const approval = info.approval;
        parts.push({
          kind: 'tool',
          id: block.id,
          name: block.name,
          dynamic: info.dynamic === true,
          state: info.state,
          input: parseInput(block.input),
          output:
            info.state === 'output-available'
              ? (result?.value ?? (typeof result?.output === 'string' ? result.output : undefined))
              : undefined,
          errorText:
            info.state === 'output-error' && typeof result?.output === 'string'
              ? result.output
              : undefined,
          approval: approval && {
            id: approval.id,
            approved: approval.approved,
            reason: approval.reason,
          },
        });
        return;
      }
      case 'unknown':
        parts.push(
          block.original_type?.startsWith('data-')
            ? { kind: 'data', type: block.original_type, ...(block.raw as object) }
            : { kind: 'other', type: block.original_type },
        );
        return;
      case 'error':
        errors.push(block.message);
        return;
      default:
        return;
    }
  });
  return { parts, sources, errors };
}

/** Folds `chunks` both ways and expects the same parts, sources and files. */
async function expectSameAsOracle(
  chunks: UIMessageChunk[],
  options: { state?: AiSdkStreamState; message?: UIMessage } = {},
) {
  const state = foldAiSdkStream(chunks, options.state);
  const theirs = await oracle(chunks, options.message);
  const ours = state.messages.find((msg) => msg.id === theirs.id);
  expect(ours, `a message "${theirs.id}"`).toBeDefined();
  const mine = fromFold(ours as Msg);
  const expected = fromOracle(theirs);
  expect(mine.parts).toEqual(expected.parts);
  expect(mine.sources).toEqual(expected.sources);
  // Every source is shown: as a citation of a text block.
  const cited = (ours as Msg).content.flatMap((block) =>
    block.type === 'text' ? (block.citations ?? []).map((c) => c.url ?? c.title) : [],
  );
  for (const source of expected.sources) expect(cited).toContain(source['url'] ?? source['title']);
  return { state, ours: ours as Msg, theirs, errors: mine.errors };
}

/** History read from the AI SDK's message equals the streamed fold (blocks, ids and states). */
function expectHistoryEqualsFold(theirs: UIMessage, ours: Msg) {
  const [history] = fromAiSdkMessages([theirs]).messages;
  expect(history?.content).toEqual(ours.content);
  expect(history?.finished_reason).toEqual(ours.finished_reason);
}

/* -------------------------------------------------------------------------------------------------
 * Scenarios
 * -----------------------------------------------------------------------------------------------*/

describe('foldAiSdkStream against the AI SDK (readUIMessageStream)', () => {
  it('markdown text streamed in many deltas', async () => {
    const chunks = await chunksOf([
      [
        ...text('t1', '# Title\n\n', 'Some **bold', '** text and `code`.\n\n', '- a\n- b\n'),
        finish(),
      ],
    ]);
    const { ours, theirs, state } = await expectSameAsOracle(chunks);
    expect(ours.content[0]).toMatchObject({
      type: 'text',
      text: '# Title\n\nSome **bold** text and `code`.\n\n- a\n- b\n',
    });
    expect(getReplyStatus(ours)).toBe('done');
    expect(state.status).toBe('done');
    expectHistoryEqualsFold(theirs, ours);
  });

  it('reasoning before the answer', async () => {
    const chunks = await chunksOf([
      [
        { type: 'reasoning-start', id: 'r1' },
        { type: 'reasoning-delta', id: 'r1', delta: 'The user greets; ' },
        { type: 'reasoning-delta', id: 'r1', delta: 'answer briefly.' },
        { type: 'reasoning-end', id: 'r1' },
        ...text('t1', 'Hello!'),
        finish(),
      ],
    ]);
    const { ours, theirs } = await expectSameAsOracle(chunks);
    expect(ours.content.map((block) => block.type)).toEqual(['thinking', 'text']);
    expectHistoryEqualsFold(theirs, ours);
  });

  it('a tool executed over two steps', async () => {
    const chunks = await chunksOf([
      [
        { type: 'tool-input-start', id: 'c1', toolName: 'weather' },
        { type: 'tool-input-delta', id: 'c1', delta: '{"city":' },
        { type: 'tool-input-delta', id: 'c1', delta: '"Paris"}' },
        { type: 'tool-input-end', id: 'c1' },
        { type: 'tool-call', toolCallId: 'c1', toolName: 'weather', input: '{"city":"Paris"}' },
        finish('tool-calls'),
      ],
      [...text('t1', 'It is 18 °C in Paris.'), finish()],
    ]);
    const { ours, theirs } = await expectSameAsOracle(chunks);
    const [call, result] = ours.content;
    expect(call).toMatchObject({
      type: 'tool_call',
      id: 'c1',
      state: 'finished',
      input: '{"city":"Paris"}',
    });
    expect(result).toMatchObject({
      type: 'tool_result',
      id: 'c1',
      state: 'success',
      value: { city: 'Paris', celsius: 18 },
    });
    expect(ours.metadata['ai_sdk']).toMatchObject({ step_starts: [0, 2] });
    expectHistoryEqualsFold(theirs, ours);
  });

  it('a tool that needs approval: asking, then approved and run in a second request', async () => {
    const first = await chunksOf([
      [
        { type: 'tool-call', toolCallId: 'c1', toolName: 'deploy', input: '{"env":"prod"}' },
        finish('tool-calls'),
      ],
    ]);
    const one = await expectSameAsOracle(first);
    const call = one.ours.content[0] as AiSdkToolCallBlock;
    expect(call.state).toBe('asking');
    expect(getReplyStatus(one.ours)).toBe('awaiting-confirmation');
    expect(one.state.status).toBe('done');

    // The user approves: what `addToolApprovalResponse` takes, applied as useChat applies it.
    const response = createAiSdkApprovalResponse({
      toolCall: call,
      confirmed: true,
      reason: 'ship it',
    });
    expect(response).toEqual({ id: call.ai_sdk.approval?.id, approved: true, reason: 'ship it' });
    const answered = structuredClone(one.theirs);
    const part = answered.parts.find((p) => p.type === 'tool-deploy') as Record<string, unknown>;
    part['state'] = 'approval-responded';
    part['approval'] = { ...(part['approval'] as object), approved: true, reason: 'ship it' };
    const messages = await convertToModelMessages(
      [{ role: 'user', parts: [{ type: 'text', text: 'Deploy' }] }, answered],
      { tools },
    );
    const second = await chunksOf([[...text('t1', 'Deployed.'), finish()]], {
      messages,
      original: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Deploy' }] }, answered],
    });
    // The history the app holds after the approval, then the resumed stream.
    const [history] = fromAiSdkMessages([answered]).messages;
    const seeded = createAiSdkStreamState({ messages: [history as Msg] });
    const two = await expectSameAsOracle(second, { state: seeded, message: answered });
    expect(two.ours.content[0]).toMatchObject({ type: 'tool_call', state: 'finished' });
    expect(two.ours.content[1]).toMatchObject({
      type: 'tool_result',
      state: 'success',
      output: 'deployed to prod',
    });
    expect(getReplyStatus(two.ours)).toBe('done');
    expect(two.state.messages).toHaveLength(1);
    expectHistoryEqualsFold(two.theirs, two.ours);
  });

  it('a tool that is denied', async () => {
    const first = await chunksOf([
      [
        { type: 'tool-call', toolCallId: 'c1', toolName: 'deploy', input: '{"env":"prod"}' },
        finish('tool-calls'),
      ],
    ]);
    const theirs = await oracle(first);
    const denied = structuredClone(theirs);
    const part = denied.parts.find((p) => p.type === 'tool-deploy') as Record<string, unknown>;
    part['state'] = 'approval-responded';
    part['approval'] = { ...(part['approval'] as object), approved: false, reason: 'not today' };
    const messages = await convertToModelMessages(
      [{ role: 'user', parts: [{ type: 'text', text: 'Deploy' }] }, denied],
      { tools },
    );
    const second = await chunksOf([[...text('t1', 'Understood, not deploying.'), finish()]], {
      messages,
      original: [{ id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Deploy' }] }, denied],
    });
    const [history] = fromAiSdkMessages([denied]).messages;
    expect(history?.content[1]).toMatchObject({
      type: 'tool_result',
      state: 'denied',
      output: 'not today',
    });
    const seeded = createAiSdkStreamState({ messages: [history as Msg] });
    const two = await expectSameAsOracle(second, { state: seeded, message: denied });
    expect(two.ours.content[1]).toMatchObject({ type: 'tool_result', state: 'denied' });
    expectHistoryEqualsFold(two.theirs, two.ours);
  });

  it('a failing tool: an error result with its text, in place', async () => {
    const chunks = await chunksOf([
      [
        { type: 'tool-call', toolCallId: 'c1', toolName: 'broken', input: '{}' },
        finish('tool-calls'),
      ],
      [...text('t1', 'The tool failed.'), finish()],
    ]);
    const { ours, theirs } = await expectSameAsOracle(chunks);
    expect(ours.content[1]).toMatchObject({
      type: 'tool_result',
      state: 'error',
      output: 'the disk is full',
    });
    expectHistoryEqualsFold(theirs, ours);
  });

  it('sources, v7 citations with spans, and a file', async () => {
    const chunks = await chunksOf([
      [
        {
          type: 'source',
          sourceType: 'url',
          id: 's1',
          url: 'https://docs.example/a',
          title: 'Doc A',
        },
        { type: 'text-start', id: 't1' },
        { type: 'text-delta', id: 't1', delta: 'Paris is the capital.' },
        {
          type: 'text-end',
          id: 't1',
          citations: [
            {
              source: {
                type: 'source',
                sourceType: 'url',
                id: 's2',
                url: 'https://wiki.example/Paris',
                title: 'Paris',
              },
              startIndex: 0,
              endIndex: 5,
              citedText: 'Paris',
            },
          ],
        },
        {
          type: 'source',
          sourceType: 'document',
          id: 's3',
          mediaType: 'application/pdf',
          title: 'Atlas',
          filename: 'atlas.pdf',
        },
        { type: 'file', mediaType: 'image/png', data: { type: 'data', data: 'iVBORw0KGgo=' } },
        finish(),
      ],
    ]);
    const { ours, theirs } = await expectSameAsOracle(chunks);
    const textBlock = ours.content.find((block) => block.type === 'text');
    expect(textBlock).toMatchObject({
      citations: [
        { url: 'https://docs.example/a', title: 'Doc A' },
        { url: 'https://wiki.example/Paris', title: 'Paris', span: [0, 5], snippet: 'Paris' },
        { title: 'Atlas' },
      ],
    });
    expect(ours.content.find((block) => block.type === 'data')).toMatchObject({
      source: { type: 'base64', data: 'iVBORw0KGgo=', media_type: 'image/png' },
    });
    expectHistoryEqualsFold(theirs, ours);
  });

  it('a provider error mid-stream: the text so far and a visible error', async () => {
    const chunks = await chunksOf([
      [
        { type: 'text-start', id: 't1' },
        { type: 'text-delta', id: 't1', delta: 'Half an ans' },
        { type: 'error', error: new Error('overloaded') },
        { type: 'text-delta', id: 't1', delta: 'wer' },
        { type: 'text-end', id: 't1' },
        finish('error'),
      ],
    ]);
    expect(chunks.some((chunk) => chunk.type === 'error')).toBe(true);
    const { ours, errors, state } = await expectSameAsOracle(chunks);
    expect(errors).toEqual(['overloaded']);
    expect(ours.error).toEqual({ type: 'unknown', message: 'overloaded' });
    expect(getReplyStatus(ours)).toBe('error');
    expect(state.status).toBe('error');
  });
});
