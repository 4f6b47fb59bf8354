/*
 * An external tool (AgentScope's `REQUIRE_EXTERNAL_EXECUTION`): the agent asks the client to run
 * a tool and waits. This demo's browser knows one, `get_browser_info`; the user chooses whether
 * to share its answer. The result goes back as an `EXTERNAL_EXECUTION_RESULT` through `/chat/`.
 */
import * as React from 'react';
import type { Msg, ToolCallBlock } from 'react-agent-messages';
import type { ExternalExecutionResultEvent } from 'react-agent-messages/core';
import {
  currentTimestamp,
  generateId,
  textBlock,
  toolResultBlock,
} from 'react-agent-messages/core';
import { DemoError } from '../demo-error.js';

export interface ExternalToolRequestProps {
  reply: Msg;
  onResult(event: ExternalExecutionResultEvent): Promise<void>;
}

function browserInfo(): string {
  return JSON.stringify(
    {
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      language: navigator.language,
      screen: `${screen.width}×${screen.height}`,
    },
    null,
    2,
  );
}

function resultEvent(
  reply: Msg,
  call: ToolCallBlock,
  shared: boolean,
): ExternalExecutionResultEvent {
  const now = currentTimestamp();
  const text = shared ? browserInfo() : 'The user declined to run this tool in their browser.';
  return {
    id: generateId(),
    created_at: now,
    metadata: {},
    type: 'EXTERNAL_EXECUTION_RESULT',
    reply_id: reply.id,
    execution_results: [
      toolResultBlock({
        id: call.id,
        name: call.name,
        output: [textBlock(text, { finished_at: now })],
        state: shared ? 'success' : 'error',
        finished_at: now,
      }),
    ],
  };
}

export function ExternalToolRequest({ reply, onResult }: ExternalToolRequestProps) {
  const call = reply.content.find(
    (block): block is ToolCallBlock => block.type === 'tool_call' && block.state === 'submitted',
  );
  const [sending, setSending] = React.useState(false);
  const [failed, setFailed] = React.useState<string | null>(null);
  const titleId = React.useId();
  if (!call) return null;
  const known = call.name === 'get_browser_info';

  const answer = (shared: boolean) => {
    setSending(true);
    setFailed(null);
    onResult(resultEvent(reply, call, shared)).catch((reason: unknown) => {
      setSending(false);
      setFailed((reason as Error).message);
    });
  };

  return (
    <section className="demo-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="demo-card-title">
        Friday asks this browser to run <code>{call.name}</code>
      </h2>
      <p className="demo-muted">
        {known
          ? 'It reads your time zone, language and screen size here, in the page. Share them?'
          : 'This demo page does not know that tool.'}
      </p>
      <div className="demo-actions">
        {known ? (
          <button
            type="button"
            className="demo-button"
            data-variant="primary"
            disabled={sending}
            onClick={() => answer(true)}
          >
            Run and share
          </button>
        ) : null}
        <button
          type="button"
          className="demo-button"
          disabled={sending}
          onClick={() => answer(false)}
        >
          Decline
        </button>
      </div>
      {failed ? <DemoError>Not delivered: {failed}</DemoError> : null}
    </section>
  );
}
