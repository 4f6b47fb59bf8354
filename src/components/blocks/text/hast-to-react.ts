import type { Element, ElementContent, Properties, Root, RootContent } from 'hast';
import type * as React from 'react';
import { Fragment, jsx, jsxs } from 'react/jsx-runtime';

/*
 * The sanitised hast tree to React elements. A general converter (hast-util-to-jsx-runtime) needs
 * the full HTML and SVG attribute tables and a CSS parser, about 9 KB gzipped of the chat bundle,
 * for trees that cannot hold most of it: the allow-list in src/markdown/parse/sanitize.ts leaves a few
 * known properties, and the guard after math removes `style` and URL attributes. What remains
 * maps to React by rule: `data*` and `aria*` properties to their dashed attributes, the rest as
 * named. The output matches the general converter's for every tree the pipeline makes (a
 * differential test pins it), keys included, so memoised children keep their identity.
 */

/** What a component standing in for an element receives besides the element's own props. */
export interface HastNodeProps {
  /** The hast element it renders. */
  node?: Element | undefined;
}

/** Components replacing intrinsic elements, by tag name. */
export type HastComponents = {
  [Tag in keyof React.JSX.IntrinsicElements]?: React.ComponentType<
    React.JSX.IntrinsicElements[Tag] & HastNodeProps
  >;
};

type Props = Record<string, unknown>;
type Child = React.ReactElement | string;

/** Elements whose whitespace-only text children React would warn about (and browsers drop). */
const TABLE_ELEMENTS = new Set(['table', 'tbody', 'thead', 'tfoot', 'tr']);
const TABLE_CELLS = new Set(['td', 'th']);
/** The only comma-separated attributes HTML has; every other list is space-separated. */
const COMMA_SEPARATED = new Set(['accept', 'coords', 'exportParts']);

/** What fills an element, by tag name: the element is left out and the node shows in its place. */
export type HastSlots = Readonly<Record<string, React.ReactNode>>;

/**
 * `tree` as React elements: a fragment of its children, elements replaced per `components`, and
 * those named in `slots` by what they hold.
 */
export function hastToReact(
  tree: Root,
  components: HastComponents,
  slots: HastSlots = {},
): React.ReactElement {
  const props: Props = {};
  addChildren(props, childrenOf(tree.children, { components, slots }));
  return create(Fragment, props, undefined);
}

interface Options {
  components: HastComponents;
  slots: HastSlots;
}

function create(type: React.ElementType, props: Props, key: string | undefined) {
  // `jsxs` marks an array of children as static, so React does not ask them for keys.
  const fn = Array.isArray(props['children']) ? jsxs : jsx;
  return key === undefined ? fn(type, props) : fn(type, props, key);
}

function childrenOf(nodes: readonly (ElementContent | RootContent)[], options: Options): Child[] {
  const children: Child[] = [];
  // Keys by tag and rank (`p-0`, `p-1`, `pre-0`): a paragraph added above a code block does not
  // remount it.
  const counts = new Map<string, number>();
  for (const node of nodes) {
    if (node.type === 'text') {
      children.push(node.value);
    } else if (node.type === 'element') {
      const count = counts.get(node.tagName) ?? 0;
      counts.set(node.tagName, count + 1);
      children.push(element(node, options, `${node.tagName}-${count}`));
    }
  }
  return children;
}

function element(node: Element, options: Options, key: string): React.ReactElement {
  const { components, slots } = options;
  if (Object.hasOwn(slots, node.tagName))
    return create(Fragment, { children: slots[node.tagName] }, key);
  const replaced = Object.hasOwn(components, node.tagName)
    ? (components as Record<string, React.ComponentType<Props> | undefined>)[node.tagName]
    : undefined;
  const type: React.ElementType = replaced ?? (node.tagName as keyof React.JSX.IntrinsicElements);
  const props = hastProps(node);
  let children = childrenOf(node.children, options);
  if (TABLE_ELEMENTS.has(node.tagName)) {
    children = children.filter((child) => typeof child !== 'string' || !isWhitespace(child));
  }
  if (typeof type !== 'string') props['node'] = node;
  addChildren(props, children);
  return create(type, props, key);
}

/** The React props of a hast element's properties (its children left out). */
export function hastProps(node: Element): Props {
  const props: Props = {};
  let align: string | undefined;
  for (const [name, value] of Object.entries(node.properties as Properties)) {
    if (name === 'children' || value === null || value === undefined) continue;
    if (typeof value === 'number' && Number.isNaN(value)) continue;
    // Styles never get here (the sanitiser drops them); a cell's alignment becomes one.
    if (name === 'style') continue;
    const attribute = reactName(name);
    const joined = Array.isArray(value)
      ? value.join(COMMA_SEPARATED.has(name) ? ', ' : ' ')
      : value;
    if (attribute === 'align' && typeof joined === 'string' && TABLE_CELLS.has(node.tagName)) {
      align = joined;
    } else {
      props[attribute] = joined;
    }
  }
  if (align) props['style'] = { textAlign: align };
  return props;
}

/** The prop React expects for a hast property: `dataRamHref` → `data-ram-href`, `ariaLabel` → `aria-label`. */
function reactName(property: string): string {
  if (/^data[\w.:-]+$/i.test(property) && property.length > 4) {
    const rest = property.slice(4);
    if (rest.startsWith('-') || /-[a-z]/.test(rest)) return property;
    const dashed = rest.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
    return `data${dashed.startsWith('-') ? '' : '-'}${dashed}`;
  }
  if (/^aria[A-Z]/.test(property)) return `aria-${property.slice(4).toLowerCase()}`;
  return property;
}

function addChildren(props: Props, children: Child[]): void {
  if (children.length === 0) return;
  const value = children.length > 1 ? children : children[0];
  if (value) props['children'] = value;
}

function isWhitespace(text: string): boolean {
  return /^[ \t\n\f\r]*$/.test(text);
}
