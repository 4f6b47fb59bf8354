import type { Element, ElementContent, Root as HastRoot, RootContent } from 'hast';
import type { List, ListItem, Root as MdastRoot } from 'mdast';
import type { MarkdownProcessor } from '../parse/processor.js';
import type { TailPart, TailSplit } from './tail-parts.js';
import { partMarkdown } from './tail-parts.js';

/*
 * Parses a split streaming table or list (tail-parts.ts) piece by piece, and says how the pieces
 * join into what one parse of the whole tail gives: the table (with its header) or the list
 * element, holding every part's rows or items and then the live part's, followed by whatever
 * else the live part holds (a block that ended the list). A part is parsed once per processor.
 *
 * A list's looseness belongs to the whole list (`<li><p>…</p></li>` in every item once any two
 * are apart), so each part is parsed as loose when the list is: the list's `spread` is set on
 * the syntax tree before it becomes HTML, which is exactly what a blank line would have done.
 */

/** The tag of the element that stands, in `TailTree.wrapper`, for the rows of every piece. */
export const TAIL_PARTS_SLOT = 'ram-tail-parts';

/** A split tail, parsed: join the pieces as `joinTailTree` does. */
export interface TailTree {
  /** The table or list element, with a `TAIL_PARTS_SLOT` element in place of its rows. */
  readonly wrapper: Element;
  /** Each part's rows or items (the same arrays while the part and the looseness stay). */
  readonly parts: readonly (readonly ElementContent[])[];
  /** The live part's rows or items. */
  readonly live: readonly ElementContent[];
  /** What follows the table or list in the live part. */
  readonly after: readonly RootContent[];
}

interface ParsedPart {
  /** The list or table element, as parsed. */
  readonly element: Element;
  /** What the part is parsed as. */
  readonly markdown: string;
  /** The part's own list is loose: its rows as parsed are the loose ones. */
  readonly ownLoose: boolean;
  /** The list is loose because of this part: its own list is, or it ends in a blank line. */
  readonly loose: boolean;
  /** Rows or items, as parsed. */
  readonly nodes: readonly ElementContent[];
  /** Items parsed as loose, when the list is and its own list is not (once, when needed). */
  looseNodes: readonly ElementContent[] | null;
}

const parsedParts = new WeakMap<MarkdownProcessor, WeakMap<TailPart, ParsedPart | null>>();
const parsedHeads = new WeakMap<MarkdownProcessor, { head: string; wrapper: Element | null }>();
const listWrappers = new WeakMap<Element, Map<string, Element>>();

/**
 * The pieces of `split` parsed with `processor`, `liveMarkdown` (the live part, repaired) parsed
 * afresh; null when a piece does not parse as the split expects (render the tail whole).
 */
export function parseTailTree(
  processor: MarkdownProcessor,
  split: TailSplit,
  liveMarkdown: string,
): TailTree | null {
  const parts: ParsedPart[] = [];
  for (const part of split.parts) {
    const parsed = parsePart(processor, split, part);
    if (parsed === null) return null;
    parts.push(parsed);
  }
  const liveTree = processor.parse(liveMarkdown) as MdastRoot;
  const first = liveTree.children[0];
  const joins = split.kind === 'list' ? first?.type === 'list' : first?.type === 'table';
  const loose =
    split.kind === 'list' &&
    (parts.some((part) => part.loose) || (joins && isLoose(first as List)));
  if (loose && joins) (first as List).spread = true;
  const live = processor.runSync(liveTree) as HastRoot;
  const liveElement = joins ? live.children[0] : undefined;
  const after = joins ? live.children.slice(1) : live.children;

  let wrapper: Element | null;
  let liveNodes: ElementContent[];
  if (split.kind === 'table') {
    wrapper = tableWrapper(processor, split.head);
    liveNodes = liveElement?.type === 'element' ? tableRows(liveElement) : [];
  } else {
    const lists = parts.map((part) => part.element);
    if (liveElement?.type === 'element') lists.push(liveElement);
    wrapper = listWrapper(parts[0]?.element, lists);
    // The line end after the last item, which each part leaves out.
    liveNodes = liveElement?.type === 'element' ? liveElement.children : [newline()];
  }
  if (wrapper === null) return null;
  return {
    wrapper,
    parts: parts.map((part) => itemsOf(processor, part, loose)),
    live: liveNodes,
    after,
  };
}

/** The tree one parse of the whole tail gives, from its pieces (what the view shows). */
export function joinTailTree(tree: TailTree): HastRoot {
  const rows = [...tree.parts.flat(), ...tree.live];
  return { type: 'root', children: [fillSlot(tree.wrapper, rows), ...tree.after] };
}

function fillSlot(element: Element, rows: ElementContent[]): Element {
  return {
    ...element,
    children: element.children.flatMap((child) => {
      if (child.type !== 'element') return [child];
      return child.tagName === TAIL_PARTS_SLOT ? rows : [fillSlot(child, rows)];
    }),
  };
}

/* -------------------------------------------------------------------------------------------------
 * Parts
 * -----------------------------------------------------------------------------------------------*/

function parsePart(processor: MarkdownProcessor, split: TailSplit, part: TailPart) {
  let cache = parsedParts.get(processor);
  if (cache === undefined) parsedParts.set(processor, (cache = new WeakMap()));
  let parsed = cache.get(part);
  if (parsed === undefined) cache.set(part, (parsed = readPart(processor, split, part)));
  return parsed;
}

function readPart(
  processor: MarkdownProcessor,
  split: TailSplit,
  part: TailPart,
): ParsedPart | null {
  const markdown = partMarkdown(split, part.source);
  const tree = processor.parse(markdown) as MdastRoot;
  const [only, ...rest] = tree.children;
  if (rest.length > 0 || only?.type !== (split.kind === 'list' ? 'list' : 'table')) return null;
  const ownLoose = only.type === 'list' && isLoose(only);
  const loose = ownLoose || (only.type === 'list' && /\n[ \t]*\n$/.test(part.source));
  const element = (processor.runSync(tree) as HastRoot).children[0];
  if (element?.type !== 'element') return null;
  const nodes = split.kind === 'table' ? tableRows(element) : withoutLastNewline(element);
  return { element, markdown, ownLoose, loose, nodes, looseNodes: null };
}

/** The part's rows or items, as loose items when the list is loose. */
function itemsOf(processor: MarkdownProcessor, part: ParsedPart, loose: boolean) {
  if (!loose || part.ownLoose) return part.nodes;
  if (part.looseNodes === null) {
    const tree = processor.parse(part.markdown) as MdastRoot;
    (tree.children[0] as List).spread = true;
    part.looseNodes = withoutLastNewline(
      (processor.runSync(tree) as HastRoot).children[0] as Element,
    );
  }
  return part.looseNodes;
}

/** As mdast-util-to-hast decides it: the list's spread, or any item's. */
function isLoose(list: List): boolean {
  return list.spread === true || list.children.some((item: ListItem) => isItemLoose(item));
}

function isItemLoose(item: ListItem): boolean {
  return item.spread ?? item.children.length > 1;
}

function withoutLastNewline(list: Element): ElementContent[] {
  const last = list.children.at(-1);
  return last?.type === 'text' && last.value === '\n' ? list.children.slice(0, -1) : list.children;
}

function newline(): ElementContent {
  return { type: 'text', value: '\n' };
}

/* -------------------------------------------------------------------------------------------------
 * Wrappers
 * -----------------------------------------------------------------------------------------------*/

/** A table's rows (whitespace between them never renders). */
function tableRows(table: Element): ElementContent[] {
  const body = table.children.find(
    (child): child is Element => child.type === 'element' && child.tagName === 'tbody',
  );
  return body ? body.children.filter((child) => child.type === 'element') : [];
}

/** The element that stands for the rows of every piece, until `fillSlot` replaces it. */
function slot(): Element {
  return { type: 'element', tagName: TAIL_PARTS_SLOT, properties: {}, children: [] };
}

/** The table with the head's header row and an empty body, parsed once per head. */
function tableWrapper(processor: MarkdownProcessor, head: string): Element | null {
  const cached = parsedHeads.get(processor);
  if (cached?.head === head) return cached.wrapper;
  const [table, ...rest] = (processor.runSync(processor.parse(head)) as HastRoot).children;
  let wrapper: Element | null = null;
  if (table?.type === 'element' && table.tagName === 'table' && rest.length === 0) {
    const body: Element = { type: 'element', tagName: 'tbody', properties: {}, children: [slot()] };
    wrapper = { ...table, children: [...table.children, body] };
  }
  parsedHeads.set(processor, { head, wrapper });
  return wrapper;
}

/**
 * The list element: the first part's (its tag, and `start` for an ordered list), with the class
 * a list of tasks gets when any of its items is one. The same object while that holds.
 */
function listWrapper(first: Element | undefined, lists: readonly Element[]): Element | null {
  if (first === undefined) return null;
  const withClass = lists.find((list) => list.properties['className'] !== undefined);
  const className = withClass?.properties['className'];
  const key = JSON.stringify(className ?? null);
  let wrappers = listWrappers.get(first);
  if (wrappers === undefined) listWrappers.set(first, (wrappers = new Map()));
  let wrapper = wrappers.get(key);
  if (wrapper === undefined) {
    const properties = { ...first.properties };
    if (className === undefined) delete properties['className'];
    else properties['className'] = className;
    wrapper = { ...first, properties, children: [slot()] };
    wrappers.set(key, wrapper);
  }
  return wrapper;
}
