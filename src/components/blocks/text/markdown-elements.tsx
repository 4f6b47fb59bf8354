'use client';

import * as React from 'react';
import {
  CITATION,
  hastText,
  INVISIBLE_CHAR,
  languageOf,
  literalText,
  STREAM_TAIL,
  tailMarkText,
} from '../../../markdown/index.js';
import type { TypedSpan } from '../../../markdown/index.js';
import { useLabels } from '../../provider/agent-messages-provider.js';
import { InvisibleMarker } from '../../primitives/revealed-text.js';
import { CitationMarker } from './citations.js';
import { CodeBlock } from './code-block.js';
import { directionComponents } from './direction-blocks.js';
import type { HastComponents, HastNodeProps } from './hast-to-react.js';
import { MarkdownLink } from './link.js';
import { MarkdownImage } from './markdown-image.js';
import { TailTextContext } from './tail-text-context.js';

/*
 * The elements a parsed chunk renders to: the sanitised tree from the engine, with our components
 * for the elements that need more than a tag (links and images through the URL policy, code
 * blocks, citation markers, invisible-character markers, the streaming tail's text).
 */

/** True when the code in the current chunk is final (so it may be highlighted). */
export const BlockCompleteContext = React.createContext(true);

export { TailTextContext };

/**
 * The text a mark of the streaming tail stands for (its `STREAM_TAIL` value): typed since the
 * anchor, with its emphasis and code, in a table cell after the anchor's, or after the anchor's
 * closers. Prose, which holds no invisible character; as typed where markdown shows as written.
 */
function StreamTailText({ mark }: { mark: string }) {
  const text = React.useContext(TailTextContext);
  if (text === null) return '';
  const typed = tailMarkText(text, mark);
  if (typed === null) return text.closed;
  if (mark === 'literal') return literalText(typed);
  if (typed.spans.length === 0) return typed.after;
  return (
    <>
      {typed.after}
      {typed.spans.map((span, index) => (
        <React.Fragment key={index}>
          <TypedSpanElement span={span} />
          {span.after}
        </React.Fragment>
      ))}
    </>
  );
}

/** A typed span as the parser renders it: `*` and `_` emphasis, two strong, three both; code. */
function TypedSpanElement({ span }: { span: TypedSpan }) {
  const { delimiter, text } = span;
  if (delimiter[0] === '`') return <code dir="ltr">{text}</code>;
  if (delimiter.length === 1) return <em>{text}</em>;
  if (delimiter.length === 2) return <strong>{text}</strong>;
  return (
    <em>
      <strong>{text}</strong>
    </em>
  );
}

function MarkdownPre({ node, children }: React.ComponentPropsWithoutRef<'pre'> & HastNodeProps) {
  const complete = React.useContext(BlockCompleteContext);
  const tail = React.useContext(TailTextContext);
  const code = node?.children.find((child) => child.type === 'element' && child.tagName === 'code');
  if (code === undefined || code.type !== 'element') return <pre dir="ltr">{children}</pre>;
  const text = hastText(code, tail);
  return (
    <CodeBlock
      code={text.endsWith('\n') ? text.slice(0, -1) : text}
      language={languageOf(code)}
      complete={complete}
    />
  );
}

function MarkdownSpan({ node, ...props }: React.ComponentPropsWithoutRef<'span'> & HastNodeProps) {
  const key = node?.properties[CITATION];
  if (key !== undefined) return <CitationMarker entryKey={Number(key)} />;
  if (node?.properties[INVISIBLE_CHAR] !== undefined) {
    return <InvisibleMarker marker={String(props.children)} />;
  }
  const mark = node?.properties[STREAM_TAIL];
  if (mark !== undefined) return <StreamTailText mark={String(mark)} />;
  return <span {...props} />;
}

function TaskCheckbox({
  node: _node,
  ...props
}: React.ComponentPropsWithoutRef<'input'> & HastNodeProps) {
  const labels = useLabels();
  return (
    <input
      {...props}
      readOnly
      disabled
      aria-label={props.checked === true ? labels.taskDone : labels.taskOpen}
    />
  );
}

/** The frame of a table: a wide table scrolls sideways in it. */
export function TableFrame({ children }: { children: React.ReactNode }) {
  return (
    // The scrolling region must be reachable by keyboard.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div data-slot="text-block-table" tabIndex={0}>
      {children}
    </div>
  );
}

function MarkdownTable({
  node: _node,
  ...props
}: React.ComponentPropsWithoutRef<'table'> & HastNodeProps) {
  return (
    <TableFrame>
      <table {...props} />
    </TableFrame>
  );
}

/** Inline code: left to right and isolated, so it never turns the prose around it. */
function MarkdownCode({
  node: _node,
  ...props
}: React.ComponentPropsWithoutRef<'code'> & HastNodeProps) {
  return <code dir="ltr" {...props} />;
}

/** Our components for the elements that need more than a tag. */
export const markdownComponents: HastComponents = {
  ...directionComponents,
  code: MarkdownCode,
  a: MarkdownLink,
  img: MarkdownImage,
  pre: MarkdownPre,
  span: MarkdownSpan,
  input: TaskCheckbox,
  table: MarkdownTable,
};
