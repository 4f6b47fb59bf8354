/*
 * 👍 / 👎 for the chat's replies, kept in page state and handed to the list as its controlled
 * `feedback` map, so each toggle shows pressed for as long as the page lives.
 */
import * as React from 'react';
import type { MessageFeedback, Msg } from 'react-agent-messages';

/** The `feedback` map and `onFeedback` handler for `<MessageList>`. */
export function useFeedback(): {
  feedback: Readonly<Record<string, MessageFeedback>>;
  onFeedback(message: Msg, value: MessageFeedback): void;
} {
  const [feedback, setFeedback] = React.useState<Readonly<Record<string, MessageFeedback>>>({});
  const onFeedback = React.useCallback((message: Msg, value: MessageFeedback) => {
    setFeedback((previous) => ({ ...previous, [message.id]: value }));
  }, []);
  return { feedback, onFeedback };
}
