import type { Element, ElementContent, Properties, Root as HastRoot, RootContent } from 'hast';
import type { Root as MdastRoot, RootContent as MdastContent } from 'mdast';
import { splitInvisible } from '../../core/safety/invisible.js';
import { hasCitationMarker, splitCitationMarkers } from '../source/citation-markers.js';
import { CELL_MARK, CLOSED_MARK, LITERAL_MARK, TAIL_MARK } from '../marks.js';
import { INCOMPLETE_IMAGE_PLACEHOLDER } from 'remend';
import {
  CITATION,
  INVISIBLE_CHAR,
  PENDING_IMAGE,
  RAW_HREF,
  RAW_SRC,
  STREAM_TAIL,
} from './hast-properties.js';

/*
 * The sanitising steps of the markdown pipeline. They run after every plugin the app adds, so no
 * plugin can switch them off:
 *
 *   remark  `remarkHtmlAsText`  raw HTML becomes the text the model wrote (shown, never parsed);
 *   rehype  `rehypeFinalize`    an allow-list of elements and attributes, citation markers turned
 *                               into elements, invisible characters in text (bidi controls, tags,
 *                               zero-width and blank-looking characters, controls) turned into
 *                               marker elements (Trojan Source, ASCII smuggling), and link and
 *                               image URLs moved out of `href`/`src`: the link and image
 *                               components put them back only through the app's URL policy (and
 *                               show a rejected one);
 *   rehype  `rehypeGuard`       after the app's math plugin (the one step that runs later): no
 *                               dangerous element, event handler or URL attribute survives it.
 */

const TAIL_MARKS = new RegExp(`[${TAIL_MARK}${CLOSED_MARK}${LITERAL_MARK}${CELL_MARK}]`);
const TAIL_MARK_ALL = new RegExp(TAIL_MARK, 'g');
const TAIL_MARKS_ALL = new RegExp(TAIL_MARKS.source, 'g');

/* -------------------------------------------------------------------------------------------------
 * remark: raw HTML as text
 * -----------------------------------------------------------------------------------------------*/

const PHRASING_PARENTS = new Set([
  'paragraph',
  'heading',
  'tableCell',
  'emphasis',
  'strong',
  'delete',
  'link',
  'linkReference',
]);

/**
 * Turns every `html` node into a text node with the same source, so it shows as written. There,
 * and in code, the streaming tail's mark becomes `LITERAL_MARK`: what was typed after it shows
 * as typed, emphasis delimiters included (tail/tail-anchor.ts).
 */
export function remarkHtmlAsText() {
  return (tree: MdastRoot) => {
    const stack: { type: string; children?: MdastContent[] }[] = [tree];
    for (let parent = stack.pop(); parent !== undefined; parent = stack.pop()) {
      const children = parent.children;
      if (children === undefined) continue;
      const phrasing = PHRASING_PARENTS.has(parent.type);
      children.forEach((child, index) => {
        if (child.type === 'html') {
          const text = { type: 'text' as const, value: literalMark(child.value) };
          children[index] = phrasing ? text : { type: 'paragraph', children: [text] };
        } else if (child.type === 'code' || child.type === 'inlineCode') {
          child.value = literalMark(child.value);
        } else if ('children' in child) {
          stack.push(child as { type: string; children: MdastContent[] });
        }
      });
    }
  };
}

function literalMark(value: string): string {
  return value.includes(TAIL_MARK) ? value.replace(TAIL_MARK_ALL, LITERAL_MARK) : value;
}

/* -------------------------------------------------------------------------------------------------
 * rehype: allow-list, citations, raw URLs
 * -----------------------------------------------------------------------------------------------*/

const KEEP = wordSet(
  'a abbr b blockquote br caption code col colgroup dd del details dfn div dl dt em figcaption ' +
    'figure h1 h2 h3 h4 h5 h6 hr i img input ins kbd li mark ol p pre q s samp section small span ' +
    'strong sub summary sup table tbody td tfoot th thead tr u ul var wbr',
);
/**
 * Elements that run or fetch something, or are no content (form controls, the document's head):
 * removed with what they hold, here and again after math.
 */
const ACTIVE =
  'script style template iframe frame frameset object embed noscript link meta base title head ' +
  'canvas audio video source track applet param portal textarea select option';
const DROP = wordSet(`${ACTIVE} svg math picture`);
/** Elements whose content cannot hold a citation button: markers move to just after them. */
const SEALED = new Set(['a', 'pre', 'code', 'img', 'summary']);
const TAG_PROPERTIES: Record<string, readonly string[]> = {
  a: ['href'],
  img: ['src', 'alt'],
  input: ['type', 'checked', 'disabled'],
  td: ['align', 'colSpan', 'rowSpan'],
  th: ['align', 'colSpan', 'rowSpan'],
  ol: ['start'],
};
const GLOBAL_PROPERTIES = ['className', 'id', 'ariaDescribedBy', 'ariaLabel', 'ariaHidden'];
const FOOTNOTE_PROPERTIES = ['dataFootnotes', 'dataFootnoteRef', 'dataFootnoteBackref'];
const CLASS_NAMES = new Set([
  'math-inline',
  'math-display',
  'contains-task-list',
  'task-list-item',
  'footnotes',
  'sr-only',
  'data-footnote-backref',
]);

/** Options of {@link rehypeFinalize}. */
export interface FinalizeOptions {
  /** Prefix of every `id` (remark-rehype's `clobberPrefix`); other ids are removed. */
  idPrefix: string;
}

/** The last rehype step: see the file comment. */
export function rehypeFinalize(options: FinalizeOptions) {
  return (tree: HastRoot) => {
    const context = { ...options, cells: 0 };
    tree.children = finalizeChildren(tree.children, null, context) as RootContent[];
  };
}

/** The step's options, and how many cell marks it has met in the tree so far. */
interface FinalizeContext extends FinalizeOptions {
  cells: number;
}

function finalizeChildren(
  children: readonly (ElementContent | RootContent)[],
  sealed: number[] | null,
  context: FinalizeContext,
): ElementContent[] {
  const result: ElementContent[] = [];
  for (const child of children) {
    if (child.type === 'text' || child.type === 'raw') {
      if (!TAIL_MARKS.test(child.value)) {
        finalizeText(child.value, sealed, result);
        continue;
      }
      // The streaming tail's marks: the text typed since the parse is shown in their place.
      let start = 0;
      for (const { 0: mark, index } of child.value.matchAll(TAIL_MARKS_ALL)) {
        const closed = mark === CLOSED_MARK;
        // The space before the closed mark is the anchor's, not the model's (tail/tail-anchor.ts).
        const end = closed && child.value[index - 1] === ' ' ? index - 1 : index;
        finalizeText(child.value.slice(start, end), sealed, result);
        result.push(streamTailElement(tailKind(mark, context)));
        start = index + 1;
      }
      finalizeText(child.value.slice(start), sealed, result);
    } else if (child.type === 'element') {
      result.push(...finalizeElement(child, sealed, context));
    }
  }
  return result;
}

function finalizeText(value: string, sealed: number[] | null, result: ElementContent[]): void {
  if (value === '') return;
  if (!hasCitationMarker(value)) {
    pushRevealed(value, result);
    return;
  }
  for (const part of splitCitationMarkers(value)) {
    if (typeof part === 'string') pushRevealed(part, result);
    else if (sealed !== null) sealed.push(part);
    else result.push(citationElement(part));
  }
}

/** `value` as text nodes, with an element in place of each invisible character. */
function pushRevealed(value: string, result: ElementContent[]): void {
  for (const part of splitInvisible(value)) {
    if (typeof part === 'string') {
      if (part !== '') result.push({ type: 'text', value: part });
    } else {
      result.push({
        type: 'element',
        tagName: 'span',
        properties: { [INVISIBLE_CHAR]: part.char },
        children: [{ type: 'text', value: part.marker }],
      });
    }
  }
}

function finalizeElement(
  element: Element,
  sealed: number[] | null,
  context: FinalizeContext,
): ElementContent[] {
  const tag = element.tagName.toLowerCase();
  if (DROP.has(tag)) return [];
  if (tag === 'input' && element.properties['type'] !== 'checkbox') return [];
  const hoisted: number[] = [];
  const collect = sealed ?? hoisted;
  element.properties = cleanProperties(tag, element.properties, collect, context);
  const inner = sealed ?? (SEALED.has(tag) ? hoisted : null);
  element.children = finalizeChildren(element.children, inner, context);
  const nodes: ElementContent[] = KEEP.has(tag) ? [element] : element.children;
  if (sealed === null) for (const key of hoisted) nodes.push(citationElement(key));
  return nodes;
}

function cleanProperties(
  tag: string,
  properties: Properties,
  markers: number[],
  options: FinalizeOptions,
): Properties {
  const allowed = [...GLOBAL_PROPERTIES, ...FOOTNOTE_PROPERTIES, ...(TAG_PROPERTIES[tag] ?? [])];
  const clean: Properties = {};
  for (const name of allowed) {
    if (!Object.hasOwn(properties, name)) continue;
    let value = properties[name];
    if (typeof value === 'string' && TAIL_MARKS.test(value)) {
      value = value.replace(TAIL_MARKS_ALL, '');
    }
    if (typeof value === 'string' && hasCitationMarker(value)) {
      const parts = splitCitationMarkers(value);
      for (const part of parts) if (typeof part === 'number') markers.push(part);
      value = parts.filter((part) => typeof part === 'string').join('');
    }
    if (name === 'className') value = classNames(tag, value);
    else if (name === 'id') value = prefixed(value, options)?.join(' ');
    else if (name === 'ariaDescribedBy') value = prefixed(value, options);
    if (value === undefined || value === null) continue;
    clean[name] = value;
  }
  if (tag === 'a') {
    clean[RAW_HREF] = String(clean['href'] ?? '');
    delete clean['href'];
  }
  if (tag === 'img') {
    clean[RAW_SRC] = String(clean['src'] ?? '');
    if (clean[RAW_SRC] === INCOMPLETE_IMAGE_PLACEHOLDER) clean[PENDING_IMAGE] = '';
    delete clean['src'];
  }
  if (tag === 'input') clean['disabled'] = true;
  return clean;
}

function classNames(tag: string, value: Properties[string]): string[] | undefined {
  const names = (Array.isArray(value) ? value : String(value).split(' ')).map(String);
  const kept = names.filter(
    (name) => CLASS_NAMES.has(name) || (tag === 'code' && isLanguageClass(name)),
  );
  return kept.length > 0 ? kept : undefined;
}

function isLanguageClass(name: string): boolean {
  if (!name.startsWith('language-') || name.length > 49) return false;
  for (const char of name.slice(9)) {
    if (!/[A-Za-z0-9_+#.-]/.test(char)) return false;
  }
  return true;
}

/** Keeps only ids under the prefix; GFM's unprefixed `footnote-label` is moved under it. */
function prefixed(value: Properties[string], options: FinalizeOptions): string[] | undefined {
  const ids = (Array.isArray(value) ? value : String(value).split(' ')).map(String);
  const kept = ids
    .map((id) => (id === 'footnote-label' ? `${options.idPrefix}${id}` : id))
    .filter((id) => id.startsWith(options.idPrefix));
  return kept.length > 0 ? kept : undefined;
}

/**
 * What a mark of the streaming tail stands for (see `STREAM_TAIL`): `closed` for the text after
 * the closers (`CLOSED_MARK`), `literal` where the text shows as written (`LITERAL_MARK`), `cell
 * <n>` for the n-th cell still to come of a table's row (`CELL_MARK`).
 */
function tailKind(mark: string, context: FinalizeContext): string {
  if (mark === CLOSED_MARK) return 'closed';
  if (mark === LITERAL_MARK) return 'literal';
  return mark === CELL_MARK ? `cell ${context.cells++}` : '';
}

/** Where the tail's text goes. */
function streamTailElement(kind: string): Element {
  const properties = { [STREAM_TAIL]: kind };
  return { type: 'element', tagName: 'span', properties, children: [] };
}

function citationElement(key: number): Element {
  return {
    type: 'element',
    tagName: 'span',
    properties: { [CITATION]: String(key) },
    children: [],
  };
}

/* -------------------------------------------------------------------------------------------------
 * rehype: the guard after math
 * -----------------------------------------------------------------------------------------------*/

const NEVER = wordSet(`${ACTIVE} foreignobject form button`);
// `style` too: `background: url(…)` fetches. KaTeX's MathML output needs none.
const URL_PROPERTIES = wordSet(
  'href src srcSet srcDoc xLinkHref action formAction poster data background ping cite codeBase manifest longDesc useMap style'.toLowerCase(),
);

/**
 * Runs after the app's math plugin (KaTeX renders math that `rehypeFinalize` already sanitised):
 * drops any element that could run or fetch something, event handlers, URL attributes and styles.
 */
export function rehypeGuard() {
  return (tree: HastRoot) => {
    const stack: { children: (ElementContent | RootContent)[] }[] = [tree];
    for (let parent = stack.pop(); parent !== undefined; parent = stack.pop()) {
      parent.children = parent.children.filter(
        (child) => child.type !== 'element' || !NEVER.has(child.tagName.toLowerCase()),
      );
      for (const child of parent.children) {
        if (child.type !== 'element') continue;
        child.properties = Object.fromEntries(
          Object.entries(child.properties).filter(([name]) => {
            const lower = name.toLowerCase();
            return !lower.startsWith('on') && !URL_PROPERTIES.has(lower);
          }),
        );
        stack.push(child);
      }
    }
  };
}

function wordSet(words: string): ReadonlySet<string> {
  return new Set(words.split(' '));
}
