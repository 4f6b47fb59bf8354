// The servers behind scripts/consumer-chat.mjs, as an app would write them: `/api/chat` is a
// real `streamText(…).toUIMessageStreamResponse()` (`ai`) and `/api/ag-ui` a Mastra agent behind
// `@ag-ui/mastra`, encoded with `@ag-ui/encoder`, each over a scripted mock model (`ai/test`) that
// answers by what the user last wrote. One Node server also serves the built app's files.
import { createReadStream, existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { Readable } from 'node:stream';
import { EventEncoder } from '@ag-ui/encoder';
import { MastraAgent } from '@ag-ui/mastra';
import { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core/mastra';
import { InMemoryStore } from '@mastra/core/storage';
import { createTool } from '@mastra/core/tools';
import { convertToModelMessages, jsonSchema, stepCountIs, streamText, tool } from 'ai';
import { MockLanguageModelV3, MockLanguageModelV4, convertArrayToReadableStream } from 'ai/test';
import { z } from 'zod';

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
};
const finish = (reason = 'stop') => ({
  type: 'finish',
  finishReason: { unified: reason, raw: reason },
  usage,
});
const text = (id, ...deltas) => [
  { type: 'text-start', id },
  ...deltas.map((delta) => ({ type: 'text-delta', id, delta })),
  { type: 'text-end', id },
];
const call = (toolCallId, toolName, input) => ({
  type: 'tool-call',
  toolCallId,
  toolName,
  input: JSON.stringify(input),
});

/**
 * One scripted reply per prompt: after a tool's result, the words that go on; otherwise by what
 * the user last wrote: "fail" fails, "deploy"/"delete" calls the tool that needs approval, anything
 * else says hello.
 */
function script({ prompt }, { toolName, input, done, hello, overloaded }) {
  const last = prompt.at(-1);
  if (last?.role === 'tool') return [...text('t2', ...done), finish()];
  const said = JSON.stringify(prompt.findLast((message) => message.role === 'user')?.content ?? '');
  if (said.includes('fail')) return [...text('t1', 'Let me'), { type: 'error', error: overloaded }];
  if (/deploy|delete/i.test(said))
    return [call(`call-${prompt.length}`, toolName, input), finish('tool-calls')];
  return [...text('t1', ...hello), finish()];
}

const mockModel = (Model, scripted) =>
  new Model({
    doStream: async (options) => ({
      stream: convertArrayToReadableStream([
        { type: 'stream-start', warnings: [] },
        ...scripted(options),
      ]),
    }),
  });

const AI_SDK_SCRIPT = {
  toolName: 'deploy',
  input: { env: 'prod' },
  done: ['Deployed ', 'to prod.'],
  hello: ['Hello ', 'from streamText.'],
  overloaded: new Error('The model is overloaded'),
};
const aiSdkModel = mockModel(MockLanguageModelV4, (options) => script(options, AI_SDK_SCRIPT));
const aiSdkTools = {
  deploy: tool({
    description: 'Deploys after the user approves',
    inputSchema: jsonSchema({ type: 'object' }),
    needsApproval: true,
    execute: async ({ env }) => `deployed to ${env}`,
  }),
};

/** `/api/chat`, as an AI SDK route handler answers it. */
async function chatRoute(request) {
  const { messages } = await request.json();
  const result = streamText({
    model: aiSdkModel,
    messages: await convertToModelMessages(messages, { tools: aiSdkTools }),
    tools: aiSdkTools,
    stopWhen: stepCountIs(3),
    abortSignal: request.signal,
    onError: () => {},
  });
  return result.toUIMessageStreamResponse({
    originalMessages: messages,
    onError: (error) => (error instanceof Error ? error.message : String(error)),
  });
}

const MASTRA_SCRIPT = {
  toolName: 'delete_files',
  input: { path: '/var/cache/app' },
  done: ['Deleted ', 'the cache.'],
  hello: ['Hello ', 'from Mastra.'],
  overloaded: 'the model is overloaded',
};
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
    return { deleted: agent.resumeData.approved === true, path };
  },
});
const mastra = new Mastra({
  agents: {
    chat: new Agent({
      id: 'chat',
      name: 'chat',
      instructions: 'You are a test agent.',
      model: mockModel(MockLanguageModelV3, (options) => script(options, MASTRA_SCRIPT)),
      tools: { delete_files: deleteFiles },
    }),
  },
  storage: new InMemoryStore(),
  logger: false,
});

/** `/api/ag-ui`: a `RunAgentInput` in, the Mastra agent's AG-UI events out as SSE. */
async function agUiRoute(request, response) {
  const input = await new Response(Readable.toWeb(request)).json();
  const agent = MastraAgent.getLocalAgent({ mastra, agentId: 'chat', resourceId: 'consumer' });
  const encoder = new EventEncoder(
    request.headers.accept ? { accept: request.headers.accept } : {},
  );
  response.writeHead(200, { 'content-type': encoder.getContentType() });
  const send = (event) => response.write(encoder.encodeSSE(event));
  const subscription = agent.run(input).subscribe({
    next: send,
    error: (error) => {
      send({ type: 'RUN_ERROR', message: error instanceof Error ? error.message : String(error) });
      response.end();
    },
    complete: () => response.end(),
  });
  response.on('close', () => subscription.unsubscribe());
}

const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
};

/**
 * Serves `dist` (a built app) and both routes on 127.0.0.1 at a free port; `close` also shuts
 * Mastra down.
 */
export async function serveChatApp(dist) {
  const handle = async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (request.method === 'POST' && url.pathname === '/api/chat') {
      const controller = new AbortController();
      response.on('close', () => controller.abort());
      const answer = await chatRoute(
        new Request(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: Readable.toWeb(request),
          duplex: 'half',
          signal: controller.signal,
        }),
      );
      response.writeHead(answer.status, Object.fromEntries(answer.headers));
      if (answer.body) Readable.fromWeb(answer.body).pipe(response);
      else response.end();
      return;
    }
    if (request.method === 'POST' && url.pathname === '/api/ag-ui')
      return agUiRoute(request, response);
    const file = normalize(join(dist, url.pathname === '/' ? 'index.html' : url.pathname));
    if (request.method !== 'GET' || !file.startsWith(dist) || !existsSync(file)) {
      return void response.writeHead(404).end('not found');
    }
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  };
  const server = createServer((request, response) => {
    handle(request, response).catch((error) => {
      console.error(`server: ${request.url}: ${error instanceof Error ? error.stack : error}`);
      if (!response.headersSent) response.writeHead(500);
      response.end(String(error));
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }).then(() => mastra.shutdown()),
  };
}
