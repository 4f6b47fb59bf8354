/*
 * The benchmark's markdown answer: ≈ 27 KB of what an agent writes (headings, paragraphs with
 * emphasis, links and inline code, nested lists, fenced code in several languages, a GFM table,
 * a blockquote), generated deterministically from a seed. `salt` changes one comment line in every
 * code block and nothing else, so each measured run gets code the highlighter has not cached
 * while the prose, and the size, stay the same.
 */

/* -------------------------------------------------------------------------------------------------
 * Random words
 * -----------------------------------------------------------------------------------------------*/

function lcg(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const WORDS = (
  'the agent reads each event from the stream and folds it into the message before the next ' +
  'frame so that the reply grows in place while the user keeps reading tokens arrive quickly ' +
  'and every block keeps its identity unless its own text changes which lets the renderer skip ' +
  'finished paragraphs lists tables and code entirely a server may pause for confirmation then ' +
  'resume with a synthetic start event and the client must not duplicate any content'
).split(' ');

const TOPICS = [
  'Streaming protocol',
  'Folding events',
  'Rendering blocks',
  'Identity and memoisation',
  'Code highlighting',
  'Tables and alignment',
  'Confirmation round trip',
  'Reconnecting',
  'Virtualized history',
  'Security boundaries',
  'Measuring cost',
  'Accessibility',
  'Theming',
  'Testing strategy',
];

const LANGUAGES = ['ts', 'python', 'bash', 'json', 'rust', 'go', 'css', 'sql'] as const;

/* -------------------------------------------------------------------------------------------------
 * Code samples
 * -----------------------------------------------------------------------------------------------*/

function codeSample(language: (typeof LANGUAGES)[number], n: number, salt: number): string {
  const mark = `rev ${salt}`;
  switch (language) {
    case 'ts':
      return [
        `// ${mark}`,
        `export function foldReply${n}(msg: Msg, events: readonly AgentEvent[]): Msg {`,
        '  let next = msg;',
        '  for (const event of events) {',
        "    if (event.type === 'TEXT_BLOCK_DELTA') next = appendEvent(next, event);",
        '  }',
        '  return next;',
        '}',
      ].join('\n');
    case 'python':
      return [
        `# ${mark}`,
        `async def stream_reply_${n}(agent, query: str) -> None:`,
        '    async for event in agent.reply_stream(query):',
        '        if event.type == "TEXT_BLOCK_DELTA":',
        '            await queue.put(event.model_dump_json())',
        '    await queue.put(None)',
      ].join('\n');
    case 'bash':
      return [
        `# ${mark}`,
        `curl -N -H 'Accept: text/event-stream' https://agent.example.com/replies/${n} \\`,
        "  | grep --line-buffered '^data:' \\",
        "  | sed -u 's/^data: //'",
      ].join('\n');
    case 'json':
      return [
        '{',
        `  "comment": "${mark}",`,
        `  "id": "e${n}",`,
        '  "type": "TEXT_BLOCK_DELTA",',
        '  "reply_id": "r1",',
        '  "block_id": "b1",',
        '  "delta": "Hello, "',
        '}',
      ].join('\n');
    case 'rust':
      return [
        `// ${mark}`,
        `fn count_blocks_${n}(text: &str) -> usize {`,
        '    text.split("\\n\\n").filter(|block| !block.trim().is_empty()).count()',
        '}',
      ].join('\n');
    case 'go':
      return [
        `// ${mark}`,
        `func relay${n}(w http.ResponseWriter, events <-chan Event) {`,
        '\tflusher := w.(http.Flusher)',
        '\tfor event := range events {',
        '\t\tfmt.Fprintf(w, "data: %s\\n\\n", event.JSON())',
        '\t\tflusher.Flush()',
        '\t}',
        '}',
      ].join('\n');
    case 'css':
      return [
        `/* ${mark} */`,
        `[data-slot='message'][data-status='streaming'] .reply-${n} {`,
        '  border-inline-start: 2px solid var(--ram-color-accent);',
        '  padding-inline-start: 0.75rem;',
        '}',
      ].join('\n');
    case 'sql':
      return [
        `-- ${mark}`,
        'SELECT reply_id, count(*) AS deltas, sum(length(delta)) AS chars',
        'FROM events',
        `WHERE type = 'TEXT_BLOCK_DELTA' AND session_id = 's${n}'`,
        'GROUP BY reply_id',
        'ORDER BY chars DESC;',
      ].join('\n');
  }
}

/* -------------------------------------------------------------------------------------------------
 * generateDocument
 * -----------------------------------------------------------------------------------------------*/

/** Target size: the document stops at the first section boundary after this many characters. */
const TARGET_LENGTH = 26_500;

/** The benchmark document for `seed`; `salt` only changes a comment line inside code blocks. */
export function generateDocument(seed = 1, salt = 0): string {
  const random = lcg(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const words = (count: number) => {
    const out: string[] = [];
    for (let i = 0; i < count; i++) out.push(pick(WORDS));
    return out.join(' ');
  };
  const sentence = () => {
    const text = words(8 + Math.floor(random() * 10));
    return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
  };
  /** A sentence with inline markup: emphasis, strong, inline code or a link. */
  const richSentence = (n: number) => {
    const kind = Math.floor(random() * 5);
    const before = words(3 + Math.floor(random() * 4));
    const after = words(3 + Math.floor(random() * 6));
    const head = `${before.charAt(0).toUpperCase()}${before.slice(1)}`;
    switch (kind) {
      case 0:
        return `${head} *${words(2)}* ${after}.`;
      case 1:
        return `${head} **${words(2)}** ${after}.`;
      case 2:
        return `${head} \`appendEvent(msg, e${n})\` ${after}.`;
      case 3:
        return `${head} [${words(2)}](https://docs.example.com/guide/${n}#part) ${after}.`;
      default:
        return `${head} ***${words(1)}*** and \`${pick(WORDS)}\` ${after}.`;
    }
  };
  const paragraph = (n: number) => {
    const out: string[] = [];
    const count = 3 + Math.floor(random() * 3);
    for (let i = 0; i < count; i++) out.push(i % 2 === 0 ? richSentence(n + i) : sentence());
    return out.join(' ');
  };
  const nestedList = (n: number, ordered: boolean) => {
    const lines: string[] = [];
    const items = 3 + Math.floor(random() * 3);
    for (let i = 0; i < items; i++) {
      lines.push(`${ordered ? `${i + 1}.` : '-'} ${richSentence(n + i)}`);
      if (i % 2 === 0) {
        for (let j = 0; j < 2; j++) lines.push(`   ${ordered ? '-' : '*'} ${sentence()}`);
        if (i === 0) lines.push(`      - ${words(5)} \`${pick(WORDS)}\``);
      }
    }
    return lines.join('\n');
  };
  const table = (n: number) => {
    const lines = [
      '| Approach | Cost per token | Re-renders | Notes |',
      '| :--- | ---: | :---: | --- |',
    ];
    for (let i = 0; i < 8; i++) {
      lines.push(
        `| ${pick(WORDS)} ${pick(WORDS)} | ${(random() * 10).toFixed(2)} ms | ${Math.floor(random() * 100)} | ${words(4)} \`r${n}\` |`,
      );
    }
    return lines.join('\n');
  };

  const parts: string[] = [`# Streaming answer ${seed}`, paragraph(0)];
  let section = 0;
  let length = 0;
  while (length < TARGET_LENGTH) {
    const n = section * 10;
    parts.push(`## ${pick(TOPICS)} ${section + 1}`, paragraph(n));
    const language = LANGUAGES[section % LANGUAGES.length] ?? 'ts';
    const kind = section % 4;
    if (kind === 0) parts.push(nestedList(n, false), paragraph(n + 1));
    if (kind === 1) parts.push(`### Example ${section + 1}`, paragraph(n + 2));
    if (kind === 2) parts.push(table(n), paragraph(n + 3));
    if (kind === 3) parts.push(`> ${sentence()} ${richSentence(n)}\n>\n> ${sentence()}`);
    parts.push('```' + language + '\n' + codeSample(language, section, salt) + '\n```');
    parts.push(section % 2 === 0 ? nestedList(n + 5, true) : paragraph(n + 5));
    section += 1;
    length = parts.join('\n\n').length;
  }
  parts.push(`That is the whole answer: ${paragraph(999)}`);
  return `${parts.join('\n\n')}\n`;
}

/** Cuts `text` into updates of `size` characters (the last one may be shorter). */
export function chunkText(text: string, size: number): string[] {
  const chunks: string[] = [];
  for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size));
  return chunks;
}
