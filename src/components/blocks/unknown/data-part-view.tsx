'use client';

import * as React from 'react';
import type { UnknownBlock } from '../../../core/model/block.js';
import type { DataPart } from '../../../core/model/data-part.js';
import { revealInvisible } from '../../../core/safety/invisible.js';
import {
  findDataRenderer,
  useAgentMessagesConfig,
} from '../../provider/agent-messages-provider.js';
import { AppRendererView } from '../../primitives/app-renderer-view.js';
import { clipText } from '../../primitives/truncate.js';
import { RawJson } from '../../primitives/raw-json.js';

interface DataPartViewProps extends Omit<React.ComponentPropsWithoutRef<'div'>, 'children'> {
  block: UnknownBlock;
  dataPart: DataPart;
}

/**
 * An app data part: through the renderer registered for its name, else its data as JSON. A
 * renderer that throws is contained here: the JSON shows with a note, and the next version of
 * the part (a replace-by-id while streaming) gets another try.
 */
export const DataPartView = React.forwardRef<HTMLDivElement, DataPartViewProps>(
  function DataPartView({ block, dataPart: part, ...rootProps }, ref) {
    const { labels, dataRenderers } = useAgentMessagesConfig();
    const Renderer = findDataRenderer(dataRenderers, part.name);
    const name = revealInvisible(clipText(part.name));
    const json = <RawJson value={part.data} label={labels.dataPart(name)} />;
    return (
      <div
        data-slot="data-part"
        data-name={part.name}
        data-view={Renderer ? 'custom' : 'json'}
        {...rootProps}
        ref={ref}
      >
        <AppRendererView
          resetKey={block}
          custom={
            Renderer ? (
              <Renderer name={part.name} data={part.data} id={part.id} block={block} />
            ) : null
          }
          json={json}
          failed={
            <div data-slot="data-part-error">
              <p data-slot="data-part-error-message">{labels.dataPartFailed(name)}</p>
              {json}
            </div>
          }
        />
      </div>
    );
  },
);
