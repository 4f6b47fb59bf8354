/*
 * Importing a recording from elsewhere: a file that is not one, or a line that is broken, is a
 * RecordingFormatError naming its line; a good file reads back exactly what was exported.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  exportRecording,
  importRecording,
  LIBRARY_VERSION,
  RecordingFormatError,
} from '../../../src/devtools.js';
import { corpusNamed } from './corpora.js';
import { recordCorpus } from './record.js';

const HEADER = JSON.stringify({
  format: 'react-agent-messages.recording',
  protocol: 'ag-ui',
  version: '0.1.0',
  startedAt: '2026-12-01T00:00:00.000Z',
});
const event = (seq: number, frame: unknown = { type: 'RUN_STARTED' }) =>
  JSON.stringify({ event: { seq, at: seq, frame, commit: 0 } });

function errorOf(text: string): RecordingFormatError {
  try {
    importRecording(text);
  } catch (error) {
    if (error instanceof RecordingFormatError) return error;
    throw error;
  }
  throw new Error('it imported');
}

describe('importRecording: bad input', () => {
  it.each([
    ['an empty text', '', 1, /no header/],
    ['a log that is no recording', '{"type":"RUN_STARTED"}\n', 1, /not a recording/],
    ['a header with an unknown protocol', HEADER.replace('ag-ui', 'soap'), 1, /unknown protocol/],
    ['a line that is not JSON', `${HEADER}\n${event(0)}\n{"event": {`, 3, /not JSON/],
    [
      'an event without a frame',
      `${HEADER}\n{"event":{"seq":0,"at":0,"commit":0}}`,
      2,
      /no "frame"/,
    ],
    [
      'an event with a text time',
      `${HEADER}\n${event(0).replace('"at":0', '"at":"0"')}`,
      2,
      /"at"/,
    ],
    ['events out of order', `${HEADER}\n${event(0)}\n\n${event(2)}`, 4, /out of order/],
    ['a line of something else', `${HEADER}\n${event(0)}\n[1, 2]`, 3, /not an object/],
    ['an unknown kind of line', `${HEADER}\n{"note": {}}`, 2, /neither/],
    [
      'a decision without its call',
      `${HEADER}\n{"decision":{"at":1,"allowed":true}}`,
      2,
      /toolCallId/,
    ],
    ['a negative dropped count', HEADER.replace('}', ',"dropped":-1}'), 1, /dropped/],
  ])('%s: says which line', (_name, text, line, message) => {
    const error = errorOf(text);
    expect(error.line).toBe(line);
    expect(error.message).toMatch(message);
    expect(error.message).toContain(`Line ${line}`);
    expect(error.name).toBe('RecordingFormatError');
  });

  it('reads an exported session back exactly, CRLF line ends included', () => {
    const session = recordCorpus(corpusNamed('ag-ui: the demo'), [5, 9]);
    const { ndjson } = exportRecording(session);
    const back = importRecording(ndjson.replaceAll('\n', '\r\n'));

    expect(back.header).toEqual(session.header);
    expect(back.events).toEqual(session.events);
    expect(back.commits).toEqual(session.commits);
    expect(back.dropped).toBe(0);
    expect(ndjson.split('\n')[0]).toContain('"format":"react-agent-messages.recording"');
  });

  it('keeps a "__proto__" key of a frame as a key', () => {
    const text = `${HEADER}\n${event(0, JSON.parse('{"type":"CUSTOM","__proto__":{"polluted":true}}'))}`;
    const session = importRecording(text);
    const { ndjson } = exportRecording(session);

    expect(ndjson).toContain('"__proto__":{"polluted":true}');
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });

  it('writes the version of the package in the header', () => {
    const pkg = JSON.parse(
      readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'),
    ) as { version: string };
    expect(LIBRARY_VERSION).toBe(pkg.version);
    expect(recordCorpus(corpusNamed('agentscope')).header.version).toBe(pkg.version);
  });
});
