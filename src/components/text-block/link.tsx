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
 * or referrer, and names the real host when its text looks like another address; a rejected one
 * is inert text that shows its target.
 */
function MarkdownLink({ node, children }: MarkdownLinkProps) {
  const policy = useUrlPolicy();
  const labels = useLabels();
  const raw = String(node?.properties[RAW_HREF] ?? '');
  if (raw === '') return <span data-slot="text-block-link">{children}</span>;

  const decision = policy(raw, 'link');
  if (!decision.allowed) {
    return (
      <span data-slot="text-block-link" data-blocked="">
        {children}
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
        {children}
      </a>
    );
  }

  const external = !decision.href.toLowerCase().startsWith('mailto:');
  const claimed = node ? hostClaimedBy(hastText(node)) : null;
  const mismatch =
    decision.host !== null && claimed !== null && !sameHost(claimed, decision.host)
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
        {children}
        {external ? (
          <span data-slot="text-block-visually-hidden"> {labels.opensInNewTab}</span>
        ) : null}
      </a>
      {mismatch !== null ? (
        <span data-slot="text-block-link-host"> ({labels.linksTo(revealInvisible(mismatch))})</span>
      ) : null}
    </InsideLinkContext.Provider>
  );
}

/* -------------------------------------------------------------------------------------------------
 * Host comparison
 * -----------------------------------------------------------------------------------------------*/

const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;

/** The host that link text such as `https://bank.example/login` or `bank.example` names. */
function hostClaimedBy(text: string): string | null {
  const candidate = text.trim();
  if (candidate === '' || candidate.length > 2048 || !candidate.includes('.')) return null;
  for (const char of candidate) if (char === ' ' || char === '\n' || char === '\t') return null;
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
