/*
 * A Mastra agent per scenario behind `@ag-ui/mastra`'s `MastraAgent`, served over HTTP with
 * `@ag-ui/encoder` the way an app would serve it: `POST /<scenario>` takes a `RunAgentInput` and
 * answers with AG-UI Server-Sent Events. A run that fails ends in `RUN_ERROR` (no code), as the
 * bridge's own error carries none.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BaseEvent, RunAgentInput } from '@ag-ui/client';
import { EventEncoder } from '@ag-ui/encoder';
import { MastraAgent } from '@ag-ui/mastra';
import { createMastra } from './mastra-agents.js';

/** A running server: agents at `${url}/<scenario>`. */
export interface MastraAgUiServer {
  url: string;
  close(): Promise<void>;
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': '*',
  'access-control-allow-methods': 'POST, OPTIONS',
};

async function readBody(request: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of request) body += String(chunk);
  return body;
}

/** Starts the server on 127.0.0.1 at a free port. */
export async function startMastraAgUiServer(): Promise<MastraAgUiServer> {
  const mastra = createMastra();
  const serve = async (request: IncomingMessage, response: ServerResponse) => {
    if (request.method === 'OPTIONS') return void response.writeHead(204, CORS).end();
    const agentId = (request.url ?? '/').slice(1);
    let agent: ReturnType<typeof MastraAgent.getLocalAgent>;
    try {
      agent = MastraAgent.getLocalAgent({ mastra, agentId, resourceId: 'tests' });
    } catch {
      return void response.writeHead(404, CORS).end(`no agent "${agentId}"`);
    }
    const input = JSON.parse(await readBody(request)) as RunAgentInput;
    const encoder = new EventEncoder(
      request.headers.accept === undefined ? {} : { accept: request.headers.accept },
    );
    response.writeHead(200, { ...CORS, 'content-type': encoder.getContentType() });
    const send = (event: BaseEvent) => response.write(encoder.encodeSSE(event));
    const subscription = agent.run(input).subscribe({
      next: send,
      error: (error: unknown) => {
        send({
          type: 'RUN_ERROR',
          message: error instanceof Error ? error.message : String(error),
        } as BaseEvent);
        response.end();
      },
      complete: () => response.end(),
    });
    // A client that stops reading (Stop) ends the run.
    response.on('close', () => subscription.unsubscribe());
  };
  const server = createServer((request, response) => {
    serve(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, CORS);
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }).then(() => mastra.shutdown()),
  };
}
