'use client';

import * as React from 'react';
import { useLabels } from '../provider/agent-messages-provider.js';

interface MessageEditorProps {
  /** The text the editor starts with. */
  initialText: string;
  onSave(text: string): void;
  onCancel(): void;
}

/**
 * The inline editor of a user message: a textarea with Save and Cancel. Escape cancels;
 * Ctrl+Enter (Cmd+Enter on a Mac) saves. It takes focus when it opens.
 * @selector [data-slot="message-editor"] the form; `message-editor-input`, `-save`, `-cancel` inside
 */
function MessageEditor({ initialText, onSave, onCancel }: MessageEditorProps) {
  const labels = useLabels();
  const [text, setText] = React.useState(initialText);
  const inputRef = React.useRef<HTMLTextAreaElement>(null);

  React.useEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    input.focus();
    input.setSelectionRange(input.value.length, input.value.length);
  }, []);

  const onKeyDown = (event: React.KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      onCancel();
    } else if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      onSave(text);
    }
  };

  return (
    <form
      data-slot="message-editor"
      onSubmit={(event) => {
        event.preventDefault();
        onSave(text);
      }}
    >
      <textarea
        data-slot="message-editor-input"
        ref={inputRef}
        aria-label={labels.editMessage}
        value={text}
        rows={Math.min(12, Math.max(2, text.split('\n').length))}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <div data-slot="message-editor-buttons">
        <button type="submit" data-slot="message-editor-save">
          {labels.save}
        </button>
        <button type="button" data-slot="message-editor-cancel" onClick={onCancel}>
          {labels.cancel}
        </button>
      </div>
    </form>
  );
}

export { MessageEditor };
export type { MessageEditorProps };
