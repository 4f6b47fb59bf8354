'use client';

import * as React from 'react';
import type { Element, ElementContent } from 'hast';
import { revealInvisible } from '../../../core/safety/invisible.js';
import { useLabels, useUrlPolicy } from '../../provider/agent-messages-provider.js';
import { INVISIBLE_CHAR, RAW_HREF } from '../../../markdown/index.js';
import type { HastNodeProps } from './hast-to-react.js';

/* -------------------------------------------------------------------------------------------------
 * MarkdownLink
 * -----------------------------------------------------------------------------------------------*/

/** True inside a markdown link: an image there must not render a button (nested controls). */
const InsideLinkContext = React.createContext(false);

type MarkdownLinkProps = React.ComponentPropsWithoutRef<'a'> & HastNodeProps;

/**
 * A markdown link through the URL policy. An allowed link opens in a new tab without an opener
 * or referrer, and names where it really goes (the host, the e-mail address, or "this site")
 * when its text names another address, or when the host is an internationalised name (shown in
 * its `xn--` form, so `аpple.com` in Cyrillic cannot pass for `apple.com`); a rejected one is
 * inert text that shows its target. Invisible and bidi-control characters in the text are shown
 * as markers.
 */
function MarkdownLink({ node, children }: MarkdownLinkProps) {
  const policy = useUrlPolicy();
  const labels = useLabels();
  const raw = String(node?.properties[RAW_HREF] ?? '');
  if (raw === '') return <span data-slot="text-block-link">{revealText(children)}</span>;

  const decision = policy(raw, 'link');
  if (!decision.allowed) {
    return (
      <span data-slot="text-block-link" data-blocked="">
        {revealText(children)}
        <span data-slot="text-block-link-target">
          {' '}
          ({labels.blockedUrl}: {revealInvisible(raw)})
        </span>
      </span>
    );
  }

  // Footnote references and other in-page anchors stay in the page.
  if (decision.href.startsWith('#')) {
    return (
      <a data-slot="text-block-link" href={decision.href}>
        {revealText(children)}
      </a>
    );
  }

  const external = !decision.href.toLowerCase().startsWith('mailto:');
  const target = realTarget(decision, labels.thisSite);
  const shownTarget =
    target.international || (node !== undefined && claimsOtherTarget(node, target))
      ? target.display
      : null;
  return (
    <InsideLinkContext.Provider value={true}>
      <a
        data-slot="text-block-link"
        href={decision.href}
        {...(external ? { target: '_blank' } : {})}
        rel="noopener noreferrer nofollow ugc"
        referrerPolicy="no-referrer"
      >
        {revealText(children)}
        {external ? (
          <span data-slot="text-block-visually-hidden"> {labels.opensInNewTab}</span>
        ) : null}
      </a>
      {shownTarget !== null ? (
        <span data-slot="text-block-link-host">
          {' '}
          ({labels.linksTo(revealInvisible(shownTarget))})
        </span>
      ) : null}
    </InsideLinkContext.Provider>
  );
}

/* -------------------------------------------------------------------------------------------------
 * Host comparison
 * -----------------------------------------------------------------------------------------------*/

/** Link text as text with invisible characters marked; elements inside render themselves. */
function revealText(children: React.ReactNode): React.ReactNode {
  return React.Children.map(children, (child) =>
    typeof child === 'string' ? revealInvisible(child) : child,
  );
}

/** Where a link really goes, as the user should be told, and what link text may honestly name. */
interface LinkTarget {
  /** What "links to …" names: the host, the e-mail addresses, "this site" or the URL. */
  display: string;
  /** Host names the text may name without the target being shown (lower case). */
  hostnames: ReadonlySet<string>;
  /** E-mail addresses the text may name (lower case); null when it may name none. */
  addresses: ReadonlySet<string> | null;
  /** True for an internationalised host, always shown in its `xn--` form. */
  international: boolean;
}

function realTarget(decision: { href: string; host: string | null }, thisSite: string): LinkTarget {
  const { href, host } = decision;
  if (host !== null) {
    const hostname = hostnameOf(`https://${host}/`) ?? host.toLowerCase();
    return {
      display: host,
      hostnames: new Set([hostname]),
      addresses: null,
      international: hostname.split('.').some((label) => label.startsWith('xn--')),
    };
  }
  if (/^mailto:/i.test(href)) {
    const list = safeDecode(href.slice('mailto:'.length).split('?', 1)[0] ?? '');
    const addresses = list
      .split(',')
      .map((address) => address.trim().toLowerCase())
      .filter((address) => address !== '');
    const hostnames = addresses.map((address) => address.slice(address.lastIndexOf('@') + 1));
    return {
      display: list,
      hostnames: new Set(hostnames),
      addresses: new Set(addresses),
      international: false,
    };
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(href))
    return { display: href, hostnames: new Set(), addresses: null, international: false };
  // Relative: this page's own host.
  const own = typeof window === 'undefined' ? '' : window.location.hostname.toLowerCase();
  return { display: thisSite, hostnames: new Set([own]), addresses: null, international: false };
}

/**
 * Visible characters of link text read for addresses: far more than an honest label needs, and
 * a bound on the work for a hostile one. Whitespace runs count as one and invisible characters
 * as none, so padding cannot push an address out of reach.
 */
const MAX_SCANNED = 4096;
/** Distinct addresses in one link text that are parsed and compared. */
const MAX_CLAIMS = 64;

/**
 * True when the link text names an address (a URL, a host name, an IP address or an e-mail
 * address, anywhere in the text and however punctuated) that is not where the link goes.
 */
function claimsOtherTarget(node: Element, target: LinkTarget): boolean {
  const text = normalizeForHosts(visibleText(node, MAX_SCANNED));
  const claims = addressesIn(text);
  for (const hostname of claims.hostnames) {
    if (![...target.hostnames].some((allowed) => sameHost(hostname, allowed))) return true;
  }
  if (target.addresses !== null) {
    for (const address of claims.addresses) if (!target.addresses.has(address)) return true;
  }
  return false;
}

/** The text of `node` as shown, whitespace collapsed and invisible characters dropped, up to `limit`. */
function visibleText(node: Element, limit: number): string {
  let text = '';
  const stack: ElementContent[] = [...node.children].reverse();
  for (let child = stack.pop(); child !== undefined && text.length < limit; child = stack.pop()) {
    if (child.type === 'element') {
      // A hidden character's marker is not text the link shows as its own.
      if (child.properties[INVISIBLE_CHAR] !== undefined) continue;
      for (let i = child.children.length - 1; i >= 0; i--) {
        const grandchild = child.children[i];
        if (grandchild !== undefined) stack.push(grandchild);
      }
      continue;
    }
    if (child.type !== 'text') continue;
    const pieces = /(\s+)|(\p{Cf}+)|([^\s\p{Cf}]+)/uy;
    for (let match = pieces.exec(child.value); match !== null; match = pieces.exec(child.value)) {
      if (match[1] !== undefined) {
        if (!text.endsWith(' ')) text += ' ';
      } else if (match[3] !== undefined) {
        text += match[3].slice(0, limit - text.length);
      }
      if (text.length >= limit) break;
    }
  }
  return text;
}

// Characters that read as a full stop in a host name: the URL parser maps the first three to `.`
// (`bank。example` is `bank.example`), and the rest look like one.
const DOT_LIKE = /[\u3002\uff0e\uff61\u2024\ufe52\u06d4\u0701\u0702\u2e3c\ua4f8\ua60e]/g;

function normalizeForHosts(text: string): string {
  return text.normalize('NFKC').replace(DOT_LIKE, '.');
}

const SCHEME_AUTHORITY =
  /(?<![a-z0-9+.-])[a-z][a-z0-9+.-]*:\/\/(?:[^\s/?#\\@]*@)?(\[[0-9a-f:.]+\]|[^\s/?#\\()<>"'`,;!|[\]{}]+)/giu;
// What separates words that may hold an address: spaces, brackets, quotes and other punctuation
// that never occurs in a host name or an e-mail address.
const WORD_BREAK = /[\s()<>{}[\]"'`,;!|\\^*\p{Ps}\p{Pe}\p{Pi}\p{Pf}]+/u;
const SCHEME_PREFIX = /^[a-z][a-z0-9+.-]*:\/\//i;
const PATH_START = /[/?#]/;
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;
const LABEL = /^[\p{L}\p{N}\p{M}](?:[\p{L}\p{N}\p{M}_-]*[\p{L}\p{N}\p{M}])?$/u;
const TOP_LEVEL = /^(?:\p{L}[\p{L}\p{M}]{1,62}|xn--[a-z0-9-]{1,59})$/iu;
const ADDRESS = /^[^\s@]+@[^\s@]+$/;
const EDGE_PUNCTUATION = /^[.\-:/@]+|[.\-:/@]+$/g;

/** The host names (canonical, lower case) and e-mail addresses that `text` names. */
function addressesIn(text: string): { hostnames: Set<string>; addresses: Set<string> } {
  const hostnames = new Set<string>();
  const addresses = new Set<string>();
  const add = (candidate: string) => {
    if (hostnames.size >= MAX_CLAIMS) return;
    const hostname = hostnameOf(`https://${candidate}/`);
    if (hostname !== null) hostnames.add(hostname);
  };
  for (const match of text.matchAll(SCHEME_AUTHORITY)) add(match[1] ?? '');
  for (const raw of text.split(WORD_BREAK)) {
    if (hostnames.size >= MAX_CLAIMS) break;
    const word = raw.replace(EDGE_PUNCTUATION, '');
    if (word === '') continue;
    if (ADDRESS.test(word) && addresses.size < MAX_CLAIMS) addresses.add(word.toLowerCase());
    // Only the authority names a host: `https://x.example/file.js` does not claim `file.js`. Any
    // user name in it (`bank.example@evil.example`) reads as a host too.
    const authority = word.replace(SCHEME_PREFIX, '').split(PATH_START, 1)[0] ?? '';
    for (const piece of authority.split(/[@:]/)) {
      const name = piece.replace(EDGE_PUNCTUATION, '');
      if (looksLikeHost(name)) add(name);
    }
  }
  return { hostnames, addresses };
}

/** `bank.example`, `xn--pple-43d.com`, `192.168.1.1` or `localhost`, as written in prose. */
function looksLikeHost(name: string): boolean {
  if (IPV4.test(name)) return true;
  if (name.toLowerCase() === 'localhost') return true;
  const labels = name.split('.');
  if (labels.length < 2) return false;
  const topLevel = labels[labels.length - 1] ?? '';
  return TOP_LEVEL.test(topLevel) && labels.every((label) => LABEL.test(label));
}

/** The URL parser's host name for `url` (punycode, IPs canonical), or null when it is not one. */
function hostnameOf(url: string): string | null {
  try {
    const hostname = new URL(url).hostname.toLowerCase();
    return hostname === '' ? null : hostname.replace(/\.$/, '');
  } catch {
    return null;
  }
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function sameHost(a: string, b: string): boolean {
  const normalize = (host: string) => host.replace(/^www\./, '');
  return normalize(a) === normalize(b);
}

export { InsideLinkContext, MarkdownLink };
