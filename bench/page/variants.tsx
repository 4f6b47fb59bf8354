/*
 * The ways of showing the streamed answer, each behind the same interface: `update(i)`
 * applies fragment `i` and commits it synchronously. All of them sit below the same finished
 * `<Message>`, in a column of the same width, inside the same message and text-block frame, so
 * our stylesheet lays every variant out alike.
 */
import * as React from 'react';
import { flushSync } from 'react-dom';
import type { Root } from 'react-dom/client';
import Markdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { Markdown as TanStackMarkdown } from '@tanstack/markdown/react';
import { Streamdown } from 'streamdown';
import type { AgentEvent, Msg, TextBlock } from '../../src/core.js';
import { appendEvent } from '../../src/core.js';
import { Message, TextBlockView } from '../../src/index.js';
import { openReply } from './conversation.js';

/**
 * `tools40`: ours, the reply holding 40 finished tool calls (and their results) before the text;
 * `block`: our `<TextBlockView>` alone, without `<Message>` (a diagnostic for `--profile`);
 * `naive`: react-markdown re-rendering the whole text; `tanstack`: TanStack Markdown, likewise;
 * `floor`: append to the last of many small blocks; `floor-node`: append to one text node.
 */
export type Variant =
  'ours' | 'tools40' | 'block' | 'streamdown' | 'naive' | 'tanstack' | 'floor' | 'floor-node';

export interface StreamRunner {
  /** Applies fragment `i` (fold and commit for ours) synchronously. */
  update(i: number): void;
}

/** The `<MessageList>` component, when the module exists. */
export type MessageListComponent = React.ComponentType<{ messages: Msg[] }>;

const REMARK_PLUGINS = [remarkGfm];

/* -------------------------------------------------------------------------------------------------
 * Frames
 * -----------------------------------------------------------------------------------------------*/

function Column({ finished, children }: { finished: Msg; children: React.ReactNode }) {
  return (
    <div className="bench-column">
      <Message message={finished} />
      {children}
    </div>
  );
}

/**
 * Our message and text-block frame around another renderer's output, as one chunk of ours: the
 * same stylesheet rules (the caret after the last paragraph, the edges) apply to it.
 */
function Frame({ children }: { children: React.ReactNode }) {
  return (
    <article data-slot="message" data-role="assistant" data-status="streaming">
      <div data-slot="message-content">
        <div data-slot="text-block" data-block-type="text" data-streaming="">
          <div data-slot="text-block-content">
            <div data-slot="text-block-chunk" data-caret="block">
              {children}
            </div>
          </div>
        </div>
      </div>
    </article>
  );
}

/* -------------------------------------------------------------------------------------------------
 * Single message
 * -----------------------------------------------------------------------------------------------*/

/** Mounts `variant` (empty) below `finished` and returns its runner. */
export function mountSingle(
  root: Root,
  variant: Variant,
  finished: Msg,
  fragments: readonly string[],
  events: readonly AgentEvent[],
): StreamRunner {
  switch (variant) {
    case 'ours':
    case 'tools40': {
      let msg = openReply(variant === 'tools40' ? 40 : 0);
      const render = () =>
        root.render(
          <Column finished={finished}>
            <Message message={msg} />
          </Column>,
        );
      flushSync(render);
      return {
        update(i) {
          msg = appendEvent(msg, events[i] as AgentEvent);
          flushSync(render);
        },
      };
    }
    case 'block': {
      let msg = openReply();
      const render = () =>
        root.render(
          <Column finished={finished}>
            <article data-slot="message" data-role="assistant" data-status="streaming">
              <div data-slot="message-content">
                <TextBlockView block={msg.content[0] as TextBlock} streaming />
              </div>
            </article>
          </Column>,
        );
      flushSync(render);
      return {
        update(i) {
          msg = appendEvent(msg, events[i] as AgentEvent);
          flushSync(render);
        },
      };
    }
    case 'naive':
    case 'tanstack':
    case 'streamdown': {
      let text = '';
      const render = () =>
        root.render(
          <Column finished={finished}>
            <Frame>
              {variant === 'naive' ? (
                <Markdown remarkPlugins={REMARK_PLUGINS}>{text}</Markdown>
              ) : variant === 'tanstack' ? (
                <TanStackMarkdown>{text}</TanStackMarkdown>
              ) : (
                <Streamdown isAnimating>{text}</Streamdown>
              )}
            </Frame>
          </Column>,
        );
      flushSync(render);
      return {
        update(i) {
          text += fragments[i] as string;
          flushSync(render);
        },
      };
    }
    case 'floor':
      return mountFloor(root, finished, fragments);
    case 'floor-node':
      return mountNodeFloor(root, finished, fragments);
  }
}

/** Renders `finished` and an empty frame; returns the frame's content element. */
function mountEmptyFrame(root: Root, finished: Msg): HTMLDivElement | null {
  let content: HTMLDivElement | null = null;
  flushSync(() =>
    root.render(
      <Column finished={finished}>
        <Frame>
          <div
            ref={(element) => {
              content = element;
            }}
          />
        </Frame>
      </Column>,
    ),
  );
  return content;
}

/**
 * The one-node floor: every fragment appended to one text node in one pre-wrapped block. No
 * parsing, no React, no new nodes; Chromium still lays the whole node out again per update.
 */
function mountNodeFloor(root: Root, finished: Msg, fragments: readonly string[]): StreamRunner {
  const block = document.createElement('p');
  block.className = 'bench-floor-block';
  const text = document.createTextNode('');
  block.append(text);
  mountEmptyFrame(root, finished)?.append(block);
  return {
    update(i) {
      text.appendData(fragments[i] as string);
    },
  };
}

/**
 * The floor: the new fragment appended as a text node to the last block element (a blank line
 * starts a new block). No parsing, no React: the least any renderer can do per update.
 */
function mountFloor(root: Root, finished: Msg, fragments: readonly string[]): StreamRunner {
  const content = mountEmptyFrame(root, finished);
  let block: HTMLElement | null = null;
  const newBlock = () => {
    block = document.createElement('p');
    block.className = 'bench-floor-block';
    content?.append(block);
    return block;
  };
  return {
    update(i) {
      const parts = (fragments[i] as string).split('\n\n');
      parts.forEach((part, index) => {
        const target = index === 0 && block !== null ? block : newBlock();
        if (part !== '') target.append(document.createTextNode(part));
      });
    },
  };
}

/* -------------------------------------------------------------------------------------------------
 * Our message as the last of a conversation in <MessageList>
 * -----------------------------------------------------------------------------------------------*/

/** Mounts `history` plus the open reply in `<MessageList>` and streams into the reply. */
export function mountInList(
  root: Root,
  MessageList: MessageListComponent,
  history: readonly Msg[],
  events: readonly AgentEvent[],
): StreamRunner {
  let msg = openReply();
  const render = () =>
    root.render(
      <div className="bench-list">
        <MessageList messages={[...history, msg]} />
      </div>,
    );
  flushSync(render);
  return {
    update(i) {
      msg = appendEvent(msg, events[i] as AgentEvent);
      flushSync(render);
    },
  };
}
