'use client';

import * as React from 'react';
import { revealInvisible } from '../../core/safety/invisible.js';
import { useLabels } from '../provider/agent-messages-provider.js';

/** A failure the app wants shown under the conversation: an `Error`, a sentence, or none. */
export type ListError = Error | string | null;

/** The text to show for an error; anything that is not an `Error` or a string shows none. */
function errorText(error: unknown): string {
  if (typeof error === 'string') return error;
  // A bare `Error` with no message says nothing more than the alert's title.
  if (error instanceof Error) return error.message || (error.name === 'Error' ? '' : error.name);
  return '';
}

interface ListErrorAlertProps {
  error: ListError | undefined;
  onDismiss: ((event: React.MouseEvent<HTMLButtonElement>) => void) | undefined;
}

/**
 * The app's error under the last message, announced once as an alert, with a dismiss button
 * when the app can clear it.
 * @selector [data-slot="message-list-error"] [data-slot="message-list-error-dismiss"]
 */
export function ListErrorAlert({ error, onDismiss }: ListErrorAlertProps) {
  const labels = useLabels();
  if (error === null || error === undefined || error === '') return null;
  const text = errorText(error);
  return (
    <div data-slot="message-list-error">
      <p role="alert" data-slot="message-list-error-text">
        <strong>{labels.error}</strong>
        {text !== '' ? (
          <>
            {' '}
            {/* A server's error text is untrusted: direction overrides and invisibles show. */}
            <bdi data-slot="message-list-error-message">{revealInvisible(text)}</bdi>
          </>
        ) : null}
      </p>
      {onDismiss ? (
        <button type="button" data-slot="message-list-error-dismiss" onClick={onDismiss}>
          {labels.dismiss}
        </button>
      ) : null}
    </div>
  );
}
