/*
 * The engine's entry: `streamMarkdown(previous, input)` resumes from the previous token's result.
 * Resuming is an optimisation, never a change in what is rendered: at every token it must give
 * what preparing the whole text from scratch gives, keep what finished, and cost the token.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import type {
  MarkdownStream,
  MarkdownStreamInput,
  AnchoredTail,
  LastChunkTail,
  LastChunkTailOptions,
} from '../../src/markdown/index.js';
import { numberCitations, streamMarkdown } from '../../src/markdown/index.js';
import { followLastChunkTail } from '../../src/markdown/tail/last-chunk-tail.js';
import {
  closeInlineSyntax,
  repairMarkdownTail,
} from '../../src/markdown/repair/repair-markdown.js';
import { CITATION_END, CITATION_START, CLOSED_MARK, TAIL_MARK } from '../../src/markdown/marks.js';

const input = (text: string, rest?: Partial<MarkdownStreamInput>): MarkdownStreamInput => ({
  text,
  citations: [],
  streaming: true,
  reveals: 0,
  ...rest,
});

/** The engine's repair, and the options the view streams with. */
const TAIL_OPTIONS: LastChunkTailOptions = {
  repair: { repairMarkdownTail, closeInlineSyntax },
  anchoring: true,
  release: null,
};

/** Streams texts as the view does, one per call: the stream, then its tail; gives the tail. */
function streamer() {
  let stream: MarkdownStream | null = null;
  let tail: LastChunkTail | null = null;
  return (text: string, release: string | null = null): AnchoredTail => {
    stream = streamMarkdown(stream, input(text));
    tail = followLastChunkTail(tail, stream, { ...TAIL_OPTIONS, release });
    if (tail.tail === null) throw new Error(`no tail: ${JSON.stringify(text)}`);
    return tail.tail;
  };
}

/** What the view renders from a stream, less the tail (its anchor depends on the tokens seen). */
function rendered(stream: MarkdownStream) {
  return {
    source: stream.source,
    blocks: stream.blocks,
    chunks: stream.chunks,
    omitted: stream.omitted,
    hiddenCharacters: stream.hiddenCharacters,
  };
}

const PIECES = [
  'Some words',
  ' and more',
  '.',
  '\n',
  '\n\n',
  '- item\n',
  '```js\n',
  '```\n',
  '| a | b |\n',
  '|---|---|\n',
  '**',
  '[',
  '](https://exa',
  '\u200b',
  '&#8203;',
  CITATION_START,
  '[ref]: https://example.com\n',
];

describe('streamMarkdown', () => {
  it('gives at every token what preparing the whole text gives, keeping finished chunks', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 60 }),
        fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 10 }),
        (pieces, cuts) => {
          const text = pieces.join('');
          let stream: MarkdownStream | null = null;
          let at = 0;
          for (let index = 0; at < text.length; index++) {
            at = Math.min(text.length, at + (cuts[index % cuts.length] ?? 1));
            const previous: MarkdownStream | null = stream;
            stream = streamMarkdown(previous, input(text.slice(0, at)));
            expect(rendered(stream)).toEqual(rendered(streamMarkdown(null, stream.input)));
            // Chunks of finished blocks before the last two keep their objects: memoised
            // renderers compare their sources as the same strings and skip.
            const kept = (previous?.chunks ?? []).slice(0, -2);
            kept.forEach((chunk, position) => {
              if (!chunk.tail && !stream?.input.text.includes('[ref]:')) {
                expect(stream?.chunks[position]).toBe(chunk);
              }
            });
          }
        },
      ),
      { numRuns: 300 },
    );
  }, 60_000);

  it('gives back the same object for the same input, and never changes the previous one', () => {
    const first = streamMarkdown(null, input('One.\n\nTwo **bold'));
    expect(streamMarkdown(first, input('One.\n\nTwo **bold'))).toBe(first);
    const before = JSON.stringify(first);
    // Grown, then replaced, then grown again from the same previous: a render React threw away.
    for (const text of ['One.\n\nTwo **bold words', 'Other', 'One.\n\nTwo **bold words**']) {
      const next = streamMarkdown(first, input(text));
      expect(next).not.toBe(first);
      expect(rendered(next)).toEqual(rendered(streamMarkdown(null, input(text))));
    }
    expect(JSON.stringify(first)).toBe(before);
    // The tail likewise.
    const tail = followLastChunkTail(null, first, TAIL_OPTIONS);
    expect(tail.tail?.markdown).toBe(`Two **bold${TAIL_MARK}** ${CLOSED_MARK}`);
    expect(followLastChunkTail(tail, first, { ...TAIL_OPTIONS })).toBe(tail);
    const tailBefore = JSON.stringify(tail.tail);
    followLastChunkTail(
      tail,
      streamMarkdown(first, input('One.\n\nTwo **bold words')),
      TAIL_OPTIONS,
    );
    expect(JSON.stringify(tail.tail)).toBe(tailBefore);
  });

  it('repairs the tail, and parses it once at an anchor while tokens add prose', () => {
    const next = streamer();
    expect(next('Intro.\n\nSee the **bold')).toMatchObject({
      markdown: `See the **bold${TAIL_MARK}** ${CLOSED_MARK}`,
      after: '',
    });
    const anchored = next('Intro.\n\nSee the **bold').markdown;
    expect(next('Intro.\n\nSee the **bold words')).toMatchObject({
      markdown: anchored,
      after: ' words',
    });
    // Markup at the end waits for the next word, shown from the anchor meanwhile.
    expect(next('Intro.\n\nSee the **bold words**')).toMatchObject({
      markdown: anchored,
      after: ' words',
      holding: 'See the **bold words**',
    });
    // The closers the repair added, typed, then prose: still the same parse.
    expect(next('Intro.\n\nSee the **bold words** end.')).toMatchObject({
      markdown: anchored,
      after: ' words',
      closed: ' end.',
      holding: null,
    });
    // Other markup: parsed again.
    expect(next('Intro.\n\nSee the **bold words** end. *More')).toMatchObject({
      source: 'See the **bold words** end. *More',
      closed: '',
    });
  });

  it('shows the spans typed after an anchor, until other markup makes a new one', () => {
    const next = streamer();
    const anchored = next('Intro.\n\n## Step').markdown;
    expect(anchored).toBe(`## Step${TAIL_MARK}`);
    expect(next('Intro.\n\n## Step **one** and `two')).toMatchObject({
      markdown: anchored,
      after: ' ',
      spans: [
        { delimiter: '**', text: 'one', closed: true, after: ' and ' },
        { delimiter: '`', text: 'two', closed: false, after: '' },
      ],
    });
    // Punctuation in an open span waits: the repair's closers would flank it otherwise.
    expect(next('Intro.\n\n## Step **one** and `two.')).toMatchObject({
      markdown: anchored,
      spans: [{ after: ' and ' }, { text: 'two', closed: false }],
      holding: '## Step **one** and `two.',
    });
    // Other markup: parsed again, at a new anchor.
    expect(next('Intro.\n\n## Step **one** and `two` [link')).toMatchObject({
      source: '## Step **one** and `two` [link',
      spans: [],
    });
  });

  it('holds back markup at the end of the tail until a word follows, or it is released', () => {
    const next = streamer();
    next('Some text');
    expect(next('Some text |')).toMatchObject({
      source: 'Some text',
      after: '',
      holding: 'Some text |',
    });
    expect(next('Some text |', 'Some text |')).toMatchObject({
      source: 'Some text |',
      holding: null,
    });
  });

  it('has no tail once the text has finished, or when its last chunk is a fence', () => {
    for (const text of ['Done.', 'Code:\n\n```js\nlet a']) {
      const streaming = text.includes('```');
      const stream = streamMarkdown(null, input(text, { streaming }));
      expect(followLastChunkTail(null, stream, TAIL_OPTIONS).tail).toBeNull();
    }
  });

  it('places citations, and notes hidden characters', () => {
    const citations = numberCitations([{ url: 'https://a.example', span: [0, 5] }]);
    const stream = streamMarkdown(null, input('Cats\u200b sleep.', { citations }));
    expect(stream.source).toBe(`Cats\u200b${CITATION_START}0${CITATION_END} sleep.`);
    expect(stream.hiddenCharacters).toBe(true);
  });

  it('cuts a huge text at the limits until everything is asked for', () => {
    const text = 'A short paragraph.\n\n'.repeat(3000);
    const cut = streamMarkdown(null, input(text, { streaming: false }));
    expect(cut.omitted).toBe(40_000);
    expect(cut.chunks.map((chunk) => chunk.source).join('').length).toBe(text.length - 40_000);
    const all = streamMarkdown(cut, input(text, { streaming: false, reveals: 1 }));
    expect(all.omitted).toBe(0);
    expect(all.blocks).toBe(cut.blocks);
  });

  it('clips one block past the limits, in pieces, and each ask shows 200,000 characters more', () => {
    const text = 'word '.repeat(100_000); // 500,000 characters, one paragraph
    const shownOf = (stream: MarkdownStream) => stream.chunks.map((c) => c.source).join('');
    const first = streamMarkdown(null, input(text, { streaming: false }));
    expect(first.blocks).toHaveLength(1);
    expect(shownOf(first)).toBe(text.slice(0, 100_000));
    expect(first.omitted).toBe(400_000);
    expect(first.lastStep).toBe(false);
    expect(first.chunks.every((chunk) => chunk.plain && chunk.piece)).toBe(true);
    expect(Math.max(...first.chunks.map((chunk) => chunk.source.length))).toBeLessThanOrEqual(
      10_000,
    );
    // No word is cut between two pieces.
    expect(first.chunks.slice(0, -1).every((chunk) => chunk.source.endsWith(' '))).toBe(true);
    const second = streamMarkdown(first, input(text, { streaming: false, reveals: 1 }));
    expect(shownOf(second)).toBe(text.slice(0, 300_000));
    // The pieces shown before are the same objects: their renderers skip.
    expect(second.chunks.slice(0, first.chunks.length - 1)).toEqual(first.chunks.slice(0, -1));
    first.chunks.slice(0, -1).forEach((chunk, i) => expect(second.chunks[i]).toBe(chunk));
    const last = streamMarkdown(second, input(text, { streaming: false, reveals: 2 }));
    expect(last.omitted).toBe(0);
    expect(shownOf(last)).toBe(text);
  });

  it('keeps a clipped streaming block’s pieces while tokens arrive past the limit', () => {
    let text = 'x'.repeat(150_000);
    let stream = streamMarkdown(null, input(text));
    const pieces = stream.chunks;
    expect(pieces.length).toBe(10);
    for (let token = 0; token < 20; token++) {
      text += 'more ';
      stream = streamMarkdown(stream, input(text));
      expect(stream.chunks).toHaveLength(pieces.length);
      stream.chunks.forEach((chunk, i) => expect(chunk).toBe(pieces[i]));
      expect(stream.omitted).toBe(text.length - 100_000);
    }
  });

  it('never cuts a citation marker in two at a piece end', () => {
    const text = 'x'.repeat(150_000);
    const citations = numberCitations([{ url: 'https://a.example', span: [0, 9_999] }]);
    const stream = streamMarkdown(null, input(text, { streaming: false, citations }));
    const starts = stream.chunks.map((chunk) => chunk.source.split(CITATION_START).length - 1);
    const ends = stream.chunks.map((chunk) => chunk.source.split(CITATION_END).length - 1);
    expect(starts).toEqual(ends);
    expect(starts.reduce((a, b) => a + b, 0)).toBe(1);
  });

  it('never cuts a surrogate pair at a clip or a piece end', () => {
    const text = '\u{1F600}'.repeat(80_000); // 160,000 UTF-16 units, no space
    const stream = streamMarkdown(null, input(text, { streaming: false }));
    for (const chunk of stream.chunks) {
      expect(chunk.source.length % 2).toBe(0);
      expect(chunk.source.codePointAt(0)).toBe(0x1f600);
    }
    expect(stream.omitted).toBe(
      text.length - stream.chunks.reduce((n, c) => n + c.source.length, 0),
    );
  });

  it('costs the token, not the text above it (line searches counted per token)', () => {
    const section =
      '## Heading\n\nSome *prose* with `code`.\n\n- a\n- b\n\n```ts\nconst x = 1;\n```\n\n';
    const tokens = ['The ', 'last ', 'para', 'graph', ' goes', ' on.'];
    /** Line searches per token, streaming `tokens` after `head`. */
    const searchesPerToken = (head: string) => {
      let stream = streamMarkdown(null, input(head));
      let text = head;
      const counts: number[] = [];
      for (const token of tokens) {
        text += token;
        const searches = vi.spyOn(String.prototype, 'indexOf');
        try {
          stream = streamMarkdown(stream, input(text));
          counts.push(searches.mock.calls.length);
        } finally {
          searches.mockRestore();
        }
      }
      return counts;
    };
    expect(searchesPerToken(section.repeat(200))).toEqual(searchesPerToken(section.repeat(2)));
  });
});
