/*
 * Event logs for the replay viewer: the AgentFlow and Operator-Use fixtures (copied into
 * demo/fixtures from the project's shared fixtures), the AI SDK and AG-UI logs recorded from this
 * server (demo/fixtures/record-protocol-logs.ts), and an AgentScope log recorded from this
 * server's own scenarios, produced on first request by driving a session at firehose speed.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ToolCallBlock } from 'react-agent-messages/core';
import { createConfirmResult, userMsg } from 'react-agent-messages/core';
import { pyJson } from './protocol.js';
import { SessionStore } from './session.js';

export interface FixtureInfo {
  name: string;
  framework: 'agentscope' | 'ai-sdk' | 'ag-ui' | 'agentflow' | 'operator-use';
  title: string;
  url: string;
}

const FIXTURES: readonly Omit<FixtureInfo, 'url'>[] = [
  {
    name: 'agentscope-demo.jsonl',
    framework: 'agentscope',
    title: 'AgentScope: this demo, recorded (thinking, a confirmed command, a failing tool, media)',
  },
  {
    name: 'agentflow-stream.ndjson',
    framework: 'agentflow',
    title: 'AgentFlow: a streamed run (delta chunks, a tool result, a tool error)',
  },
  {
    name: 'operator-use-rpc-events.jsonl',
    framework: 'operator-use',
    title: 'Operator-Use: RPC events of one agent turn',
  },
  {
    name: 'operator-use-session.jsonl',
    framework: 'operator-use',
    title: 'Operator-Use: a session file',
  },
  {
    name: 'agentflow-message.json',
    framework: 'agentflow',
    title: 'AgentFlow: one message with every block type',
  },
  {
    name: 'ai-sdk-demo.sse',
    framework: 'ai-sdk',
    title:
      'AI SDK: this demo over /api/chat (reasoning, an approved command, a failing tool, media)',
  },
  {
    name: 'ag-ui-demo.sse',
    framework: 'ag-ui',
    title: 'AG-UI: this demo over /ag-ui (reasoning, an interrupt resumed, a failing tool, media)',
  },
];

const directory = fileURLToPath(new URL('../fixtures/', import.meta.url));

export function fixtureList(): FixtureInfo[] {
  return FIXTURES.map((fixture) => ({ ...fixture, url: `/fixtures/${fixture.name}` }));
}

/** The file of a listed fixture, or `null`. */
export function fixturePath(name: string): string | null {
  if (!FIXTURES.some((fixture) => fixture.name === name)) return null;
  const path = `${directory}${name}`;
  return existsSync(path) ? path : null;
}

const recordings = new Map<string, Promise<string>>();

/** The recorded AgentScope log (JSONL: events, plus the user's messages as `Msg` lines). */
export function recordedDemoLog(origin: string): Promise<string> {
  let recording = recordings.get(origin);
  if (!recording) recordings.set(origin, (recording = record(origin)));
  return recording;
}

async function record(origin: string): Promise<string> {
  const session = new SessionStore().get('recorded-demo');
  session.speed = 'firehose';
  const say = async (text: string) => {
    session.startReply([userMsg(text)], origin);
    await session.settled();
  };
  await say('Think it through: which is larger, 9.11 or 9.9?');
  await say('List the files in src with ls');
  const reply = session.messages.at(-1);
  const call = reply?.content.find(
    (block): block is ToolCallBlock => block.type === 'tool_call' && block.state === 'asking',
  );
  if (!reply || !call) throw new Error('the recording expected a call waiting for approval');
  session.resume(
    createConfirmResult(reply, { toolCall: call, confirmed: true, rules: call.suggested_rules }),
    origin,
  );
  await session.settled();
  await say("What's the weather in Atlantis?");
  await say('Show me an image, an audio clip, a video and a PDF');
  return session.archive.map((entry) => `${pyJson(entry)}\n`).join('');
}
