'use client';

import * as React from 'react';
import { useIsomorphicLayoutEffect } from '../../../primitives/use-isomorphic-layout-effect.js';
import type { A2uiFeed } from './a2ui-messages.js';
import type { A2uiV08Module } from '../../../provider/a2ui-module.js';

/** Props of the surfaces of one feed, drawn by one renderer version. */
export interface A2uiSurfacesProps<Module> {
  module: Module;
  feed: A2uiFeed;
  /** Sends a client message (`{ userAction }`) on, when the host can answer. */
  send: ((message: unknown) => void) | undefined;
  /** Called with the feed when the processor rejects its messages. */
  onReject(feed: A2uiFeed): void;
}

/** v0.8 surfaces, through `@a2ui/react`'s provider and renderer. */
export function A2uiV08Surfaces(props: A2uiSurfacesProps<A2uiV08Module>) {
  const { module, feed, send, onReject } = props;
  const { A2UIProvider } = module;
  // The provider reads the latest `onAction` at each action; its processor lives with the surface.
  return (
    <A2UIProvider {...(send ? { onAction: send } : {})}>
      <V08Feed module={module} feed={feed} onReject={onReject} />
    </A2UIProvider>
  );
}

function V08Feed({ module, feed, onReject }: Omit<A2uiSurfacesProps<A2uiV08Module>, 'send'>) {
  const actions = module.useA2UIActions();
  // The content is the whole surface after every delta: it is replayed on a cleared processor.
  useIsomorphicLayoutEffect(() => {
    try {
      actions.clearSurfaces();
      actions.processMessages(feed.messages as never[]);
    } catch {
      onReject(feed);
    }
  }, [actions, feed, onReject]);
  const { A2UIRenderer } = module;
  return (
    <>
      {feed.surfaceIds.map((id) => (
        <A2UIRenderer key={id} surfaceId={id} />
      ))}
    </>
  );
}
