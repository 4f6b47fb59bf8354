'use client';

import * as React from 'react';
import { useLabels } from '../provider/agent-messages-provider.js';

/** How long "Copied" or "Copy failed" shows before the button reads "Copy" again. */
const COPY_FEEDBACK_MS = 2000;

type CopyState = 'idle' | 'copied' | 'failed';

interface CopyButtonProps {
  /** The text to copy, read on click: a finished message's text is built only when asked for. */
  getText(): string;
  /** Hears why the clipboard refused the text; the button shows "Copy failed" either way. */
  onCopyError?: ((error: unknown) => void) | undefined;
}

/**
 * Copies a message's text. The clipboard can refuse (no permission, insecure page, no API): that
 * shows as "Copy failed" and reaches `onCopyError`, never as a thrown error.
 * @selector [data-slot="message-action-copy"] [data-state] `idle | copied | failed`
 */
function CopyButton({ getText, onCopyError }: CopyButtonProps) {
  const labels = useLabels();
  const [state, setState] = React.useState<CopyState>('idle');
  const mounted = React.useRef(true);

  React.useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  React.useEffect(() => {
    if (state === 'idle') return undefined;
    const timer = setTimeout(() => setState('idle'), COPY_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const fail = (error: unknown) => {
    if (mounted.current) setState('failed');
    onCopyError?.(error);
  };

  const copy = () => {
    try {
      const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
      if (!clipboard) throw new Error('The clipboard is not available on this page.');
      clipboard.writeText(getText()).then(() => {
        if (mounted.current) setState('copied');
      }, fail);
    } catch (error) {
      fail(error);
    }
  };

  const text = state === 'copied' ? labels.copied : state === 'failed' ? labels.copyFailed : '';
  return (
    <>
      <button type="button" data-slot="message-action-copy" data-state={state} onClick={copy}>
        {state === 'idle' ? labels.copy : text}
      </button>
      <span data-slot="message-actions-status" role="status">
        {text}
      </span>
    </>
  );
}

export { CopyButton };
export type { CopyButtonProps };
