/*
 * The spans typed after a streaming tail's anchor (src/markdown/tail/typed-spans.ts). That they show
 * what a full parse shows is checked at every token in test/components/text-block-tail.test.tsx;
 * these pin the rules one by one.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { repairMarkdownTail } from '../../../src/markdown/repair/repair-markdown.js';
import { TAIL_MARK } from '../../../src/markdown/marks.js';
import { followTail } from '../../../src/markdown/tail/tail-anchor.js';
import {
  appendProse,
  literalText,
  pendingCloser,
  readTypedText,
} from '../../../src/markdown/tail/typed-spans.js';

const ANCHOR = 'Some text';
const read = (typed: string) => readTypedText(ANCHOR + typed, ANCHOR.length);

describe('typed spans', () => {
  it('reads prose, then spans opened after a space and closed before a space or punctuation', () => {
    expect(read(' and more')).toEqual({ after: ' and more', spans: [] });
    expect(read(' **bold** and `code`, then *it')).toEqual({
      after: ' ',
      spans: [
        { delimiter: '**', text: 'bold', closed: true, after: ' and ' },
        { delimiter: '`', text: 'code', closed: true, after: ', then ' },
        { delimiter: '*', text: 'it', closed: false, after: '' },
      ],
    });
    expect(read(' _a b._ c')?.spans[0]).toMatchObject({ delimiter: '_', text: 'a b.' });
    expect(read(" ***x***'s")?.spans[0]).toMatchObject({ text: 'x', after: "'s" });
  });

  it('refuses runs that would not open or close a span, and any other markup', () => {
    // Not after a space, not before a word, too long.
    expect(read('**bold**')).toBeNull();
    expect(read(' ** bold')).toBeNull();
    expect(read(' (*a*)')).toBeNull();
    expect(read(' ****a')).toBeNull();
    expect(read(' ```a')).toBeNull();
    // A closer after a blank, before a letter, punctuation after punctuation, another run.
    expect(read(' *a *')).toBeNull();
    expect(read(' *a *b')).toBeNull();
    expect(read(' `a`b')).toBeNull();
    expect(read(' *a.*, b')).toBeNull();
    expect(read(' **a* b')).toBeNull();
    // Undecided: a run at the very end.
    expect(read(' **')).toBeNull();
    expect(read(' **a**')).toBeNull();
    // Spans hold prose only, and so does the text around them.
    expect(read(' *a `b` c* d')).toBeNull();
    expect(read(' ~~a~~ b')).toBeNull();
    expect(read(' [a] b')).toBeNull();
    expect(read(' *a* www.b')).toBeNull();
  });

  it('opens code only where no run of as many backticks is left open before it', () => {
    const at = (text: string, typed: string) => readTypedText(text + typed, text.length);
    expect(at('a `` b', ' ``c`` d')).toBeNull();
    expect(at('a `` b', ' `c` d')).not.toBeNull();
    expect(at('a `b` c', ' `d` e')).not.toBeNull();
    expect(at('a ``b` c`` d', ' `e` f')).not.toBeNull();
    expect(at('a \\` b', ' `c` d')).toBeNull();
    // Read by line and cell: a run on a line before may pair, or hide one on this line.
    expect(at('a `` b\n- c ``d`` e', ' ``f`` g')).toBeNull();
    expect(at('a ``b\nc `d `` e` f', ' `g` h')).toBeNull();
    expect(at('| a `b` | c ``d', ' `e` f')).toBeNull();
    expect(at('| a | b `c` d', ' `e` f')).not.toBeNull();
    expect(at('a <i title="`"> b `', ' `c` d')).toBeNull();
  });

  it('grows the last piece with prose, and writes the text back as typed', () => {
    const typed = read(' **bold** and *it');
    if (typed === null) throw new Error('not typed text');
    expect(pendingCloser(typed)).toBe('*');
    const grown = appendProse(typed, ' more');
    expect(grown.spans[1]).toMatchObject({ text: 'it more', closed: false });
    expect(literalText(grown)).toBe(' **bold** and *it more*');
    const closed = read(' **bold** and');
    if (closed === null) throw new Error('not typed text');
    expect(pendingCloser(closed)).toBe('');
    expect(appendProse(closed, ' so').spans[0]?.after).toBe(' and so');
  });

  it('reads a text resumed by prose as it reads the text whole', () => {
    const piece = fc.constantFrom(' ', 'a', 'é', '.', ',', '*', '**', '_', '`', '(', ')');
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 30 }),
        fc.array(piece, { maxLength: 10 }),
        (a, b) => {
          const head = read(a.join(''));
          const prose = b.filter((p) => !/[*_`]/.test(p)).join('');
          if (head !== null) expect(appendProse(head, prose)).toEqual(read(a.join('') + prose));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('keeps the anchor for a span whose repair is the anchor’s, the text and its closers', () => {
    const anchor = followTail(null, ANCHOR, repairMarkdownTail);
    expect(anchor?.markdown).toBe(ANCHOR + TAIL_MARK);
    expect(followTail(anchor, `${ANCHOR} **bold and`, repairMarkdownTail)).toBe(anchor);
    expect(followTail(anchor, `${ANCHOR} **bold** and \`code`, repairMarkdownTail)).toBe(anchor);
    // The repair closes `___` with `__`: not the span's closers, so a new anchor is parsed.
    expect(followTail(anchor, `${ANCHOR} ___bold`, repairMarkdownTail)).not.toBe(anchor);
    // An anchor whose repair adds closers keeps its own rules (tail-anchor.ts).
    const inBold = followTail(null, 'Some **text', repairMarkdownTail);
    expect(inBold?.closers).toBe('**');
    expect(followTail(inBold, 'Some **text *it', repairMarkdownTail)).not.toBe(inBold);
  });
});
