/*
 * The texts of the recorded conversations in test/fixtures (AG-UI, AI SDK, AgentFlow,
 * AgentScope, Operator-Use), as a corpus of real answers: every string a message or event
 * carries as its text, and each message's streamed deltas joined in order.
 */

const files = import.meta.glob<string>('../fixtures/**/*.{json,ndjson,jsonl,txt}', {
  query: '?raw',
  import: 'default',
  eager: true,
});

const TEXT_KEYS = new Set(['text', 'content', 'delta', 'thinking', 'reasoning', 'summary']);
const ID_KEYS = [
  'messageId',
  'message_id',
  'toolCallId',
  'tool_call_id',
  'block_id',
  'id',
  'partId',
];

/** The JSON values in a fixture: a document, one per line, or the `data:` lines of an SSE log. */
function values(source: string): unknown[] {
  try {
    return [JSON.parse(source)];
  } catch {
    return source.split('\n').flatMap((line) => {
      const json = line.startsWith('data:') ? line.slice(5) : line;
      try {
        return [JSON.parse(json) as unknown];
      } catch {
        return [];
      }
    });
  }
}

/** Every text in the fixtures, longest first, without repeats or texts of one word. */
export function fixtureTexts(): string[] {
  const texts = new Set<string>();
  for (const source of Object.values(files)) {
    const streams = new Map<string, string>();
    const visit = (value: unknown, owner: string) => {
      if (Array.isArray(value)) {
        for (const item of value) visit(item, owner);
        return;
      }
      if (typeof value !== 'object' || value === null) return;
      const record = value as Record<string, unknown>;
      const id = ID_KEYS.map((key) => record[key]).find((v) => typeof v === 'string');
      const self = typeof id === 'string' ? id : owner;
      for (const [key, field] of Object.entries(record)) {
        if (typeof field === 'string' && TEXT_KEYS.has(key)) {
          if (key === 'delta') streams.set(self, (streams.get(self) ?? '') + field);
          else texts.add(field);
        } else visit(field, self);
      }
    };
    for (const value of values(source)) visit(value, '');
    for (const text of streams.values()) texts.add(text);
  }
  return [...texts].filter((text) => /\S\s+\S/.test(text)).sort((a, b) => b.length - a.length);
}
