import * as React from 'react';
import type { Msg } from '../../src/core.js';
import { foldAgUiEvents } from '../../src/ag-ui.js';
import {
  AgentMessagesProvider,
  MessageList,
  type ActivityAction,
  type ActivityRenderer,
  type ActivityRendererProps,
} from '../../src/index.js';
import { loadA2ui } from '../../test/fixtures/activity/a2ui-surfaces.js';

/** An AG-UI run around `events`, with a line of text before and after. */
export function conversation(...events: object[]): readonly Msg[] {
  const text = (id: string, words: string) => [
    { type: 'TEXT_MESSAGE_START', messageId: id, role: 'assistant' },
    { type: 'TEXT_MESSAGE_CONTENT', messageId: id, delta: words },
    { type: 'TEXT_MESSAGE_END', messageId: id },
  ];
  return foldAgUiEvents([
    { type: 'RUN_STARTED', threadId: 't', runId: 'r1' },
    ...text('before', 'Here it is.'),
    ...events,
    ...text('after', 'Anything else?'),
    { type: 'RUN_FINISHED', threadId: 't', runId: 'r1' },
  ]).messages;
}

/** An app's `plan` renderer: a checklist. */
export function PlanView({ content }: ActivityRendererProps) {
  const steps = (content as { steps?: { title?: unknown; done?: unknown }[] } | null)?.steps ?? [];
  return (
    <ol data-testid="plan">
      {steps.map((step, index) =>
        typeof step.title === 'string' ? (
          <li key={index}>
            {step.done === true ? '✓ ' : ''}
            {step.title}
          </li>
        ) : null,
      )}
    </ol>
  );
}

/** A renderer that always throws. */
export function ThrowingView(): React.ReactNode {
  throw new globalThis.Error(THROWN);
}

/** What `ThrowingView` throws. */
export const THROWN = 'the activity view exploded';

const renderers: Record<string, ActivityRenderer> = { plan: PlanView, exploding: ThrowingView };

/** The list as an app shows it: renderers and the A2UI renderer registered, actions logged. */
export function ActivityList({ messages, dir }: { messages: readonly Msg[]; dir?: 'rtl' | 'ltr' }) {
  const [actions, setActions] = React.useState<ActivityAction[]>([]);
  const onActivityAction = React.useCallback(
    (action: ActivityAction) => setActions((previous) => [...previous, action]),
    [],
  );
  return (
    <div dir={dir}>
      <AgentMessagesProvider activityRenderers={renderers} a2ui={loadA2ui}>
        <MessageList
          messages={messages}
          onActivityAction={onActivityAction}
          style={{ height: 520 }}
        />
      </AgentMessagesProvider>
      <output data-testid="actions">
        {actions.map((action) => `${action.name} ${JSON.stringify(action.payload)}`).join('\n')}
      </output>
    </div>
  );
}

/**
 * A story `beforeEach` for stories that load the A2UI renderer: Lit (under it) announces its
 * dev mode with `console.warn` once, which would fail the story; other warnings still pass.
 */
export function quietLitDevMode(): () => void {
  const previous = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!args.some((arg) => String(arg).includes('Lit is in dev mode'))) previous(...args);
  };
  return () => {
    console.warn = previous;
  };
}
