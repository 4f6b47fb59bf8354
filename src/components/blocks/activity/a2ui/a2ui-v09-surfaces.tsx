'use client';

import * as React from 'react';
import { useIsomorphicLayoutEffect } from '../../../primitives/use-isomorphic-layout-effect.js';
import type { A2uiFeed } from './a2ui-messages.js';
import type { A2uiV09Module } from '../../../provider/a2ui-module.js';
import type { A2uiSurfacesProps } from './a2ui-v08-surfaces.js';

/** v0.9 surfaces: `@a2ui/web_core/v0_9`'s processor, drawn by `@a2ui/react/v0_9`. */
export function A2uiV09Surfaces(props: A2uiSurfacesProps<A2uiV09Module>) {
  const { module, feed, send, onReject } = props;
  const sendRef = React.useRef(send);
  useIsomorphicLayoutEffect(() => {
    sendRef.current = send;
  });
  const [drawn, setDrawn] = React.useState<{ feed: A2uiFeed; surfaces: unknown[] } | null>(null);
  // The content is the whole surface after every delta: it is replayed on a new processor.
  useIsomorphicLayoutEffect(() => {
    const { MessageProcessor, basicCatalog } = module;
    let processor: InstanceType<typeof MessageProcessor> | null = null;
    try {
      processor = new MessageProcessor([basicCatalog] as never[], (action: unknown) => {
        sendRef.current?.({ userAction: action });
      });
      processor.processMessages(feed.messages as never[]);
      setDrawn({ feed, surfaces: [...processor.model.surfacesMap.values()] });
    } catch {
      onReject(feed);
    }
    return () => processor?.model.dispose();
  }, [module, feed, onReject]);
  const { A2uiSurface } = module;
  return (
    <>
      {(drawn?.surfaces ?? []).map((surface) => (
        <A2uiSurface key={(surface as { id: string }).id} surface={surface as never} />
      ))}
    </>
  );
}
