'use client';

import * as React from 'react';
import type { RunStatus } from '../../core/fold/run-status.js';
import type { Msg } from '../../core/model/message.js';
import { parseTimestamp } from '../../core/model/time.js';
import { useLabels } from '../provider/agent-messages-provider.js';
import { RelativeTime } from '../time/relative-time.js';
import { readTimestamp } from '../time/timestamp.js';
import { useMessageContext } from './message-context.js';
import { MessageElapsed } from './message-elapsed.js';
import { messageSender } from './sender.js';

interface HeaderViewProps {
  name: string;
  role: Msg['role'];
  createdAt: string;
  /** When the reply (or the turn it starts) finished; `null` while it is open. */
  finishedAt: string | null;
  /** The reply's status, or its turn's when it starts one. */
  status: RunStatus;
}

/**
 * A part of `Message`: the sender, the time, the elapsed time and a status that is not `done`.
 * In a turn shown as one bubble, only the turn's first message shows it (with the turn's status).
 * @selector [data-slot="message-header"]
 */
export function MessageHeader() {
  const { message, status, turn } = useMessageContext('MessageHeader');
  if (turn !== undefined && turn.position !== 'first') return null;
  return (
    <HeaderView
      name={message.name}
      role={message.role}
      createdAt={message.created_at}
      finishedAt={turn?.position === 'first' ? turn.finishedAt : message.finished_at}
      status={turn?.position === 'first' ? turn.status : status}
    />
  );
}

// Memoised on the fields it shows: a streamed token changes the message, not these.
const HeaderView = React.memo(function HeaderView(props: HeaderViewProps) {
  const { name, role, createdAt, finishedAt, status } = props;
  const labels = useLabels();
  const running = status === 'streaming';
  const created = readTimestamp(createdAt);
  const finished = parseTimestamp(finishedAt);
  const sender = messageSender(labels, name, role);
  return (
    <header data-slot="message-header">
      <span data-slot="message-name">
        <bdi>{sender.name}</bdi>
      </span>
      {sender.role !== null ? (
        <span data-slot="message-role">
          <bdi>{sender.role}</bdi>
        </span>
      ) : null}
      {created !== null ? <RelativeTime data-slot="message-time" timestamp={created} /> : null}
      {created !== null && role !== 'user' ? (
        <MessageElapsed created={created.ms} finished={finished} running={running} />
      ) : null}
      {status !== 'done' ? (
        <span data-slot="message-status">{labels.replyStatus[status]}</span>
      ) : null}
    </header>
  );
});
