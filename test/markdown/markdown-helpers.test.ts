import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CitationPlacement } from '../../src/markdown/source/citation-markers.js';
import {
  numberCitations,
  placeCitationMarkers,
  resumeCitationMarkers,
  splitCitationMarkers,
  uniqueSources,
} from '../../src/markdown/source/citation-markers.js';
import { readOpenFence } from '../../src/markdown/fence/open-fence.js';
import { CITATION_END, CITATION_START, CLOSED_MARK, TAIL_MARK } from '../../src/markdown/marks.js';
import {
  closeInlineSyntax,
  completeTableHeader,
  repairMarkdownTail,
} from '../../src/markdown/repair/repair-markdown.js';
import { streamMarkdown } from '../../src/markdown/stream.js';
import { followLastChunkTail } from '../../src/markdown/tail/last-chunk-tail.js';

const marker = (key: number) => `${CITATION_START}${key}${CITATION_END}`;

describe('numberCitations', () => {
  it('gives citations of the same source the same number, in order of first use', () => {
    const entries = numberCitations([
      { url: 'https://a.example' },
      { url: 'https://b.example' },
      { url: 'https://a.example', span: [0, 1] },
      { file_id: 'file-1' },
    ]);
    expect(entries.map((entry) => entry.number)).toEqual([1, 2, 1, 3]);
    expect(uniqueSources(entries).map((entry) => entry.number)).toEqual([1, 2, 3]);
  });
});

describe('placeCitationMarkers', () => {
  it('puts a marker at the end of each span, and markers without a span after the text', () => {
    const text = 'Cats sleep. Dogs bark.';
    const entries = numberCitations([{ url: 'https://a', span: [0, 11] }, { url: 'https://b' }]);
    expect(placeCitationMarkers(text, entries)).toBe(
      `Cats sleep.${marker(0)} Dogs bark.${marker(1)}`,
    );
  });

  it('shows a span the streaming text has not reached yet after the text', () => {
    const entries = numberCitations([{ url: 'https://a', span: [5, 40] }]);
    expect(placeCitationMarkers('Partial te', entries)).toBe(`Partial te${marker(0)}`);
  });

  it('removes marker characters written by the model, so markers cannot be forged', () => {
    const forged = `Hi ${marker(0)} there`;
    const entries = numberCitations([{ url: 'https://a', span: [0, forged.length] }]);
    expect(placeCitationMarkers(forged, entries)).toBe(`Hi 0 there${marker(0)}`);
    expect(placeCitationMarkers(forged, [])).toBe('Hi 0 there');
  });

  it('marks a source cited at a span once: not again after the text for its spanless entry', () => {
    // The AI SDK sends a source as `source-url` (no span), and again in `text-end`'s citations.
    const text = 'Cats sleep. Dogs bark.';
    const entries = numberCitations([
      { url: 'https://a', title: 'A' },
      { url: 'https://a', span: [0, 11] },
      { url: 'https://b' },
    ]);
    expect(placeCitationMarkers(text, entries)).toBe(
      `Cats sleep.${marker(1)} Dogs bark.${marker(2)}`,
    );
    // Until the text reaches the span, the source is marked once, after the text.
    const early = numberCitations([{ url: 'https://a' }, { url: 'https://a', span: [0, 40] }]);
    expect(placeCitationMarkers('Cats', early)).toBe(`Cats${marker(0)}`);
  });

  it('keeps a marker out of a closing fence, emphasis delimiters and a table row end', () => {
    const fence = '```\ncode\n```\n';
    expect(
      placeCitationMarkers(fence, numberCitations([{ url: 'u', span: [0, fence.length] }])),
    ).toBe(`\`\`\`\ncode${marker(0)}\n\`\`\`\n`);
    const bold = 'It is __true__.';
    expect(placeCitationMarkers(bold, numberCitations([{ url: 'u', span: [6, 14] }]))).toBe(
      `It is __true${marker(0)}__.`,
    );
    const row = '| a | b |';
    expect(placeCitationMarkers(row, numberCitations([{ url: 'u', span: [0, 9] }]))).toBe(
      `| a | b${marker(0)} |`,
    );
  });
});

describe('resumeCitationMarkers', () => {
  it('gives what placeCitationMarkers gives at every step of a growing or replaced text', () => {
    const piece = fc.constantFrom(
      'Hello',
      ' ',
      `wor${CITATION_START}ld`,
      CITATION_END,
      TAIL_MARK,
      CLOSED_MARK,
      '**',
      '\n',
    );
    fc.assert(
      fc.property(
        fc.array(fc.array(piece, { minLength: 1, maxLength: 20 }), { minLength: 1, maxLength: 3 }),
        (streams) => {
          let placed: CitationPlacement | null = null;
          for (const pieces of streams) {
            let text = '';
            for (const next of pieces) {
              text += next;
              placed = resumeCitationMarkers(placed, text, []);
              expect(placed.source).toBe(placeCitationMarkers(text, []));
            }
          }
          const cited = numberCitations([{ url: 'u', span: [0, 2] }]);
          expect(resumeCitationMarkers(placed, 'Hi there', cited).source).toBe(
            placeCitationMarkers('Hi there', cited),
          );
        },
      ),
    );
  });
});

describe('splitCitationMarkers', () => {
  it('splits text and marker keys', () => {
    expect(splitCitationMarkers(`a${marker(3)}b${marker(12)}`)).toEqual(['a', 3, 'b', 12]);
    expect(splitCitationMarkers('plain')).toEqual(['plain']);
  });
});

describe('repairMarkdownTail', () => {
  it('closes emphasis and inline code, and shows an unfinished link as its label', () => {
    expect(repairMarkdownTail('This is **bold')).toBe('This is **bold**');
    expect(repairMarkdownTail('Run `npm')).toBe('Run `npm`');
    expect(repairMarkdownTail('See [the docs](https://exa')).toBe('See the docs');
  });

  it('gives a table its delimiter row as soon as the header arrives', () => {
    expect(completeTableHeader('| Name | Age |')).toBe('| Name | Age |\n| --- | --- |');
    expect(completeTableHeader('| Name | Age |\n| --')).toBe('| Name | Age |\n| --- | --- |');
    expect(completeTableHeader('| Name | Age |\n| --- | --- |\n| Ada | 3')).toBe(
      '| Name | Age |\n| --- | --- |\n| Ada | 3',
    );
    expect(completeTableHeader('No table here')).toBe('No table here');
  });

  it('adds no delimiter row where no table can start: one `|`, a quote, a footnote, a fence', () => {
    expect(repairMarkdownTail('It is 20:17.\n\n|')).toBe('It is 20:17.\n\n|');
    expect(repairMarkdownTail('| a |\n| -')).toBe('| a |\n| --- |');
    expect(repairMarkdownTail('> alpha\n| a |')).toBe('> alpha\n| a |');
    expect(repairMarkdownTail('- item\n| a |')).toBe('- item\n| a |');
    expect(repairMarkdownTail('[^1]: note\n| a |')).toBe('[^1]: note\n| a |');
    expect(repairMarkdownTail('- ```\n  | a |')).toBe('- ```\n  | a |');
    expect(repairMarkdownTail('$$\nx\n$$ | a |\n| -')).toBe('$$\nx\n$$ | a |\n| -');
    // A row below a line without pipes is still a row of the table above.
    expect(repairMarkdownTail('| a |\n| - |\n| b |\nc\n| d')).toBe('| a |\n| - |\n| b |\nc\n| d');
    // A table interrupts a plain paragraph, and follows a closed fence.
    expect(repairMarkdownTail('Text\n| a |')).toBe('Text\n| a |\n| --- |');
    expect(repairMarkdownTail('```\nx\n```\n| a |')).toBe('```\nx\n```\n| a |\n| --- |');
  });

  it('closes inline syntax before the delimiter row is added, so the row stays one', () => {
    expect(repairMarkdownTail('| a_')).toBe('| a_\n| --- |');
    expect(repairMarkdownTail('| **a')).toBe('| **a**\n| --- |');
    // remend closes before a final line end (here a `_` after a citation's marker, which it
    // reads as one that opens): `| a_b |_` would be a header of two cells, and no table.
    const row = `| **bold** a${marker(0)}_b${marker(1)} |\n`;
    expect(repairMarkdownTail(row)).toBe(`${row}| --- |\n`);
  });

  it('closes only what shows as markup once closed: no `$$`, no `_` that cannot open', () => {
    expect(closeInlineSyntax('$$\nx^2')).toBe('$$\nx^2');
    expect(closeInlineSyntax('Cost $$a')).toBe('Cost $$a');
    expect(closeInlineSyntax('## _em_ a_')).toBe('## _em_ a_');
    expect(closeInlineSyntax('- [ ] _')).toBe('- [ ] _');
    expect(closeInlineSyntax('x _ y')).toBe('x _ y');
    expect(closeInlineSyntax('x _a')).toBe('x _a_');
    expect(closeInlineSyntax('x __a')).toBe('x __a__');
    // Three tildes or more never strike through in GFM: a `~~` added after them would show.
    expect(closeInlineSyntax('alpha ~~~ a')).toBe('alpha ~~~ a');
    expect(closeInlineSyntax('1. alpha ~~~\na')).toBe('1. alpha ~~~\na');
    expect(closeInlineSyntax('1. alpha ~~~\nalpha\n~')).toBe('1. alpha ~~~\nalpha\n~');
    expect(closeInlineSyntax('x ~~a')).toBe('x ~~a~~');
  });

  it('closes the inline content the text ends in, not a heading or row above it', () => {
    expect(closeInlineSyntax('## alpha ```\n**b')).toBe('## alpha ```\n**b**');
    expect(closeInlineSyntax('| `a |\n| - |\n| b')).toBe('| `a |\n| - |\n| b');
    expect(closeInlineSyntax('**a\n\nb')).toBe('**a\n\nb');
    // A paragraph's code span and emphasis run over its lines; an open fence closes nothing.
    expect(closeInlineSyntax('a `b\nc')).toBe('a `b\nc`');
    expect(closeInlineSyntax('- ```\n  **x')).toBe('- ```\n  **x');
  });

  it('repairs 100,000 unmatched delimiters, and is never handed so many by the engine', () => {
    // How fast belongs in the bench; here: it copes, and the engine bounds what it gets.
    expect(repairMarkdownTail('*'.repeat(100_000))).toBe('*'.repeat(100_000));
    expect(repairMarkdownTail('['.repeat(100_000))).toMatch(/^\[{99000,}$/);
    for (const char of ['*', '[']) {
      const stream = streamMarkdown(null, {
        text: `Intro.\n\n${char.repeat(100_000)}`,
        citations: [],
        streaming: true,
        reveals: 1,
      });
      // The streaming tail is too costly to parse: shown as plain text, so never repaired.
      expect(stream.chunks.at(-1)).toMatchObject({ plain: true, tail: true });
      const repair = { repairMarkdownTail, closeInlineSyntax };
      const tail = followLastChunkTail(null, stream, { repair, anchoring: true, release: null });
      expect(tail.tail).toBeNull();
    }
  });
});

describe('readOpenFence', () => {
  it('reads the language and code of an unclosed fence, less its indentation', () => {
    expect(readOpenFence('  ~~~ts extra\n  let a = 1;\n    b')).toEqual({
      code: 'let a = 1;\n  b',
      language: 'ts',
    });
  });

  it('skips the blank lines a block keeps before its fence (they once looped forever)', () => {
    expect(readOpenFence('\n\n```')).toEqual({ code: '', language: undefined });
    expect(readOpenFence('\n  \n```py\nprint(1)')).toEqual({ code: 'print(1)', language: 'py' });
    expect(readOpenFence('')).toEqual({ code: '', language: undefined });
  });
});
