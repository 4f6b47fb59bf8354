import fc from 'fast-check';
import { toJsxRuntime } from 'hast-util-to-jsx-runtime';
import * as React from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';
import rehypeKatex from 'rehype-katex';
import remarkMath from 'remark-math';
import { describe, expect, it } from 'vitest';
import type { HastComponents } from '../../src/components/blocks/text/hast-to-react.js';
import { hastToReact } from '../../src/components/blocks/text/hast-to-react.js';
import {
  numberCitations,
  placeCitationMarkers,
} from '../../src/markdown/source/citation-markers.js';
import { createMarkdownPipeline } from '../../src/markdown/parse/pipeline.js';
import { parseMarkdown } from '../../src/markdown/parse/processor.js';
import { TAIL_MARK } from '../../src/markdown/marks.js';

/*
 * The text block turns the sanitised tree into elements with its own small converter. It must
 * give what the general converter (hast-util-to-jsx-runtime, with the options the view used)
 * gives for every tree the pipeline makes: same types, keys, props and `node`s, so the DOM, the
 * components' input and React's reconciliation are unchanged.
 */

const base = { idPrefix: 'b1-', footnoteLabel: 'Footnotes', footnoteBackLabel: () => 'Back' };
const plain = createMarkdownPipeline(base);
const withMath = createMarkdownPipeline({ ...base, math: { remarkMath, rehypeKatex } });

function Probe(props: Record<string, unknown>) {
  return JSON.stringify(Object.keys(props));
}
// Every element the view replaces, plus a few it does not, stand-ins for the real components.
const components = Object.fromEntries(
  ['a', 'img', 'pre', 'span', 'input', 'table', 'td'].map((tag) => [tag, Probe]),
) as HastComponents;

/** An element tree as plain data: type, key and props, children recursively. */
function shape(node: React.ReactNode): unknown {
  if (Array.isArray(node)) return node.map(shape);
  if (!React.isValidElement(node)) return node;
  const { children, ...props } = node.props as Record<string, unknown>;
  const type =
    typeof node.type === 'string' ? node.type : node.type === Fragment ? '#fragment' : 'Probe';
  return { type, key: node.key, props, children: shape(children as React.ReactNode) };
}

function expectSameElements(markdown: string, processor = plain) {
  const tree = parseMarkdown(processor, markdown);
  const ours = hastToReact(tree, components);
  const general = toJsxRuntime(tree, {
    Fragment,
    jsx,
    jsxs,
    components,
    passKeys: true,
    passNode: true,
    ignoreInvalidStyle: true,
  });
  expect(shape(ours)).toEqual(shape(general));
}

const SAMPLES = [
  '',
  'Hello **world**, _you_ and `code`.',
  '# Title\n\nText with a hard  \nbreak.\n\n---\n\n> quoted\n> > nested',
  '| Left | Centre | Right |\n| :--- | :----: | ----: |\n| a | b | c |\n|  | **x** | |',
  '- [x] done\n- [ ] open\n\n1. one\n2. two\n\n3) start at three',
  'A note.[^1] Another.[^long]\n\n[^1]: The first.\n[^long]: The second, with `code`.',
  '~~gone~~ www.example.com https://a.example/x?y=1 mail@example.com',
  '[link](https://example.com "title") ![alt text](https://img.example/a.png) [ref][r]\n\n[r]: /x',
  '```ts\nconst x = 1;\n```\n\n    indented\n\n```\nplain\n```',
  '<b>raw</b> <script>alert(1)</script>\n\n<div onclick="x">block</div>',
  'zero\u200Bwidth and \u202Ebidi\u202C and tag\u{E0041}s',
  'Term  \n\n***\n\n&amp; &copy; &#x41; \\*escaped\\*',
];

describe('hastToReact', () => {
  it.each(SAMPLES)('gives the general converter’s elements for %j', (markdown) => {
    expectSameElements(markdown);
  });

  it('gives the same elements with citation markers and the streaming tail’s mark', () => {
    const text = 'Cats sleep a lot. See [the study](https://a.example).';
    const cited = placeCitationMarkers(
      text,
      numberCitations([
        { url: 'https://a.example', span: [0, 17] },
        { url: 'https://b.example', span: [18, text.length] },
      ]),
    );
    expectSameElements(cited);
    expectSameElements(`${cited} and more **${TAIL_MARK}**`);
  });

  it('gives the same elements for KaTeX’s MathML output', () => {
    expectSameElements(
      'Inline $x^2 + \\frac{a}{b}$ and\n\n$$\n\\begin{matrix} a & b \\\\ c & d \\end{matrix}\n$$',
      withMath,
    );
    expectSameElements(
      '$\\href{javascript:alert(1)}{x}$ $\\color{red}{y}$ $\\sqrt[3]{z}$',
      withMath,
    );
  });

  it('gives the same elements for any mix of markdown syntax', () => {
    const piece = fc.constantFrom(
      'text',
      ' ',
      '\n',
      '\n\n',
      '# ',
      '> ',
      '- ',
      '1. ',
      '- [ ] ',
      '- [x] ',
      '**',
      '_',
      '~~',
      '`',
      '```js\n',
      '```\n',
      '    ',
      '|',
      '| - |',
      ':--',
      '[',
      ']',
      '(',
      ')',
      '](https://x.example)',
      '![i](https://x.example/i.png)',
      '[^n]',
      '[^n]: note',
      'www.example.com',
      'a@b.example',
      '<i>',
      '</i>',
      '<!-- c -->',
      '&amp;',
      '\\',
      '\u200B',
      '\u202E',
      '  \n',
      '---',
      '$x$',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), fc.boolean(), (pieces, math) => {
        expectSameElements(pieces.join(''), math ? withMath : plain);
      }),
      { numRuns: 300 },
    );
  }, 60_000);

  it('puts a slot’s node in place of the element it names, where that element was', () => {
    const tree = parseMarkdown(plain, '| a |\n| - |\n| b |\n\nafter');
    const table = tree.children.find((node) => node.type === 'element' && node.tagName === 'table');
    if (table?.type !== 'element') throw new Error('no table');
    const marker = <mark>rows</mark>;
    const shown = shape(hastToReact(tree, components, { tbody: marker })) as {
      children: { type: string; key: string; children: unknown }[];
    };
    const general = shape(hastToReact(tree, components)) as typeof shown;
    // The table element stays, its body is the slot's node under the body's key.
    const tableIndex = general.children.findIndex((child) => child.type === 'Probe');
    expect(shown.children.map((child) => child.key)).toEqual(
      general.children.map((child) => child.key),
    );
    const inTable = shown.children[tableIndex]?.children as { type: string; key: string }[];
    const bodies = (general.children[tableIndex]?.children as { key: string }[]).map((c) => c.key);
    expect(inTable.map((child) => child.key)).toEqual(bodies);
    expect(inTable.at(-1)).toEqual({
      type: '#fragment',
      key: 'tbody-0',
      props: {},
      children: shape(marker),
    });
  });
});
