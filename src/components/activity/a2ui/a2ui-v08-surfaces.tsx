'use client';

import * as React from 'react';
import { useIsomorphicLayoutEffect } from '../../../react/use-isomorphic-layout-effect.js';
import type { A2uiFeed } from './a2ui-messages.js';
import type { A2uiV08Module } from './a2ui-module.js';

/** Props of the surfaces of one feed, drawn by one renderer version. */
export interface A2uiSurfacesProps<Module> {
  module: Module;
  feed: A2uiFeed;
  /** Sends a client message (`{ userAction }`) on, when the host can answer. */
  send: ((message: unknown) => void) | undefined;
}

/** v0.8 surfaces, through `@a2ui/react`'s provider and renderer. */
export function A2uiV08Surfaces({ module, feed, send }: A2uiSurfacesProps<A2uiV08Module>) {
  const { A2UIProvider } = module;
  // The provider reads the latest `onAction` at each action; its processor lives with the surface.
  return (
    <A2UIProvider {...(send ? { onAction: send } : {})}>
      <V08Feed module={module} feed={feed} />
    </A2UIProvider>
  );
}

function V08Feed({ module, feed }: Omit<A2uiSurfacesProps<A2uiV08Module>, 'send'>) {
  const actions = module.useA2UIActions();
  const [failure, setFailure] = React.useState<{ feed: A2uiFeed; error: unknown } | null>(null);
  // The content is the whole surface after every delta: it is replayed on a cleared processor.
  useIsomorphicLayoutEffect(() => {
    try {
      actions.clearSurfaces();
      actions.processMessages(feed.messages as never[]);
    } catch (error) {
      setFailure({ feed, error });
    }
  }, [actions, feed]);
  // Thrown in render, so that the boundary around the surface shows its JSON instead.
  if (failure !== null && failure.feed === feed) throw failure.error;
  const { A2UIRenderer } = module;
  return (
    <>
      {feed.surfaceIds.map((id) => (
        <A2UIRenderer key={id} surfaceId={id} />
      ))}
    </>
  );
}
