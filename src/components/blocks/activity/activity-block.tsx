'use client';

import * as React from 'react';
import type { Activity } from '../../../core/model/activity.js';
import type { UnknownBlock } from '../../../core/model/block.js';
import {
  findActivityRenderer,
  useAgentMessagesConfig,
} from '../../provider/agent-messages-provider.js';
import { AppRendererView } from '../../primitives/app-renderer-view.js';
import { ActivityActionContext } from './activity-action-context.js';
import { ActivityJson, shownActivityType } from './activity-json.js';
import type { ActivityRendererProps } from '../../provider/activity-types.js';
import { builtinActivityRenderers } from './builtin-activity-renderers.js';

interface ActivityBlockProps extends Omit<React.ComponentPropsWithoutRef<'div'>, 'children'> {
  /** The block that holds the activity: a new one (a delta applied) retries a failed renderer. */
  block: UnknownBlock;
  activity: Activity;
  streaming: boolean;
}

/**
 * An AG-UI activity where it occurs: through the renderer `activityRenderers` registers for its
 * type (else the built-in one), else its content as JSON. A renderer that throws is contained
 * here: the JSON shows with a note, and the next version of the activity gets another try.
 * @selector [data-slot="activity"] [data-activity-type] the type, [data-view] `custom | json`
 */
export const ActivityBlock = React.forwardRef<HTMLDivElement, ActivityBlockProps>(
  function ActivityBlock({ block, activity, streaming, ...rootProps }, ref) {
    const { labels, activityRenderers } = useAgentMessagesConfig();
    const onAction = React.useContext(ActivityActionContext);
    const { activityType, content, messageId } = activity;
    const Renderer = findActivityRenderer(
      activityRenderers,
      builtinActivityRenderers,
      activityType,
    );
    const props: ActivityRendererProps = {
      activityType,
      content,
      messageId,
      streaming,
      ...(onAction ? { onAction } : {}),
    };
    return (
      <div
        data-slot="activity"
        data-activity-type={activityType}
        data-view={Renderer ? 'custom' : 'json'}
        data-streaming={streaming ? '' : undefined}
        {...rootProps}
        ref={ref}
      >
        <AppRendererView
          resetKey={block}
          custom={
            Renderer
              ? // An element, not a call: the renderer's hooks are its own, its throws contained.
                React.createElement(
                  Renderer as React.FunctionComponent<ActivityRendererProps>,
                  props,
                )
              : null
          }
          json={<ActivityJson activityType={activityType} content={content} />}
          failed={
            <div data-slot="activity-error">
              <ActivityJson
                activityType={activityType}
                content={content}
                note={labels.activityFailed(shownActivityType(activityType))}
              />
            </div>
          }
        />
      </div>
    );
  },
);
