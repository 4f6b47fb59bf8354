'use client';

import * as React from 'react';
import type { Decision } from '../../core/fold/confirm-result.js';
import type { ToolCallBlock } from '../../core/model/block.js';
import type { Msg } from '../../core/model/message.js';
import { ActivityActionScope } from '../blocks/activity/activity-action-context.js';
import { ConfirmationPrompt } from '../confirmation-prompt/confirmation-prompt.js';
import { MessageEditor } from '../message-actions/message-editor.js';
import { messageText } from '../message-actions/message-text.js';
import { InlinePromptContext } from '../provider/inline-prompt-context.js';
import { BlockList } from './block-list.js';
import { useMessageContext } from './message-context.js';

/**
 * A part of `Message`: the blocks in order, each through the provider's registry and behind its
 * own error boundary; with `onDecision`, the confirmation prompt for the calls that ask. While a
 * user message is being edited, its editor shows in their place.
 * @selector [data-slot="message-content"] the blocks, `hidden` while the editor shows
 */
export function MessageBlocks() {
  const context = useMessageContext('MessageBlocks');
  const { message, open, toolResults, editing, closeEditor, afterCall, callbacks } = context;
  const { onDecision, onActivityAction, onEdit } = callbacks;
  return (
    <>
      {editing ? (
        <MessageEditor
          initialText={messageText(message, 'markdown')}
          onCancel={closeEditor}
          onSave={(text) => {
            closeEditor();
            onEdit?.(message, text);
          }}
        />
      ) : null}
      {/* The prompt below shows the arguments of asking calls: their cards need not. */}
      <InlinePromptContext.Provider value={onDecision !== undefined}>
        {/* Hidden, not unmounted, while the editor shows: Cancel brings back the same view. */}
        <ActivityActionScope onAction={onActivityAction}>
          <BlockList
            message={message}
            open={open}
            toolResults={toolResults}
            hidden={editing}
            afterCall={afterCall}
          />
        </ActivityActionScope>
      </InlinePromptContext.Provider>
      {onDecision ? <MessageConfirmation message={message} onDecision={onDecision} /> : null}
    </>
  );
}

function MessageConfirmation({
  message,
  onDecision,
}: {
  message: Msg;
  onDecision(decision: Decision): void | Promise<void>;
}) {
  const asking = React.useMemo(
    () =>
      message.content.filter(
        (block): block is ToolCallBlock => block.type === 'tool_call' && block.state === 'asking',
      ),
    [message.content],
  );
  if (asking.length === 0) return null;
  return <ConfirmationPrompt toolCalls={asking} onDecision={onDecision} />;
}
