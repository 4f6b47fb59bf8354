/*
 * The replay viewer's reader: the recorded AI SDK and AG-UI logs (SSE as sent over the wire, or
 * their chunks as a JSON array or JSON lines) are recognised from their first frames and folded
 * with the library's folds; the other formats are still told apart from them.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Msg } from '../../src/core.js';
import { getReplyStatus } from '../../src/core.js';
import { foldPrefix, readReplayLog } from '../../demo/app/replay/replay-log.js';
import { fixtureList } from '../../demo/server/fixtures.js';
import { shapeOf, sseEvents } from './protocols.js';

const fixture = (name: string) =>
  readFileSync(new URL(`../../demo/fixtures/${name}`, import.meta.url), 'utf8');

const AI_SDK = fixture('ai-sdk-demo.sse');
const AG_UI = fixture('ag-ui-demo.sse');

function replies(messages: readonly Msg[]): Msg[] {
  return messages.filter((msg) => msg.role === 'assistant');
}

describe('replay viewer: AI SDK and AG-UI logs', () => {
  it('lists both recorded logs next to the others', () => {
    const names = fixtureList().map((info) => [info.name, info.framework]);
    expect(names).toContainEqual(['ai-sdk-demo.sse', 'ai-sdk']);
    expect(names).toContainEqual(['ag-ui-demo.sse', 'ag-ui']);
    expect(names[0]).toEqual(['agentscope-demo.jsonl', 'agentscope']);
  });

  it('reads the AI SDK log as SSE and folds it: five responses, four finished replies', () => {
    const log = readReplayLog(AI_SDK);
    expect(log.kind).toBe('ai-sdk-stream');
    expect(log.skipped).toBe(0);
    // Every data frame is an entry, `[DONE]` included (it ends each response).
    expect(log.entries.filter((entry) => entry === '[DONE]')).toHaveLength(5);
    const frame = foldPrefix(log, log.entries.length);
    expect(frame.diagnostics).toEqual([]);
    const [thinking, command, weather, media] = replies(frame.messages);
    expect(replies(frame.messages)).toHaveLength(4);
    expect(shapeOf(thinking)[0]).toMatch(/^thinking:/);
    // The approval and its continuation are one message: asked, approved, run, answered.
    expect(shapeOf(command).slice(1, 3)).toEqual(['call:Bash:finished', 'result:Bash:success']);
    expect(shapeOf(weather)).toContain('result:get_weather:error');
    expect(shapeOf(media).filter((shape) => shape.startsWith('data:'))).toHaveLength(5);
    for (const reply of replies(frame.messages)) expect(getReplyStatus(reply)).toBe('done');

    // Scrubbing: halfway through, a reply is still streaming.
    const half = foldPrefix(log, Math.round(log.entries.length / 2));
    expect(half.messages.some((msg) => msg.finished_at === null)).toBe(true);
    expect(foldPrefix(log, 0).messages).toEqual([]);
  });

  it('reads the same chunks as a JSON array and as JSON lines', () => {
    const chunks = sseEvents(AI_SDK);
    const fromArray = readReplayLog(JSON.stringify(chunks));
    const fromLines = readReplayLog(chunks.map((chunk) => JSON.stringify(chunk)).join('\n'));
    const fromSse = readReplayLog(AI_SDK);
    for (const log of [fromArray, fromLines]) {
      expect(log.kind).toBe('ai-sdk-stream');
      const frame = foldPrefix(log, log.entries.length);
      expect(replies(frame.messages).map(shapeOf)).toEqual(
        replies(foldPrefix(fromSse, fromSse.entries.length).messages).map(shapeOf),
      );
    }
  });

  it('reads the AG-UI log as SSE and folds it: user turns from RUN_STARTED, the interrupt resumed', () => {
    const log = readReplayLog(AG_UI);
    expect(log.kind).toBe('ag-ui-events');
    const frame = foldPrefix(log, log.entries.length);
    expect(frame.diagnostics).toEqual([]);
    expect(frame.messages.filter((msg) => msg.role === 'user')).toHaveLength(4);
    const tools = frame.messages.filter((msg) => msg.role === 'tool').map(shapeOf);
    expect(tools).toEqual([
      ['result:Bash:success'],
      ['result:get_weather:success'],
      ['result:render_media:success'],
    ]);
    const calls = frame.messages.flatMap(shapeOf).filter((shape) => shape.startsWith('call:'));
    expect(calls).toEqual([
      'call:Bash:finished',
      'call:get_weather:finished',
      'call:render_media:finished',
    ]);

    // Just before the resumed run, the call waits for approval.
    const resumed = log.entries.findIndex(
      (entry, index) =>
        index > 0 &&
        (entry as { type?: string; input?: { resume?: unknown } }).type === 'RUN_STARTED' &&
        (entry as { input?: { resume?: unknown } }).input?.resume !== undefined,
    );
    const before = foldPrefix(log, resumed).messages.flatMap(shapeOf);
    expect(before).toContain('call:Bash:asking');
  });

  it('reads AG-UI events as a JSON array too', () => {
    const log = readReplayLog(JSON.stringify(sseEvents(AG_UI)));
    expect(log.kind).toBe('ag-ui-events');
    expect(foldPrefix(log, log.entries.length).messages.length).toBeGreaterThan(8);
  });

  it('still tells the other formats apart', () => {
    expect(readReplayLog(fixture('agentflow-stream.ndjson')).kind).toBe('agentflow-stream');
    expect(readReplayLog(fixture('agentflow-message.json')).kind).toBe('agentflow-messages');
    expect(readReplayLog(fixture('operator-use-rpc-events.jsonl')).kind).toBe(
      'operator-use-events',
    );
    expect(readReplayLog(fixture('operator-use-session.jsonl')).kind).toBe('operator-use-session');
    const agentscope =
      '{"id":"e","created_at":"","metadata":{},"type":"CUSTOM","name":"x","value":{}}';
    expect(readReplayLog(agentscope).kind).toBe('agentscope-events');
  });

  it('reads stored AI SDK and AG-UI histories', () => {
    const uiMessages = [
      { id: 'u', role: 'user', parts: [{ type: 'text', text: 'Hi' }] },
      { id: 'a', role: 'assistant', parts: [{ type: 'text', text: 'Hello!' }] },
    ];
    const ai = readReplayLog(JSON.stringify(uiMessages));
    expect(ai.kind).toBe('ai-sdk-messages');
    expect(foldPrefix(ai, 2).messages.map(shapeOf)).toEqual([['text:Hi'], ['text:Hello!']]);
    const thread = [
      { id: 'u', role: 'user', content: 'Hi' },
      { id: 'a', role: 'assistant', content: 'Hello!' },
    ];
    const agUi = readReplayLog(JSON.stringify(thread));
    expect(agUi.kind).toBe('ag-ui-messages');
    expect(foldPrefix(agUi, 2).messages.map(shapeOf)).toEqual([['text:Hi'], ['text:Hello!']]);
  });

  it('says what is wrong with an SSE text that holds no JSON', () => {
    expect(() => readReplayLog('data: nope\n\n')).toThrow('No data: frame of the stream is JSON.');
  });
});
