/*
 * Mastra agents with scripted mock models (`MockLanguageModelV3` from `ai/test`), one per scenario,
 * for the AG-UI tests: each model step is the list of stream parts it answers with, chosen by
 * what the prompt holds so far (a tool result, the user's words).
 */
import { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core/mastra';
import { InMemoryStore } from '@mastra/core/storage';
import { createTool } from '@mastra/core/tools';
import { simulateReadableStream } from 'ai';
import { MockLanguageModelV3, convertArrayToReadableStream } from 'ai/test';
import { z } from 'zod';

type Part = Record<string, unknown> & { type: string };
interface Prompt {
  prompt: readonly { role: string; content: unknown }[];
}

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
};
const finish = (reason = 'stop'): Part => ({
  type: 'finish',
  finishReason: { unified: reason, raw: reason },
  usage,
});
export const text = (id: string, ...deltas: string[]): Part[] => [
  { type: 'text-start', id },
  ...deltas.map((delta) => ({ type: 'text-delta', id, delta })),
  { type: 'text-end', id },
];
const reasoning = (id: string, ...deltas: string[]): Part[] => [
  { type: 'reasoning-start', id },
  ...deltas.map((delta) => ({ type: 'reasoning-delta', id, delta })),
  { type: 'reasoning-end', id },
];
const call = (toolCallId: string, toolName: string, input: unknown): Part => ({
  type: 'tool-call',
  toolCallId,
  toolName,
  input: JSON.stringify(input),
});

/** How many tool results the prompt holds: the step the model is at. */
function toolResultCount({ prompt }: Prompt): number {
  return prompt.filter((message) => message.role === 'tool').length;
}

/** True once the prompt holds a tool's result: the model then answers in words. */
function hasToolResult(options: Prompt): boolean {
  return toolResultCount(options) > 0;
}

/** The text of the prompt's tool results, for a reply that quotes them. */
function toolResults({ prompt }: Prompt): string {
  return JSON.stringify(prompt.filter((message) => message.role === 'tool'));
}

function scripted(step: (options: Prompt) => Part[]) {
  return new MockLanguageModelV3({
    doStream: async (options) => ({
      stream: convertArrayToReadableStream([
        { type: 'stream-start', warnings: [] },
        ...step(options as unknown as Prompt),
      ] as never[]),
    }),
  });
}

/** A model that streams `count` words slowly (for Stop). */
function slow(count: number) {
  return new MockLanguageModelV3({
    doStream: async () => ({
      stream: simulateReadableStream({
        chunks: [
          { type: 'stream-start', warnings: [] },
          { type: 'text-start', id: 't1' },
          ...Array.from({ length: count }, (_, index) => ({
            type: 'text-delta',
            id: 't1',
            delta: `word${index} `,
          })),
          { type: 'text-end', id: 't1' },
          finish(),
        ] as never[],
        chunkDelayInMs: 50,
      }),
    }),
  });
}

// The bridge reads calls of this name as the agent state (first a snapshot, then deltas).
const updateWorkingMemory = createTool({
  id: 'updateWorkingMemory',
  description: 'Updates the working memory',
  inputSchema: z.object({ memory: z.record(z.string(), z.unknown()) }),
  execute: async () => ({ success: true }),
});

const weather = createTool({
  id: 'weather',
  description: 'The weather in a city',
  inputSchema: z.object({ city: z.string() }),
  execute: async ({ city }) => ({ city, celsius: 18 }),
});

const deleteFiles = createTool({
  id: 'delete_files',
  description: 'Deletes a directory after the user approves',
  inputSchema: z.object({ path: z.string() }),
  suspendSchema: z.object({ message: z.string() }),
  resumeSchema: z.object({ approved: z.boolean() }),
  execute: async ({ path }, context) => {
    const agent = context?.agent;
    if (agent?.resumeData === undefined) {
      await agent?.suspend({ message: `Approve deleting ${path}?` });
      return { deleted: false };
    }
    return agent.resumeData.approved ? { deleted: true, path } : { deleted: false, path };
  },
});

const SCENARIOS = {
  text: scripted(() => [...text('t1', 'Hello ', 'from **Mastra**.'), finish()]),
  reasoning: scripted(() => [
    ...reasoning('r1', 'The user ', 'says hello.'),
    ...text('t1', 'Hi there.'),
    finish(),
  ]),
  tool: scripted((options) =>
    hasToolResult(options)
      ? [...text('t2', 'It is 18 degrees in Paris.'), finish()]
      : [call('call-w', 'weather', { city: 'Paris' }), finish('tool-calls')],
  ),
  suspend: scripted((options) =>
    hasToolResult(options)
      ? [
          ...text(
            't2',
            `Done: ${toolResults(options).includes('"deleted":true') ? 'deleted' : 'kept'}.`,
          ),
          finish(),
        ]
      : [call('call-d', 'delete_files', { path: '/var/cache/app' }), finish('tool-calls')],
  ),
  frontend: scripted((options) =>
    hasToolResult(options)
      ? [
          ...text(
            't2',
            `The page says ${toolResults(options).includes('Dark') ? 'dark' : 'light'}.`,
          ),
          finish(),
        ]
      : [call('call-f', 'read_theme', {}), finish('tool-calls')],
  ),
  state: scripted((options) =>
    toolResultCount(options) === 0
      ? [call('mem-1', 'updateWorkingMemory', { memory: { todo: ['milk'] } }), finish('tool-calls')]
      : toolResultCount(options) === 1
        ? [
            call('mem-2', 'updateWorkingMemory', { memory: { todo: ['milk', 'eggs'] } }),
            finish('tool-calls'),
          ]
        : [...text('t1', 'Noted.'), finish()],
  ),
  slow: slow(100),
  error: scripted(() => [
    ...text('t1', 'Starting'),
    { type: 'error', error: 'the model is overloaded' },
  ]),
};

/** The name of each scripted scenario: the path an agent is served under. */
export type Scenario = keyof typeof SCENARIOS;

/** A Mastra instance with one agent per scenario (in-memory storage, for suspend and resume). */
export function createMastra(): Mastra {
  const agents: Record<string, Agent> = {};
  for (const [name, model] of Object.entries(SCENARIOS))
    agents[name] = new Agent({
      id: name,
      name,
      instructions: 'You are a test agent.',
      // `ai/test`'s mock is a LanguageModelV3; Mastra's type wants its own stream result shape.
      model: model as never,
      tools: { weather, delete_files: deleteFiles, updateWorkingMemory },
    });
  return new Mastra({ agents, storage: new InMemoryStore(), logger: false });
}
