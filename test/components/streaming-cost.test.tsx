import * as React from 'react';
import type { Root, RootContent } from 'hast';
import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import type { Conversation, Msg } from '../../src/index.js';
import { Message, TextBlockView } from '../../src/index.js';
import { foldEvents, reduceConversation, textBlock } from '../../src/core.js';
import { createEventFactory } from '../fixtures/events.js';

/*
 * The streaming contract (ARCHITECTURE §8): a token costs the tail, not the text above it nor the
 * messages above it. Render counts come from React's Profiler; parse sizes from a rehype plugin
 * that sees every tree the text block parses.
 */

/** A markdown document of about `length` characters with every kind of top-level block. */
function document(length: number): string {
  const parts: string[] = [];
  for (let section = 1; parts.join('').length < length; section++) {
    parts.push(
      `## Section ${section}\n\n`,
      `Paragraph ${section} with **bold**, \`code\` and a [link](https://example.com/${section}).\n\n`,
      `- item one\n- item two\n  - nested ${section}\n\n`,
      `| a | b |\n| - | - |\n| ${section} | ${section * 2} |\n\n`,
      '```ts\n' + `const value${section} = ${section};\n` + 'console.log(value);\n```\n\n',
      `> quoted ${section}\n\n`,
    );
  }
  return parts.join('');
}

/** Characters of text in a parsed tree. */
function textLength(node: Root | RootContent): number {
  if (node.type === 'text') return node.value.length;
  if (!('children' in node)) return 0;
  return node.children.reduce((sum, child) => sum + textLength(child), 0);
}

/** The text is streamed in pieces of `size` characters. */
function pieces(text: string, size: number): string[] {
  const out: string[] = [];
  for (let at = 0; at < text.length; at += size) out.push(text.slice(at, at + size));
  return out;
}

/**
 * One row per message, as a list renders them: the row is memoised on its message, so the
 * Profiler inside it reports only work that happens within a message (state, effects, timers).
 */
const Row = React.memo(function Row({
  message,
  onRender,
}: {
  message: Msg;
  onRender: React.ProfilerOnRenderCallback;
}) {
  return (
    <React.Profiler id={message.id} onRender={onRender}>
      <Message message={message} />
    </React.Profiler>
  );
});

function Conversation({
  conversation,
  onRender,
}: {
  conversation: Conversation;
  onRender: React.ProfilerOnRenderCallback;
}) {
  return conversation.messages.map((message) => (
    <Row key={message.id} message={message} onRender={onRender} />
  ));
}

/** No memoised rows: every `<Message>` gets fresh props on every render of the list. */
function PlainList({ conversation, view }: { conversation: Conversation; view(m: Msg): Msg }) {
  return conversation.messages.map((message) => (
    <Message key={message.id} message={view(message)} />
  ));
}

/** Each message wrapped (once) in a proxy that counts how often a render reads its content. */
function readCounter() {
  const reads = new Map<string, number>();
  const proxies = new WeakMap<Msg, Msg>();
  const view = (message: Msg): Msg => {
    let proxy = proxies.get(message);
    if (!proxy) {
      proxy = new Proxy(message, {
        get(target, key, receiver) {
          if (key === 'content') reads.set(target.id, (reads.get(target.id) ?? 0) + 1);
          return Reflect.get(target, key, receiver) as unknown;
        },
      });
      proxies.set(message, proxy);
    }
    return proxy;
  };
  return { reads, view };
}

describe('streaming cost', () => {
  function history(f: ReturnType<typeof createEventFactory>) {
    const events = [];
    for (let index = 0; index < 12; index++) {
      const id = `done${index}`;
      events.push(
        f.replyStart(id),
        f.textStart(id, `t${index}`),
        f.textDelta(id, `t${index}`, document(400)),
        f.textEnd(id, `t${index}`),
        f.replyEnd(id),
      );
    }
    events.push(f.replyStart('live'), f.textStart('live', 'tail'));
    return foldEvents(events);
  }

  it('never renders anything in finished messages while the last one streams (Profiler)', async () => {
    const f = createEventFactory('s');
    let conversation = history(f);
    const renders = new Map<string, number>();
    const onRender: React.ProfilerOnRenderCallback = (id) =>
      renders.set(id, (renders.get(id) ?? 0) + 1);
    const screen = await render(<Conversation conversation={conversation} onRender={onRender} />);
    // Code in the finished messages highlights once the highlighter loads: let that settle first.
    const unhighlighted = '[data-slot="code-block"]:not([data-highlighted])';
    await expect
      .poll(() => screen.container.querySelectorAll(unhighlighted).length, { timeout: 10_000 })
      .toBe(0);
    renders.clear();

    const tokens = pieces(document(1600), 16);
    for (const token of tokens) {
      conversation = reduceConversation(conversation, f.textDelta('live', 'tail', token));
      await screen.rerender(<Conversation conversation={conversation} onRender={onRender} />);
    }

    // The live message also re-renders for its ticking elapsed time and its code highlighting.
    expect(renders.get('live')).toBeGreaterThanOrEqual(tokens.length);
    expect([...renders.keys()]).toEqual(['live']);
    expect(screen.container.querySelectorAll('[data-slot="message"]')).toHaveLength(13);
  });

  it('skips finished messages even when the list hands every <Message> fresh props', async () => {
    const f = createEventFactory('s');
    let conversation = history(f);
    const { reads, view } = readCounter();
    const screen = await render(<PlainList conversation={conversation} view={view} />);
    reads.clear();
    for (const token of pieces(document(800), 8)) {
      conversation = reduceConversation(conversation, f.textDelta('live', 'tail', token));
      await screen.rerender(<PlainList conversation={conversation} view={view} />);
    }
    expect([...reads.keys()]).toEqual(['live']);
  });

  // 625 tokens over a 20 KB text: on a busy machine that takes longer than the default 15 s.
  it(
    'parses only the last block per token, however long the text above it',
    { timeout: 90_000 },
    async () => {
      let parsed = 0;
      const measure = () => (tree: Root) => {
        parsed += textLength(tree);
      };
      const plugins = [measure];
      const view = (text: string) => (
        <TextBlockView block={textBlock(text, { id: 'long' })} streaming rehypePlugins={plugins} />
      );
      const text = document(22_500);
      const head = text.slice(0, 20_000);
      const screen = await render(view(head));
      const perToken: number[] = [];
      let shown = head;
      for (const token of pieces(text.slice(20_000, 22_500), 4)) {
        shown += token;
        parsed = 0;
        await screen.rerender(view(shown));
        perToken.push(parsed);
      }
      // At most the tail block and the chunk of finished blocks it just joined (about 2 KB).
      expect(Math.max(...perToken)).toBeLessThan(4_000);
      expect(screen.container.textContent).toContain(
        `Section ${text.split('## Section').length - 1}`,
      );
    },
  );
});
