/*
 * Frames for the MCP App security tests: minimal apps written by hand against the wire
 * protocol (SEP-1865), so each can misbehave exactly as a test needs. `probeApp(body)` completes
 * the handshake, then runs `body` with `log(data)` (a `notifications/message` the host's
 * `onLog` receives) and `request(method, params)` in scope.
 */
import * as React from 'react';
import { AgentMessagesProvider } from '../../src/index.js';
import type { McpAppsOptions, McpObject } from '../../src/mcp-apps.js';
import { McpApp } from '../../src/mcp-apps.js';

const RUNTIME = `
const send = (message) => parent.postMessage(message, '*');
const pending = new Map();
let nextId = 0;
addEventListener('message', (event) => {
  const message = event.data;
  if (message && message.id !== undefined && pending.has(message.id)) {
    pending.get(message.id)(message);
    pending.delete(message.id);
  } else if (message && message.method && typeof onHost === 'function') {
    onHost(message);
  }
});
var onHost;
const request = (method, params) => new Promise((resolve) => {
  const id = ++nextId;
  pending.set(id, resolve);
  send({ jsonrpc: '2.0', id, method, params });
});
const notify = (method, params) => send({ jsonrpc: '2.0', method, params });
const log = (data) => notify('notifications/message', { level: 'info', data });
`;

/**
 * An app that completes the handshake, then runs `body` (`init` holds the host's answer).
 * `setup` runs first, e.g. to watch what the host sends with `onHost = (message) => …`.
 */
export function probeApp(body: string, head = '', setup = ''): string {
  return `<!DOCTYPE html><html><head>${head}</head><body><p>probe</p><script>${RUNTIME}
${setup}
(async () => {
  const init = await request('ui/initialize', {
    appInfo: { name: 'probe', version: '1' }, appCapabilities: {}, protocolVersion: '2026-01-26',
  });
  notify('ui/notifications/initialized', {});
  ${body}
})();
</script></body></html>`;
}

/** `mcpApps` serving one document for every resource, with the real bridge. */
export function optionsFor(
  html: string,
  extra: Partial<McpAppsOptions> = {},
  meta?: McpObject,
): McpAppsOptions {
  return {
    readResource: async ({ uri }) => ({
      contents: [
        {
          uri,
          mimeType: 'text/html;profile=mcp-app',
          text: html,
          ...(meta ? { _meta: meta } : {}),
        },
      ],
    }),
    bridge: () => import('@modelcontextprotocol/ext-apps/app-bridge'),
    ...extra,
  };
}

/** One frame for `ui://test/app` under a provider with `options`. */
export function Frame({
  options,
  args,
}: {
  options: McpAppsOptions;
  args?: Record<string, unknown>;
}) {
  return (
    <AgentMessagesProvider mcpApps={options}>
      <McpApp resourceUri="ui://test/app" toolName="probe" args={args ?? {}} />
    </AgentMessagesProvider>
  );
}

/** The logs a frame sent, collected through `onLog`. */
export function collectLogs(): { logs: unknown[]; onLog: NonNullable<McpAppsOptions['onLog']> } {
  const logs: unknown[] = [];
  return { logs, onLog: (entry) => void logs.push(entry.data) };
}

/** The frame's root element. */
export function appRoot(): HTMLElement {
  const root = document.querySelector<HTMLElement>('[data-slot="mcp-app"]');
  if (!root) throw new Error('no [data-slot="mcp-app"]');
  return root;
}
