'use client';

import * as React from 'react';
import { revealInvisible } from '../../core/safety/invisible.js';
import { useAgentMessagesConfig } from '../provider/agent-messages-provider.js';
import { formatBytes } from '../media/format-bytes.js';
import type { AttachmentLimits } from './attachment-limits.js';
import { checkAttachments } from './attachment-limits.js';

/** A file waiting in the composer, with a key that stays while it is there. */
export interface ComposerAttachment {
  readonly id: string;
  readonly file: File;
}

/** What `useComposerAttachments` returns. */
export interface ComposerAttachmentsState {
  attachments: readonly ComposerAttachment[];
  /** Attaches what the limits allow; returns a message for each file turned away. */
  add(files: readonly File[]): string[];
  remove(id: string): void;
  /** Takes these files off (the ones just sent), or all of them. */
  clear(sent?: readonly File[]): void;
}

/**
 * The composer's attachments: files offered by picking, pasting or dropping are checked against
 * `limits`; what is turned away comes back as messages naming each file, its hidden characters
 * shown, so that the user sees exactly which file it was.
 */
export function useComposerAttachments(limits: AttachmentLimits): ComposerAttachmentsState {
  const { labels, locale } = useAgentMessagesConfig();
  const [attachments, setAttachments] = React.useState<readonly ComposerAttachment[]>([]);
  // Read by `add` and `clear`, so that two offers in one event (paste, then drop) both count.
  const current = React.useRef(attachments);
  const nextId = React.useRef(0);

  const update = React.useCallback((next: readonly ComposerAttachment[]) => {
    current.current = next;
    setAttachments(next);
  }, []);

  const add = (files: readonly File[]): string[] => {
    const taken = current.current;
    const { accepted, rejected } = checkAttachments(
      files,
      taken.map((attachment) => attachment.file),
      limits,
    );
    if (accepted.length > 0) {
      update([...taken, ...accepted.map((file) => ({ id: `${nextId.current++}`, file }))]);
    }
    const messages = rejected
      .filter(({ reason }) => reason !== 'count')
      .map(({ file, reason }) => {
        const name = revealInvisible(file.name);
        return reason === 'type'
          ? labels.attachmentTypeRejected(name)
          : labels.attachmentTooLarge(name, formatBytes(limits.maxFileSize, locale));
      });
    // One message for all the files past the count, not one per file.
    if (rejected.some(({ reason }) => reason === 'count')) {
      messages.push(labels.tooManyAttachments(limits.maxFiles));
    }
    return messages;
  };

  const remove = React.useCallback(
    (id: string) => update(current.current.filter((attachment) => attachment.id !== id)),
    [update],
  );

  const clear = React.useCallback(
    (sent?: readonly File[]) =>
      update(sent ? current.current.filter(({ file }) => !sent.includes(file)) : []),
    [update],
  );

  return { attachments, add, remove, clear };
}
