'use client';

import * as React from 'react';
import type { RunStatus } from '../../core/fold/run-status.js';
import { useAgentMessagesConfig } from '../provider/agent-messages-provider.js';
import { useControllableState } from '../primitives/use-controllable-state.js';
import { acceptsAnyType, parseAccept } from './attachment-limits.js';
import { ComposerAttachments } from './composer-attachments.js';
import { ComposerQueue } from './composer-queue.js';
import { useAutoGrow } from './use-auto-grow.js';
import { useComposerAttachments } from './use-composer-attachments.js';
import { useFileDrop } from './use-file-drop.js';
import { useSend } from './use-send.js';
import { useSendQueue } from './use-send-queue.js';

/* -------------------------------------------------------------------------------------------------
 * Composer
 * -----------------------------------------------------------------------------------------------*/

const COMPOSER_NAME = 'Composer';
const DEFAULT_MAX_FILE_SIZE = 10 * 1024 * 1024;
const DEFAULT_MAX_FILES = 10;
const DEFAULT_MAX_ROWS = 8;

/** What a `ref` on `<Composer>` reaches. */
interface ComposerHandle {
  /** Moves focus to the textarea. */
  focus(): void;
  /** Empties the text (through `onValueChange` when controlled), the attachments and the error. */
  clear(): void;
}

/** Props of `Composer`. */
interface ComposerProps extends Omit<
  React.ComponentPropsWithoutRef<'div'>,
  'children' | 'defaultValue' | 'onChange' | 'onDragEnter' | 'onDragOver' | 'onDragLeave' | 'onDrop'
> {
  /**
   * Sends the text (trimmed) and the attached files. While a returned promise (or thenable) is pending the text
   * stays, read-only, and the button says so; on success both are cleared; on a rejection (or a
   * throw) they are kept and an error is shown.
   */
  onSend(text: string, attachments: File[]): unknown;
  /** Stops the reply in progress: with it, a Stop button replaces Send while `status` is `streaming`. */
  onStop?(): void;
  /**
   * `useMessageStream`'s status. `streaming` holds sending back (and offers Stop);
   * `awaiting-confirmation` holds it back with a visible explanation.
   */
  status?: RunStatus;
  /** The text (controlled). */
  value?: string;
  /** The first text (uncontrolled). */
  defaultValue?: string;
  onValueChange?(value: string): void;
  /** @default labels.composerPlaceholder */
  placeholder?: string;
  /** Turns the whole composer off. */
  disabled?: boolean;
  /** Rows the textarea grows to before it scrolls. @default 8 */
  maxRows?: number;
  /**
   * File types the user may attach, as in `<input accept>`: `"image/*,.pdf"` or an array; `"*"`
   * takes any file. Without it the composer takes no attachments.
   */
  accept?: string | readonly string[];
  /** Largest file, in bytes. @default 10 MiB */
  maxFileSize?: number;
  /** Most files at once. @default 10 */
  maxFiles?: number;
  /** The textarea's `name`, for a surrounding form. */
  name?: string;
  /**
   * While a reply streams, what the user submits waits in a queue above the input (editable,
   * removable, "Send now") and the first queued message is sent once the reply ends; each row
   * shows its state (`queued`, `sent` until its reply ends, `cancelled` until dismissed). Stop and
   * errors pause the queue. The bindings turn it on. @default false
   */
  queue?: boolean;
  /** The last reply failed (its message says so): the queue pauses rather than send the next. */
  replyFailed?: boolean;
  /**
   * Adds a queued message to the reply that is running (steering), where the backend can: with it
   * and `queue`, each queued row offers **Steer** while a reply streams. The row then reads `sent`;
   * a throw or a rejection puts it back in the queue with the failure shown. Send now still stops
   * the reply and sends.
   */
  onSteer?(text: string, attachments: File[]): unknown;
}

/**
 * A message box: the textarea grows with the text up to `maxRows`; Enter sends, Shift+Enter
 * breaks the line, and Enter that ends an IME composition never sends. Files can be picked,
 * pasted or dropped when `accept` is given, and are handed to `onSend` as `File`s.
 * @selector [data-slot="composer"] [data-status] the `status` prop; [data-disabled] sending is off (`disabled`, or a decision awaits); [data-sending] `onSend` is pending; [data-dragging] files are dragged over it
 * @selector [data-slot="composer-button"] [data-action] `send | stop | queue`
 * @selector [data-slot="composer-queue"] [data-state] `running | paused`
 * @selector [data-slot="composer-queue-item"] [data-state] `queued | sent | cancelled`; [data-steer-failed] it waits after its last steer failed
 */
const Composer = React.forwardRef<ComposerHandle, ComposerProps>(function Composer(props, ref) {
  const {
    onSend,
    onStop,
    status = 'idle',
    value: valueProp,
    defaultValue,
    onValueChange,
    placeholder,
    disabled = false,
    maxRows = DEFAULT_MAX_ROWS,
    accept: acceptProp,
    maxFileSize = DEFAULT_MAX_FILE_SIZE,
    maxFiles = DEFAULT_MAX_FILES,
    name,
    queue: queueing = false,
    replyFailed = false,
    onSteer,
    style,
    ...rootProps
  } = props;
  const { labels } = useAgentMessagesConfig();
  const [value, setValue] = useControllableState({
    prop: valueProp,
    defaultProp: defaultValue,
    onChange: onValueChange,
    automatic: '',
  });
  const accept = React.useMemo(() => parseAccept(acceptProp), [acceptProp]);
  const attaching = acceptProp !== undefined && !disabled;
  const files = useComposerAttachments({ accept, maxFileSize, maxFiles });
  const [errors, setErrors] = React.useState<readonly string[]>([]);
  const pending = useSend(onSend);
  const sending = pending.sending;
  const queue = useSendQueue(status, onSend, onStop, replyFailed, onSteer);
  const composing = React.useRef(false);
  const textareaRef = React.useRef<HTMLTextAreaElement>(null);
  const fileInputRef = React.useRef<HTMLInputElement>(null);
  const noticeId = React.useId();
  const errorId = React.useId();
  useAutoGrow(textareaRef, value);

  const addFiles = (offered: readonly File[]) => setErrors(files.add(offered));
  const drop = useFileDrop(attaching, addFiles);

  const streaming = status === 'streaming';
  const awaiting = status === 'awaiting-confirmation';
  const canStop = streaming && onStop !== undefined && !disabled;
  const hasContent = value.trim() !== '' || files.attachments.length > 0;
  // Behind a reply in progress or a queue still sending, a message waits its turn.
  const queues =
    queueing && (streaming || queue.inFlight || (queue.waiting > 0 && queue.paused === null));
  const canSend = !disabled && !awaiting && (queues || (!streaming && !sending)) && hasContent;

  const clearFiles = files.clear;
  const clear = React.useCallback(() => {
    setValue('');
    clearFiles();
    setErrors([]);
  }, [setValue, clearFiles]);
  const focus = React.useCallback(() => textareaRef.current?.focus(), []);
  React.useImperativeHandle(ref, () => ({ focus, clear }), [focus, clear]);

  const send = () => {
    if (!canSend) return;
    const text = value.trim();
    const attached = files.attachments.map((attachment) => attachment.file);
    setErrors([]);
    if (queueing) {
      setValue('');
      files.clear(attached);
      if (queues) queue.add(text, attached);
      else
        queue.send(text, attached, () => {
          // Nothing is lost: the text comes back unless something new was written meanwhile.
          if (textareaRef.current?.value === '') setValue(text);
          setErrors([labels.sendFailed]);
        });
      return;
    }
    pending.send(
      text,
      attached,
      () => {
        // Only what was sent goes: the text if it is still the same, the files that went with it.
        if (textareaRef.current === null || textareaRef.current.value === value) setValue('');
        files.clear(attached);
      },
      () => setErrors([labels.sendFailed]),
    );
  };

  // Queue and Send both send what is written; with nothing to send they stay focusable but say so.
  const sendProps = {
    disabled,
    'aria-disabled': canSend ? undefined : true,
    onClick: send,
  } as const;

  const onKeyDown = (event: React.KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape' && errors.length > 0) {
      event.preventDefault();
      setErrors([]);
      return;
    }
    if (event.key !== 'Enter' || event.shiftKey || isComposing(event, composing.current)) return;
    event.preventDefault();
    send();
  };

  const onPaste = (event: React.ClipboardEvent<HTMLTextAreaElement>) => {
    const pasted = Array.from(event.clipboardData.files);
    if (!attaching || pasted.length === 0) return;
    // The text that comes with copied files is their name or a rendering of them: the files win.
    event.preventDefault();
    addFiles(pasted);
  };

  const notice = disabled ? null : awaiting ? labels.composerAwaitingConfirmation : null;
  const describedBy = [notice ? noticeId : null, errors.length > 0 ? errorId : null]
    .filter(Boolean)
    .join(' ');
  const acceptAttribute = acceptsAnyType(accept) ? undefined : accept.join(',');

  return (
    <div
      {...rootProps}
      {...drop.handlers}
      data-slot="composer"
      data-status={status}
      data-disabled={disabled || awaiting ? '' : undefined}
      data-sending={sending ? '' : undefined}
      data-dragging={drop.dragging ? '' : undefined}
      style={{ '--ram-composer-max-rows': maxRows, ...style } as React.CSSProperties}
    >
      {queueing ? <ComposerQueue queue={queue} disabled={disabled} onLeave={focus} /> : null}
      <ComposerAttachments
        attachments={files.attachments}
        onRemove={files.remove}
        onEmptied={focus}
        disabled={disabled || sending}
      />
      <div data-slot="composer-row">
        {acceptProp !== undefined ? (
          <>
            <button
              type="button"
              data-slot="composer-attach"
              aria-label={labels.attachFiles}
              title={labels.attachFiles}
              disabled={!attaching || sending}
              onClick={() => fileInputRef.current?.click()}
            >
              <svg
                data-slot="composer-icon"
                viewBox="0 0 16 16"
                aria-hidden="true"
                focusable="false"
              >
                <path d="M10.5 4.5 5.3 9.7a1.4 1.4 0 0 0 2 2l5.4-5.4a2.8 2.8 0 0 0-4-4L3.3 7.7a4.2 4.2 0 0 0 6 6l4.2-4.2" />
              </svg>
            </button>
            <input
              ref={fileInputRef}
              type="file"
              data-slot="composer-file-input"
              multiple={maxFiles > 1}
              accept={acceptAttribute}
              hidden
              tabIndex={-1}
              aria-hidden="true"
              onChange={(event) => {
                addFiles(Array.from(event.currentTarget.files ?? []));
                // Picking the same file again must fire `change` again.
                event.currentTarget.value = '';
              }}
            />
          </>
        ) : null}
        <textarea
          ref={textareaRef}
          data-slot="composer-input"
          dir="auto"
          name={name}
          rows={1}
          value={value}
          aria-label={labels.composerLabel}
          placeholder={placeholder ?? labels.composerPlaceholder}
          aria-describedby={describedBy === '' ? undefined : describedBy}
          aria-invalid={errors.length > 0 ? true : undefined}
          disabled={disabled}
          readOnly={sending}
          onChange={(event) => setValue(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          onCompositionStart={() => (composing.current = true)}
          onCompositionEnd={() => (composing.current = false)}
        />
        {canStop && queueing ? (
          <button type="button" data-slot="composer-button" data-action="queue" {...sendProps}>
            {labels.queueMessage}
          </button>
        ) : null}
        {/* Stop and Send share this place, so that focus stays when one becomes the other. */}
        {canStop ? (
          <button
            type="button"
            data-slot="composer-button"
            data-action="stop"
            onClick={queueing ? queue.stop : onStop}
          >
            {labels.stop}
          </button>
        ) : (
          <button type="button" data-slot="composer-button" data-action="send" {...sendProps}>
            {sending ? labels.sending : labels.send}
          </button>
        )}
      </div>
      {drop.dragging ? (
        <div data-slot="composer-drop-hint" aria-hidden="true">
          {labels.dropFiles}
        </div>
      ) : null}
      {notice ? (
        <p id={noticeId} data-slot="composer-notice">
          {notice}
        </p>
      ) : null}
      <div id={errorId} data-slot="composer-error" role="alert">
        {errors.map((message, index) => (
          <p key={index} data-slot="composer-error-message">
            {message}
          </p>
        ))}
      </div>
    </div>
  );
});
Composer.displayName = COMPOSER_NAME;

/* -----------------------------------------------------------------------------------------------*/

/**
 * Enter that belongs to an IME composition (confirming a candidate) must not send. Chrome and
 * Firefox flag it `isComposing`; Safari sends it after `compositionend`, with keyCode 229.
 */
function isComposing(event: React.KeyboardEvent, composing: boolean): boolean {
  return composing || event.nativeEvent.isComposing || event.keyCode === 229;
}

export { Composer };
export type { ComposerHandle, ComposerProps };
