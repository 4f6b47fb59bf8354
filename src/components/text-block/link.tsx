import * as React from 'react';
import type { ExtraProps } from 'react-markdown';
import { revealInvisible } from '../../core/safety/invisible.js';
import { useLabels, useUrlPolicy } from '../../react/agent-messages-provider.js';
import { hastText } from './hast-text.js';
import { RAW_HREF } from './sanitize.js';

/* -------------------------------------------------------------------------------------------------
 * MarkdownLink
 * -----------------------------------------------------------------------------------------------*/

/** True inside a markdown link: an image there must not render a button (nested controls). */
const InsideLinkContext = React.createContext(false);

type MarkdownLinkProps = React.ComponentPropsWithoutRef<'a'> & ExtraProps;

/**
 * A markdown link through the URL policy. An allowed link opens in a new tab without an opener
 * or referrer, and names the real host when its text names another address or when that host is
 * an internationalised name (shown in its `xn--` form, so `аpple.com` in Cyrillic cannot pass for
 * `apple.com`); a rejected one is inert text that shows its target. Invisible and bidi-control
 * characters in the text are shown as markers.
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
  const shownHost =
    decision.host !== null &&
    (isInternationalHost(decision.host) ||
      (node !== undefined && claimsOtherHost(hastText(node), decision.host)))
      ? decision.host
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
      {shownHost !== null ? (
        <span data-slot="text-block-link-host">
          {' '}
          ({labels.linksTo(revealInvisible(shownHost))})
        </span>
      ) : null}
    </InsideLinkContext.Provider>
  );
}

/* -------------------------------------------------------------------------------------------------
 * Host comparison
 * -----------------------------------------------------------------------------------------------*/

const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;
const MAX_TOKENS = 64;

/** Link text as text with invisible characters marked; elements inside render themselves. */
function revealText(children: React.ReactNode): React.ReactNode {
  return React.Children.map(children, (child) =>
    typeof child === 'string' ? revealInvisible(child) : child,
  );
}

/** True when a host has an internationalised label, which the URL parser gives as `xn--`. */
function isInternationalHost(host: string): boolean {
  return host.split('.').some((label) => label.startsWith('xn--'));
}

/**
 * True when the link text reads as an address on a host other than `host`: the whole text
 * (`bank.example`), or, in a sentence, a word that is plainly an address (`https://…`, `www.…`).
 */
function claimsOtherHost(text: string, host: string): boolean {
  const trimmed = text.trim();
  if (trimmed.length > 2048) return false;
  const words = trimmed.split(/\s+/);
  const candidates =
    words.length === 1
      ? words
      : words
          .slice(0, MAX_TOKENS)
          .map((word) => word.replace(/^[("'<[]+|[)"'>\].,;:!?]+$/g, ''))
          .filter((word) => HAS_SCHEME.test(word) || /^www\./i.test(word));
  return candidates.some((word) => {
    const claimed = hostClaimedBy(word);
    return claimed !== null && !sameHost(claimed, host);
  });
}

/** The host that link text such as `https://bank.example/login` or `bank.example` names. */
function hostClaimedBy(text: string): string | null {
  const candidate = text.trim();
  if (candidate === '' || candidate.length > 2048 || !candidate.includes('.')) return null;
  let url: URL;
  try {
    url = new URL(HAS_SCHEME.test(candidate) ? candidate : `https://${candidate}`);
  } catch {
    return null;
  }
  const labels = url.hostname.split('.');
  const tld = labels[labels.length - 1] ?? '';
  const topLevel = /^[a-z]{2,63}$/i.test(tld) || tld.startsWith('xn--');
  if (labels.length < 2 || !topLevel) return null;
  return url.host;
}

function sameHost(a: string, b: string): boolean {
  const normalize = (host: string) => host.toLowerCase().replace(/^www\./, '');
  return normalize(a) === normalize(b);
}

export { InsideLinkContext, MarkdownLink };
