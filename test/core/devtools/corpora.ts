/*
 * The recorded logs the devtools tests replay: every stream fixture of the five protocols (the
 * demo's logs and the shared test corpora), as the frames a store receives, each with the
 * protocol's own fold (the adapter's, not the driver the recorder uses) as the oracle.
 */
import { readFileSync } from 'node:fs';
import type { MessageStreamProtocolName, Msg } from '../../../src/core.js';
import { foldEvents, parseAgentEvent } from '../../../src/core.js';
import { createAiSdkSseDecoder } from '../../../src/core/protocols/ai-sdk/sse.js';
import { foldAiSdkStream, fromAiSdkMessages } from '../../../src/ai-sdk.js';
import { foldAgUiEvents } from '../../../src/ag-ui.js';
import { foldAgentFlowStream } from '../../../src/agentflow.js';
import { foldOperatorUseEvents } from '../../../src/operator-use.js';
import { recordedSession } from '../../fixtures/stream-events.js';

export interface Corpus {
  readonly name: string;
  readonly protocol: MessageStreamProtocolName;
  readonly frames: 'stream' | 'messages';
  readonly log: readonly unknown[];
  /** The protocol's own fold of these frames. */
  fold(frames: readonly unknown[]): readonly Msg[];
}

const read = (path: string) => readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8');

const lines = (text: string): unknown[] =>
  text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as unknown);

/** The `data:` frames of an SSE text, parsed. */
const sseData = (text: string): unknown[] =>
  text
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice(6)) as unknown);

function aiSdkFrames(text: string): unknown[] {
  const decoder = createAiSdkSseDecoder();
  return [...decoder.push(text), ...decoder.end()];
}

const agentScope = (frames: readonly unknown[]) =>
  foldEvents(
    frames.flatMap((frame) => {
      const parsed = parseAgentEvent(frame);
      return parsed.ok ? [parsed.value] : [];
    }),
  ).messages;

const corpus = (
  name: string,
  protocol: MessageStreamProtocolName,
  log: readonly unknown[],
  fold: (frames: readonly unknown[]) => readonly Msg[],
  frames: 'stream' | 'messages' = 'stream',
): Corpus => ({ name, protocol, frames, log, fold });

const AGENTFLOW_STREAMS = [
  'demo/fixtures/agentflow-stream.ndjson',
  'test/fixtures/agentflow/generated/generated-stream.ndjson',
  ...[
    'google-reasoning',
    'graph-error',
    'interrupt',
    'remote-tool',
    'resume',
    'static-interrupt',
    'tool-failure',
  ].map((name) => `test/fixtures/agentflow/stream-${name}.ndjson`),
];

/** A `UIMessage[]` list as `useChat` shows it growing: one more message each time. */
function growing(messages: readonly unknown[]): unknown[] {
  return messages.map((_, index) => messages.slice(0, index + 1));
}

export const CORPORA: readonly Corpus[] = [
  corpus('agentscope: a recorded session', 'agentscope', recordedSession(), agentScope),
  corpus(
    'ai-sdk: the demo log',
    'ai-sdk',
    aiSdkFrames(read('demo/fixtures/ai-sdk-demo.sse')),
    (f) => foldAiSdkStream(f).messages,
  ),
  corpus(
    'ag-ui: the demo log',
    'ag-ui',
    sseData(read('demo/fixtures/ag-ui-demo.sse')),
    (f) => foldAgUiEvents(f).messages,
  ),
  corpus(
    'ag-ui: a full conversation',
    'ag-ui',
    JSON.parse(read('test/fixtures/ag-ui/full-conversation.json')) as unknown[],
    (f) => foldAgUiEvents(f).messages,
  ),
  ...AGENTFLOW_STREAMS.map((path) =>
    corpus(
      `agentflow: ${path}`,
      'agentflow',
      lines(read(path)),
      (f) => foldAgentFlowStream(f).messages,
    ),
  ),
  ...[
    'demo/fixtures/operator-use-rpc-events.jsonl',
    'test/fixtures/operator-use/generated/generated-rpc-events.jsonl',
  ].map((path) =>
    corpus(
      `operator-use: ${path}`,
      'operator-use',
      lines(read(path)),
      (f) => foldOperatorUseEvents(f).messages,
    ),
  ),
  corpus(
    'ai-sdk: useChat message lists',
    'ai-sdk',
    growing(JSON.parse(read('test/fixtures/ai-sdk/every-part.json')) as unknown[]),
    (f) => fromAiSdkMessages((f.at(-1) as unknown[] | undefined) ?? []).messages,
    'messages',
  ),
];

/** The corpus whose name starts with `name`. */
export function corpusNamed(name: string): Corpus {
  const found = CORPORA.find((corpus) => corpus.name.startsWith(name));
  if (found === undefined) throw new Error(`no corpus "${name}"`);
  return found;
}
