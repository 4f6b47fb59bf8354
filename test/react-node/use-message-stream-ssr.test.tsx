// @vitest-environment node
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { MessageStreamSource, Msg } from '../../src/core.js';
import { userMsg } from '../../src/core.js';
import { useMessageStream } from '../../src/use-message-stream/use-message-stream.js';

function Transcript(props: { source: MessageStreamSource; initialMessages: readonly Msg[] }) {
  const { messages } = useMessageStream(props);
  return (
    <ol>
      {messages.map((message) => (
        <li key={message.id}>
          {message.content.map((block) => (block.type === 'text' ? block.text : '')).join('')}
        </li>
      ))}
    </ol>
  );
}

describe('useMessageStream on the server', () => {
  it('renders initialMessages into the HTML and opens no connection', async () => {
    const open = vi.fn(() => []);
    const history = [userMsg('Is the tree clean?', { id: 'u0' }), userMsg('And the index?')];

    const html = renderToString(<Transcript source={open} initialMessages={history} />);

    expect(html).toBe('<ol><li>Is the tree clean?</li><li>And the index?</li></ol>');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(open).not.toHaveBeenCalled();
  });
});
