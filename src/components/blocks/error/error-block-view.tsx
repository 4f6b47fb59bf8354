'use client';

import * as React from 'react';
import type { ErrorBlock } from '../../../core/model/block.js';
import { revealInvisible } from '../../../core/safety/invisible.js';
import { useLabels } from '../../provider/agent-messages-provider.js';
import type { BlockViewProps } from '../../provider/block-props.js';
import { PlainText } from '../../primitives/plain-text.js';
import { clipText } from '../../primitives/truncate.js';
import { formatRawJson } from '../../primitives/json/format-json-value.js';

/* -------------------------------------------------------------------------------------------------
 * ErrorBlockView
 * -----------------------------------------------------------------------------------------------*/

const ERROR_BLOCK_VIEW_NAME = 'ErrorBlockView';

/** Props of `ErrorBlockView`. */
interface ErrorBlockViewProps extends BlockViewProps<ErrorBlock, 'role'> {
  /** The error to show: its message, its `code` when present, and its raw `data` on demand. */
  block: ErrorBlock;
  /**
   * Whether the error is announced as an alert. By default only an error that arrives while
   * its reply streams, or that changes while shown, is announced; one loaded with history is not.
   */
  announce?: boolean;
}

/**
 * An error reported inside the content, with its code and a "Show raw" disclosure for its data.
 * Message, code and data are untrusted and rendered as text.
 * @selector [data-slot="error-block"] [data-announced] present while the error is an alert
 */
const ErrorBlockView = React.memo(
  React.forwardRef<HTMLDivElement, ErrorBlockViewProps>(function ErrorBlockView(props, ref) {
    const { block, streaming, announce, ...rootProps } = props;
    const labels = useLabels();
    const message = toText(block.message);
    const code = toText(block.code);
    // What was on screen at mount, as in MessageFooter: history is shown, not shouted.
    const [atMount] = React.useState(() => ({ streaming: streaming === true, message, code }));
    const isNew = atMount.streaming || atMount.message !== message || atMount.code !== code;
    const alert = announce ?? isNew;
    // The raw data is formatted only once the user opens it: it can be large.
    const [rawOpen, setRawOpen] = React.useState(false);
    const raw = React.useMemo(
      () => (rawOpen && block.data !== undefined ? formatRawJson(block.data) : ''),
      [rawOpen, block.data],
    );
    return (
      <div
        role={alert ? 'alert' : undefined}
        data-slot="error-block"
        data-block-type="error"
        data-announced={alert ? '' : undefined}
        {...rootProps}
        ref={ref}
      >
        <div data-slot="error-block-header">
          <strong data-slot="error-block-title">{labels.error}</strong>
          {code !== '' ? (
            <>
              {' '}
              <code data-slot="error-block-code" dir="ltr">
                {revealInvisible(clipText(code))}
              </code>
            </>
          ) : null}
        </div>
        {message !== '' ? (
          <PlainText data-slot="error-block-message" text={message} reveal />
        ) : null}
        {block.data !== undefined ? (
          <details
            data-slot="error-block-raw"
            onToggle={(event) => setRawOpen(event.currentTarget.open)}
          >
            <summary>{labels.showRaw}</summary>
            <pre dir="ltr">{raw}</pre>
          </details>
        ) : null}
      </div>
    );
  }),
);
ErrorBlockView.displayName = ERROR_BLOCK_VIEW_NAME;

/* -----------------------------------------------------------------------------------------------*/

// Producers are untrusted: a message that is not a string is shown, not allowed to throw.
function toText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return formatRawJson(value);
  try {
    return String(value);
  } catch {
    return '';
  }
}

export { ErrorBlockView };
export type { ErrorBlockViewProps };
